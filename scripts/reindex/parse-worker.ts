/**
 * Worker thread of parse-pool.ts: parses the chunks it is sent and posts the results back as transferred bytes: the D1
 * rows in UTF-8 (the main thread neither copies nor encodes them) and the column facts v8-serialised (deserialised
 * when the index takes them, so facts that wait for the companies sit outside the garbage-collected heap).
 */
import { serialize } from "node:v8";
import { parentPort } from "node:worker_threads";
import { parseChunk, type ParsedChunk, type SourceKind } from "./parse-chunk";

export interface ChunkJob {
  seq: number;
  kind: SourceKind;
  bytes: Uint8Array;
}

/** A parsed chunk as posted to the pool: rows and facts as bytes (see chunkFacts), `records` of them. */
export type PostedChunk<F> = Omit<ParsedChunk<never>, "rows" | "facts"> & {
  rows: Uint8Array<ArrayBuffer>;
  facts: Uint8Array<ArrayBuffer> & { readonly __facts?: F };
  records: number;
};

const encoder = new TextEncoder();

/** A copy in an ArrayBuffer of its own (v8.serialize may answer a view into a shared pool), made with one memcpy. */
function ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

parentPort?.on("message", (job: ChunkJob) => {
  try {
    const { rows, facts, ...rest } = parseChunk(job.kind, job.bytes);
    const bytes = encoder.encode(rows);
    const serialized = ownBytes(serialize(facts));
    const result = { ...rest, rows: bytes, facts: serialized, records: facts.length };
    parentPort?.postMessage({ seq: job.seq, result }, [bytes.buffer, serialized.buffer, rest.hashes.buffer]);
  } catch (error) {
    parentPort?.postMessage({ seq: job.seq, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
