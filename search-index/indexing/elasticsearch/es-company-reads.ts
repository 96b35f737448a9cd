/**
 * Reads of one company index version for Bevakning's reindex step (docs/decisions/0024): every document's change
 * hash in id order (the change set), and the documents of a few ids (what the percolation and the watched companies'
 * changes need). Both read a concrete index (companies_v<N>), never the alias, so the old version is read before the swap.
 */
import type { Client, estypes } from "@elastic/elasticsearch";
import { z } from "zod";
import { WorksiteRecordSchema } from "#shared/search/result-schemas";
import type { WorksitePlace } from "../worksite-changes";

const HASH_PAGE = 10_000;
const MGET_IDS = 500;

export class MissingHashesError extends Error {
  constructor(index: string) {
    super(`${index} has documents without a change hash (indexed before worksites were hashed): no change set this time`);
    this.name = "MissingHashesError";
  }
}

const HashPageSchema = z.object({
  hits: z.object({
    hits: z.array(
      z.object({
        _source: z.object({ id: z.number(), changeHash: z.number().optional() }),
        sort: z.array(z.unknown()),
      }),
    ),
  }),
});

/**
 * Pages of (id, change hash, id, change hash, …), ids ascending; MissingHashesError when a document has none (an index
 * built before `changeHash` existed: its `sourceHash` leaves the worksites out, so comparing it would be wrong).
 */
export async function* readChangeHashes(client: Client, index: string): AsyncGenerator<Float64Array> {
  let after: unknown[] | undefined;
  for (;;) {
    const response = await client.search({
      index,
      size: HASH_PAGE,
      _source: ["id", "changeHash"],
      track_total_hits: false,
      sort: [{ id: "asc" }],
      ...(after ? { search_after: after as estypes.SortResults } : {}),
    });
    const hits = HashPageSchema.parse(response).hits.hits;
    const pairs = new Float64Array(hits.length * 2);
    hits.forEach((hit, i) => {
      if (hit._source.changeHash === undefined) throw new MissingHashesError(index);
      pairs[2 * i] = hit._source.id;
      pairs[2 * i + 1] = hit._source.changeHash;
    });
    yield pairs;
    if (hits.length < HASH_PAGE) return;
    after = hits[hits.length - 1]?.sort;
  }
}

const MgetSchema = z.object({
  docs: z.array(z.object({ _id: z.string(), found: z.boolean().optional(), _source: z.record(z.string(), z.unknown()).optional() })),
});

/** The company documents of `ids` (without the stored record and detail), by id; unknown ids are left out. */
export async function readCompanyDocuments(
  client: Client,
  index: string,
  ids: readonly number[],
): Promise<Map<number, Record<string, unknown>>> {
  const documents = new Map<number, Record<string, unknown>>();
  for (let at = 0; at < ids.length; at += MGET_IDS) {
    const chunk = ids.slice(at, at + MGET_IDS).map(String);
    const response = await client.mget({ index, ids: chunk, _source_excludes: ["record", "detail"] });
    for (const doc of MgetSchema.parse(response).docs) if (doc.found && doc._source) documents.set(Number(doc._id), doc._source);
  }
  return documents;
}

const WORKSITE_PAGE = 10_000;
const WORKSITE_COMPANIES = 1000;

const WorksitePlaceSchema = WorksiteRecordSchema.pick({
  cfarNo: true,
  name: true,
  careOf: true,
  streetAddress: true,
  zip: true,
  city: true,
  visitingStreetAddress: true,
  visitingZip: true,
  visitingCity: true,
  municipalityCode: true,
  municipalityName: true,
});
const WorksitePageSchema = z.object({
  hits: z.object({
    hits: z.array(z.object({ _source: z.object({ orgSeqNo: z.number(), record: WorksitePlaceSchema }), sort: z.array(z.unknown()) })),
  }),
});

/**
 * The worksites' records of the companies `orgSeqNos` in one worksite index version, by company (the watched
 * companies' worksite lines, worksite-changes.ts); the same records the embedded backend builds from its documents.
 */
export async function readWorksitePlaces(
  client: Client,
  index: string,
  orgSeqNos: readonly number[],
): Promise<Map<number, WorksitePlace[]>> {
  const places = new Map<number, WorksitePlace[]>();
  for (let at = 0; at < orgSeqNos.length; at += WORKSITE_COMPANIES) {
    const query = { terms: { orgSeqNo: orgSeqNos.slice(at, at + WORKSITE_COMPANIES) } };
    for (let after: unknown[] | undefined, full = true; full;) {
      const response = await client.search({
        index,
        size: WORKSITE_PAGE,
        query,
        _source: ["orgSeqNo", "record"],
        track_total_hits: false,
        sort: [{ id: "asc" }],
        ...(after ? { search_after: after as estypes.SortResults } : {}),
      });
      const hits = WorksitePageSchema.parse(response).hits.hits;
      for (const { _source } of hits) places.set(_source.orgSeqNo, [...(places.get(_source.orgSeqNo) ?? []), _source.record]);
      full = hits.length === WORKSITE_PAGE;
      after = hits.at(-1)?.sort;
    }
  }
  return places;
}
