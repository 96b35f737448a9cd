/**
 * Bevakning's fallback for a cluster without the percolator (docs/decisions/0024): instead of percolating the changed
 * documents against the stored queries, every saved search runs as an ordinary search on one company index version,
 * restricted to the candidates by a `terms` filter on `id`, many searches per `_msearch`. The query is the one the
 * percolator would store (`buildPercolatorQuery`: hard and facet filters, list files left to the reindex), so the
 * matches are the same. Its cost grows with the number of saved searches (each runs once per chunk of candidates and
 * version), which is why the percolator is the plan and this the fallback.
 */
import { errors, type Client } from "@elastic/elasticsearch";
import { z } from "zod";
import { buildPercolatorQuery } from "../../elasticsearch/es-query";
import type { SavedSearchEntry } from "../../elasticsearch/es-saved-searches";

/** Candidate ids per terms filter (and hits per search: all of a chunk fit, within index.max_result_window). */
export const ID_CHUNK = 10_000;
/** Searches per _msearch request. */
export const MSEARCH_SEARCHES = 50;

/** Whether `error` is a cluster refusing the `percolator` field type (its module is not installed). */
export function isPercolatorMissing(error: unknown): boolean {
  if (!(error instanceof errors.ResponseError)) return false;
  const cause = (error.body as { error?: { type?: string; reason?: string } } | undefined)?.error;
  return cause?.type === "mapper_parsing_exception" && /\[percolator\]/.test(cause.reason ?? "");
}

const MsearchSchema = z.object({
  responses: z.array(
    z.union([
      z.object({ hits: z.object({ hits: z.array(z.object({ _id: z.string() })) }) }),
      z.object({ error: z.unknown(), status: z.number().optional() }),
    ]),
  ),
});

/** Saved search id → the ids among `ids` it matches in `index` (a concrete company index version). */
export async function searchCompaniesBatched(
  client: Client,
  index: string,
  entries: readonly SavedSearchEntry[],
  ids: readonly number[],
  options: { chunk?: number; searches?: number } = {},
): Promise<Map<string, Set<number>>> {
  const matches = new Map<string, Set<number>>();
  const [chunkSize, perRequest] = [options.chunk ?? ID_CHUNK, options.searches ?? MSEARCH_SEARCHES];
  for (let at = 0; at < ids.length; at += chunkSize) {
    const chunk = ids.slice(at, at + chunkSize);
    for (let from = 0; from < entries.length; from += perRequest) {
      const batch = entries.slice(from, from + perRequest);
      const searches = batch.flatMap((entry) => [
        { index },
        {
          size: chunk.length,
          _source: false,
          track_total_hits: false,
          query: { bool: { filter: [buildPercolatorQuery(entry.search), { terms: { id: chunk } }] } },
        },
      ]);
      const { responses } = MsearchSchema.parse(await client.msearch({ searches: searches as never }));
      responses.forEach((response, i) => {
        if ("error" in response) throw new Error(`batched search of saved search ${batch[i]?.id}: ${JSON.stringify(response.error)}`);
        if (response.hits.hits.length === 0) return;
        const found = matches.get(batch[i]!.id) ?? new Set<number>();
        for (const hit of response.hits.hits) found.add(Number(hit._id));
        matches.set(batch[i]!.id, found);
      });
    }
  }
  return matches;
}
