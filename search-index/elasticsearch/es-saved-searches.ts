/**
 * Bevakning's percolator index (docs/decisions/0024): every saved search as a stored query in `saved_searches`, kept
 * in step by the API (after each D1 write) and resynced in full by every Elasticsearch reindex; after the bulk load
 * the reindex percolates the changed companies' old and new documents against it, in batches, to learn which saved
 * searches each document matches.
 */
import type { Client, estypes } from "@elastic/elasticsearch";
import { z } from "zod";
import type { EsNames } from "./es-fields";
import { COMPANY_MAPPINGS, INDEX_SETTINGS } from "./es-mappings";
import type { ValidSearch } from "../search-model";
import { buildPercolatorQuery } from "./es-query";

/**
 * The stored queries beside every company field: a percolated document is parsed with this index's mapping, so it
 * must know each field a company document has (strict, like the company index: an unknown field is an error).
 */
export const SAVED_SEARCH_MAPPINGS = {
  dynamic: "strict",
  properties: {
    ...COMPANY_MAPPINGS.properties,
    query: { type: "percolator" },
    savedSearchId: { type: "keyword" },
    userId: { type: "keyword" },
  },
} as const;

export const SAVED_SEARCH_SETTINGS = { number_of_shards: 1, analysis: INDEX_SETTINGS.analysis };

/**
 * Company document fields a percolation does not need (stored only, or the facet count keys no saved query reads):
 * left out of the percolated documents, so a saved-search index made before a field existed still takes them.
 */
export const UNPERCOLATED_FIELDS = ["record", "detail", "source", "sourceHash", "changeHash", "facetKeys"] as const;

/** Documents per percolate request (docs/decisions/0024: 31 000 changed ids ≈ 60 requests per side). */
export const PERCOLATE_BATCH = 500;
const MATCH_PAGE = 1000;
const BULK_ENTRIES = 1000;

export interface SavedSearchEntry {
  id: string;
  userId: string;
  search: ValidSearch;
}

export function savedSearchDocument(entry: SavedSearchEntry) {
  return { savedSearchId: entry.id, userId: entry.userId, query: buildPercolatorQuery(entry.search) };
}

const alreadyExists = (error: unknown) =>
  (error as { meta?: { body?: { error?: { type?: string } } } }).meta?.body?.error?.type === "resource_already_exists_exception";

async function createSavedSearchIndex(client: Client, index: string): Promise<void> {
  try {
    await client.indices.create({ index, settings: SAVED_SEARCH_SETTINGS as never, mappings: SAVED_SEARCH_MAPPINGS as never });
  } catch (error) {
    if (!alreadyExists(error)) throw error;
  }
}

const errorType = (error: unknown) => (error as { meta?: { body?: { error?: { type?: string } } } }).meta?.body?.error?.type;

/**
 * Creates the index when it is missing; otherwise adds fields the company mapping gained since. A field whose analysis
 * changed (the free-text fields, docs/decisions/0033) cannot be altered in place: then the index is made anew, which
 * loses nothing, as every caller of this (resyncSavedSearches) writes every query next.
 */
export async function ensureSavedSearchIndex(client: Client, names: EsNames): Promise<void> {
  const index = names.savedSearches;
  if (await client.indices.exists({ index })) {
    try {
      await client.indices.putMapping({ index, properties: SAVED_SEARCH_MAPPINGS.properties as never });
      return;
    } catch (error) {
      if (!["illegal_argument_exception", "mapper_parsing_exception"].includes(errorType(error) ?? "")) throw error;
      await client.indices.delete({ index });
    }
  }
  await createSavedSearchIndex(client, index);
}

/**
 * Stores (or replaces) one saved search's query; idempotent by id. The index is created first when missing: indexing
 * into a missing index would create it with dynamic mappings, where `query` is no percolator.
 */
export async function putSavedSearch(client: Client, names: EsNames, entry: SavedSearchEntry): Promise<void> {
  const index = names.savedSearches;
  if (!(await client.indices.exists({ index }))) await createSavedSearchIndex(client, index);
  await client.index({ index, id: entry.id, document: savedSearchDocument(entry) });
}

/** Removes one saved search's query; a missing one (or index) is not an error. */
export async function removeSavedSearch(client: Client, names: EsNames, id: string): Promise<void> {
  await client.delete({ index: names.savedSearches, id }, { ignore: [404] });
}

const IdPageSchema = z.object({
  hits: z.object({ hits: z.array(z.object({ _id: z.string(), sort: z.array(z.unknown()).optional() })) }),
});

