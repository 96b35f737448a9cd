/** Reads a local state's search index bookkeeping: the live version, version rows, document tables, snapshots. */
import { CURRENT_VERSION_SQL, snapshotKey } from "#search-index/engine";
import { LocalLoader } from "#scripts/reindex/local-loader";

export interface IndexState {
  current: number | null;
  versionRows: number[];
  /** Versions that have document tables. */
  tableVersions: number[];
  /** Of the versions named above (and `alsoCheck`), those whose snapshot object exists in R2. */
  snapshots: number[];
}

const TABLE_VERSIONS_SQL =
  "SELECT DISTINCT CAST(substr(name, 12) AS INTEGER) AS version FROM sqlite_master WHERE type = 'table' AND (name GLOB 'companies_v[0-9]*' OR name GLOB 'worksites_v[0-9]*') ORDER BY 1";

/** One local runtime on the state, opened once per run (opening costs seconds); it reads what other processes write. */
export class IndexStateProbe {
  private constructor(private readonly loader: LocalLoader) {}

  static async open(stateDir: string): Promise<IndexStateProbe> {
    return new IndexStateProbe(await LocalLoader.open(stateDir));
  }

  async read(alsoCheck: readonly number[] = []): Promise<IndexState> {
    const [current, rows, tables] = await this.loader.sql<{ version: number }>([
      { sql: CURRENT_VERSION_SQL, params: [] },
      { sql: "SELECT version FROM index_versions ORDER BY version", params: [] },
      { sql: TABLE_VERSIONS_SQL, params: [] },
    ]);
    const versionRows = (rows ?? []).map((r) => r.version);
    const tableVersions = (tables ?? []).map((r) => r.version);
    const snapshots: number[] = [];
    for (const version of new Set([...versionRows, ...tableVersions, ...alsoCheck])) {
      if (await this.loader.getObject(snapshotKey(version))) snapshots.push(version);
    }
    return { current: current?.[0]?.version ?? null, versionRows, tableVersions, snapshots: snapshots.sort((a, b) => a - b) };
  }

  close(): Promise<void> {
    return this.loader.dispose();
  }
}
