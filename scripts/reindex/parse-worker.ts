/**
 * Worker thread of parse-pool.ts: parses the chunks it is sent and posts the results back as transferred buffers: the
 * D1 rows in UTF-8 (the main thread neither copies nor encodes them) and the column facts as one batch of typed arrays
 * (fact-batch.ts: nothing to deserialise on the main thread, and facts that wait for the companies sit outside the
 * garbage-collected heap).
 */
import { parentPort } from "node:worker_threads";
import {
  batchBuffers,
  type CompanyBatch,
  CompanyBatchWriter,
  type CompanyFacts,
  createBuildContext,
  parseChunk,
  type ParsedChunk,
  type SourceKind,
  type WorksiteBatch,
  WorksiteBatchWriter,
  type WorksiteFacts,
} from "#search-index/indexing";

export interface ChunkJob {
  seq: number;
  kind: SourceKind;
  bytes: Uint8Array;
}

export interface BatchOf {
  company: CompanyBatch;
  worksite: WorksiteBatch;
}

/** A parsed chunk as posted to the pool: rows as UTF-8 bytes, the column facts of its `records` records as a batch. */
export type PostedChunk<B> = Omit<ParsedChunk<never>, "rows" | "facts"> & {
  rows: Uint8Array<ArrayBuffer>;
  batch: B;
  records: number;
};

const encoder = new TextEncoder();
const context = createBuildContext();

function batchOf(kind: SourceKind, facts: ParsedChunk<SourceKind>["facts"]): CompanyBatch | WorksiteBatch {
  if (kind === "company") {
    const writer = new CompanyBatchWriter(context);
    for (const f of facts) writer.add(f as CompanyFacts);
    return writer.finish();
  }
  const writer = new WorksiteBatchWriter(context);
  for (const f of facts) writer.add(f as WorksiteFacts);
  return writer.finish();
}

parentPort?.on("message", (job: ChunkJob) => {
  try {
    const { rows, facts, ...rest } = parseChunk(job.kind, job.bytes);
    const bytes = encoder.encode(rows);
    const batch = batchOf(job.kind, facts);
    const result = { ...rest, rows: bytes, batch, records: batch.count };
    parentPort?.postMessage({ seq: job.seq, result }, [bytes.buffer, ...batchBuffers(batch), rest.hashes.buffer]);
  } catch (error) {
    parentPort?.postMessage({ seq: job.seq, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
