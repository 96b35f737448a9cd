/**
 * Warming a new index version right after the alias swap (docs/decisions/0044): the start page's searches (the
 * default search of both result types, and each county and industry section link) and any further searches the
 * operator names are run once through the production backend pinned to the new version, so their counts sit in the
 * shard request cache and the facet fields' global ordinals are built before the first subscriber asks. A failed
 * warming search is logged and skipped: the version already serves.
 */
import type { Client } from "@elastic/elasticsearch";
import { type Search } from "#shared/search/search-schema";
import { emptySearch } from "#shared/search/empty-search";
import type { ResultType } from "#shared/search/search-fields";
import { describeError, log } from "#shared/log";
import { counties, sniTree } from "../refdata";
import { parseSearch, type ValidSearch } from "../search-model";
import { ElasticsearchBackend } from "./es-backend";
import type { EsNames } from "./es-fields";

const RESULT_TYPES: readonly ResultType[] = ["COMPANY", "WORKSITE"];

/** The searches behind the start page's links (app/lib/search-launch.ts searchForCodes), as the API receives them. */
export function startPageSearches(): ValidSearch[] {
  const searches: Search[] = [];
  for (const type of RESULT_TYPES) {
    searches.push(emptySearch(type));
    for (const section of sniTree) searches.push({ ...emptySearch(type), codeSet: { sni: [section.code] } });
    for (const county of counties) searches.push({ ...emptySearch(type), codeSet: { location: [county.code] } });
  }
  return searches.map((search) => parseSearch(search));
}

export interface WarmReport {
  searches: number;
  failed: number;
  ms: number;
}

/** Runs `searches` (default: the start page's) once each on `version`, two at a time. */
export async function warmVersion(
  client: Client,
  names: EsNames,
  version: number,
  searches: readonly ValidSearch[] = startPageSearches(),
): Promise<WarmReport> {
  const started = Date.now();
  const unpinned = new ElasticsearchBackend(client, names);
  // Right after the swap the aliases name `version`; a later reindex that moved them meanwhile has its own warming.
  const live = await unpinned.resolveLive();
  if (live.version !== version) return { searches: 0, failed: 0, ms: Date.now() - started };
  const backend = unpinned.pinnedTo(live);
  let failed = 0;
  const queue = [...searches];
  const worker = async () => {
    for (let search = queue.shift(); search; search = queue.shift()) {
      await backend.search(search).catch((error: unknown) => {
        failed++;
        log("warn", "warming search failed", { version, ...describeError(error) });
      });
    }
  };
  await Promise.all([worker(), worker()]);
  return { searches: searches.length, failed, ms: Date.now() - started };
}