async function storedIds(client: Client, names: EsNames): Promise<string[]> {
  const ids: string[] = [];
  let after: unknown[] | undefined;
  for (;;) {
    const response = await client.search({
      index: names.savedSearches,
      size: MATCH_PAGE,
      _source: false,
      track_total_hits: false,
      sort: [{ savedSearchId: "asc" }],
      ...(after ? { search_after: after as estypes.SortResults } : {}),
    });
    const hits = IdPageSchema.parse(response).hits.hits;
    ids.push(...hits.map((hit) => hit._id));
    if (hits.length < MATCH_PAGE) return ids;
    after = hits[hits.length - 1]?.sort;
  }
}

async function bulk(client: Client, operations: unknown[]): Promise<void> {
  if (operations.length === 0) return;
  const response = await client.bulk({ operations: operations as never });
  if (!response.errors) return;
  const failed = response.items.map((item) => Object.values(item)[0]).filter((result) => result?.error && result.status !== 404);
  if (failed.length > 0) throw new Error(`${failed.length} saved-search updates failed, first: ${JSON.stringify(failed[0]?.error)}`);
}

/**
 * Makes the index hold exactly `entries` (the app database's saved searches): every query written again (a changed
 * query or mapping heals), every other one deleted, then refreshed for the percolation that follows.
 */
export async function resyncSavedSearches(client: Client, names: EsNames, entries: readonly SavedSearchEntry[]) {
  await ensureSavedSearchIndex(client, names);
  const index = names.savedSearches;
  const wanted = new Set(entries.map((entry) => entry.id));
  const stale = (await storedIds(client, names)).filter((id) => !wanted.has(id));
  for (let at = 0; at < entries.length; at += BULK_ENTRIES) {
    const chunk = entries.slice(at, at + BULK_ENTRIES);
    await bulk(
      client,
      chunk.flatMap((entry) => [{ index: { _index: index, _id: entry.id } }, savedSearchDocument(entry)]),
    );
  }
  for (let at = 0; at < stale.length; at += BULK_ENTRIES) {
    await bulk(
      client,
      stale.slice(at, at + BULK_ENTRIES).map((id) => ({ delete: { _index: index, _id: id } })),
    );
  }
  await client.indices.refresh({ index });
  return { stored: entries.length, deleted: stale.length };
}

const PercolatePageSchema = z.object({
  hits: z.object({
    hits: z.array(
      z.object({
        _id: z.string(),
        sort: z.array(z.unknown()).optional(),
        fields: z.object({ _percolator_document_slot: z.array(z.number().int().nonnegative()) }),
      }),
    ),
  }),
});

export interface PercolateOptions {
  /** Documents per percolate request (default PERCOLATE_BATCH). */
  batch?: number;
  /** Matching saved searches per page of the answer (default 1000). */
  page?: number;
}

/** One percolate request's matches, every page: saved search id → slots of the documents it matches. */
async function percolateBatch(client: Client, names: EsNames, documents: readonly Record<string, unknown>[], page: number) {
  const slots = new Map<string, number[]>();
  let after: unknown[] | undefined;
  for (;;) {
    const response = await client.search({
      index: names.savedSearches,
      size: page,
      _source: false,
      track_total_hits: false,
      query: { percolate: { field: "query", documents: documents as unknown[] } },
      sort: [{ savedSearchId: "asc" }],
      ...(after ? { search_after: after as estypes.SortResults } : {}),
    });
    const hits = PercolatePageSchema.parse(response).hits.hits;
    for (const hit of hits) slots.set(hit._id, hit.fields._percolator_document_slot);
    if (hits.length < page) return slots;
    after = hits[hits.length - 1]?.sort;
  }
}

/** Company documents (as indexed) → saved search id → ids of the documents it matches. */
export async function percolateCompanies(
  client: Client,
  names: EsNames,
  documents: readonly Record<string, unknown>[],
  options: PercolateOptions = {},
): Promise<Map<string, Set<number>>> {
  const matches = new Map<string, Set<number>>();
  const size = options.batch ?? PERCOLATE_BATCH;
  for (let at = 0; at < documents.length; at += size) {
    const batch = documents.slice(at, at + size);
    const lean = batch.map((doc) => Object.fromEntries(Object.entries(doc).filter(([key]) => !UNPERCOLATED_FIELDS.includes(key as never))));
    for (const [id, slots] of await percolateBatch(client, names, lean, options.page ?? MATCH_PAGE)) {
      const ids = matches.get(id) ?? new Set<number>();
      for (const slot of slots) ids.add(Number(batch[slot]?.id));
      matches.set(id, ids);
    }
  }
  return matches;
}
