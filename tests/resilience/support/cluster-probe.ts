/** Reads a search cluster's index bookkeeping over HTTP: the version the aliases name, and every version's indices. */
import { z } from "zod";

export interface ClusterIndexState {
  /** The version the `companies` alias names (null: no alias). */
  current: number | null;
  /** The version the `worksites` alias names. */
  worksitesCurrent: number | null;
  /** Versions with a companies or worksites index. */
  versions: number[];
}

const AliasesSchema = z.record(z.string(), z.object({ aliases: z.record(z.string(), z.unknown()).optional() }).loose());
const versionOf = (index: string) => Number(/_v(\d+)$/.exec(index)?.[1] ?? Number.NaN);

export class ClusterStateProbe {
  constructor(private readonly url: string) {}

  async read(): Promise<ClusterIndexState> {
    const response = await fetch(`${this.url}/companies_v*,worksites_v*/_alias?allow_no_indices=true&expand_wildcards=all`);
    if (!response.ok) throw new Error(`the cluster answered ${response.status} for its aliases`);
    const indices = AliasesSchema.parse(await response.json());
    const owner = (alias: string) => {
      const named = Object.entries(indices).filter(([, entry]) => alias in (entry.aliases ?? {}));
      return named.length === 1 && named[0] ? versionOf(named[0][0]) : null;
    };
    const versions = [...new Set(Object.keys(indices).map(versionOf))].filter(Number.isFinite).sort((a, b) => a - b);
    return { current: owner("companies"), worksitesCurrent: owner("worksites"), versions };
  }
}
