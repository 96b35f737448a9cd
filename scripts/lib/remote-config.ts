/**
 * What the operator CLIs' `--remote` reads from the API worker's wrangler config for an environment (default
 * [env.production], the one `npm run deploy` deploys): the D1 database ids, the queue a producer binding names, an R2
 * binding's bucket and a var. A placeholder left in the config is refused with the line to fill in.
 */
import { unstable_readConfig } from "wrangler";
import { API_CONFIG } from "./local-bindings";

export type RemoteConfig = ReturnType<typeof unstable_readConfig>;

export function readRemoteConfig(environment: string): RemoteConfig {
  return unstable_readConfig({ config: API_CONFIG, env: environment }, { hideWarnings: true });
}

/** The database id of D1 binding `binding` in the environment. */
export function remoteDatabaseId(config: RemoteConfig, binding: "DB" | "SEARCH_DB", environment: string): string {
  const database = config.d1_databases.find((d: { binding: string }) => d.binding === binding);
  if (!database?.database_id || database.database_id.startsWith("REPLACE"))
    throw new Error(`set database_id of the ${binding} binding in [env.${environment}] of workers/api/wrangler.toml`);
  return database.database_id;
}

/** The queue the producer binding `binding` sends to in the environment. */
export function remoteQueueName(config: RemoteConfig, binding: string, environment: string): string {
  const producer = config.queues.producers?.find((p: { binding: string }) => p.binding === binding);
  if (!producer?.queue) throw new Error(`no queue producer ${binding} in [env.${environment}] of workers/api/wrangler.toml`);
  return producer.queue;
}

/** The bucket the R2 binding `binding` names in the environment. */
export function remoteBucketName(config: RemoteConfig, binding: string, environment: string): string {
  const bucket = config.r2_buckets.find((b: { binding: string }) => b.binding === binding);
  if (!bucket?.bucket_name) throw new Error(`no R2 bucket ${binding} in [env.${environment}] of workers/api/wrangler.toml`);
  return bucket.bucket_name;
}

/** A string var of the environment, or null when it is not set. */
export function remoteVar(config: RemoteConfig, name: string): string | null {
  const value = (config.vars as Record<string, unknown>)[name];
  return typeof value === "string" && value !== "" ? value : null;
}
