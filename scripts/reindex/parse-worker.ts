/** Worker thread of parse-pool.ts: parses the chunks it is sent and posts the results back. */
import { parentPort } from "node:worker_threads";
import { parseChunk, type SourceKind } from "./parse-chunk";

export interface ChunkJob {
  seq: number;
  kind: SourceKind;
  bytes: Uint8Array;
}

const decoder = new TextDecoder();

parentPort?.on("message", (job: ChunkJob) => {
  try {
    parentPort?.postMessage({ seq: job.seq, result: parseChunk(job.kind, decoder.decode(job.bytes)) });
  } catch (error) {
    parentPort?.postMessage({ seq: job.seq, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
