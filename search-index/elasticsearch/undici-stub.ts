/**
 * Stands in for `undici` in Worker bundles ([alias] in the workers' wrangler.toml): the Elasticsearch transport
 * imports it for its default connection, which Workers replace with FetchConnection.
 */
const unavailable = () => {
  throw new Error("undici is not available in a Worker; the Elasticsearch backend uses FetchConnection");
};

export class Pool {
  constructor() {
    unavailable();
  }
}

export const buildConnector = unavailable;
export default { Pool, buildConnector };
