/**
 * Worker thread of parse-pool.ts: parses the chunks it is sent and posts the results back, the D1 rows as UTF-8 bytes
 * (transferred, so the main thread neither copies nor encodes them).
 */
import { parentPort } from "node:worker_threads";
import { parseChunk, type ParsedChunk, type SourceKind } from "./parse-chunk";

export interface ChunkJob {
  seq: number;
  kind: SourceKind;
  bytes: Uint8Array;
}

/** A parsed chunk as posted to the pool: the rows encoded. */
export type PostedChunk<F> = Omit<ParsedChunk<never>, "rows" | "facts"> & { rows: Uint8Array<ArrayBuffer>; facts: F[] };

const decoder = new TextDecoder();
const encoder = new TextEncoder();

parentPort?.on("message", (job: ChunkJob) => {
  try {
    const { rows, ...rest } = parseChunk(job.kind, decoder.decode(job.bytes));
    const bytes = encoder.encode(rows);
    parentPort?.postMessage({ seq: job.seq, result: { ...rest, rows: bytes } }, [bytes.buffer]);
  } catch (error) {
    parentPort?.postMessage({ seq: job.seq, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
