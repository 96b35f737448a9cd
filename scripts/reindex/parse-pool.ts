/**
 * A pool of worker threads that parse and validate a source NDJSON file in chunks of whole lines, in parallel, and
 * hand back the results in file order (so the index sees records in exactly the order of the file). The thread that
 * reads the file only cuts it at line ends; a bad line is reported as file:line.
 */
import { open } from "node:fs/promises";
import os from "node:os";
import { Worker } from "node:worker_threads";
import type { SourceKind } from "#search-index/indexing";
import type { BatchOf, ChunkJob, PostedChunk } from "./parse-worker";
import { SourceError } from "./source-reader";

const CHUNK_BYTES = 4 << 20;

/**
 * A thread's live data is one chunk and its results (tens of MB), but every chunk also leaves strings and buffers of
 * several MB that only a full collection frees; left to itself V8 let each thread's heap grow to hundreds of MB before
 * collecting. A small old generation makes it collect early (cheaply: little is live), which keeps the reindex's
 * resident memory down (docs/decisions/0025): 128 MB (256 MB gave a 100 MB higher peak at 300 000 companies; 64 MB
 * another 150 MB less for about 9 % more CPU, docs/decisions/0028). The young generation is 48 MB (was 16 MB): nearly
 * everything a record makes (its parsed object, zod's copy, the packed row) dies young, so fewer, larger scavenges
 * copy no more live data; at full Sweden the collector's CPU fell from 27–33 s to 23–24 s with the peak unchanged
 * (2 284–2 419 MB before, 2 358–2 385 MB after; docs/benchmarks/history.md 2026-11-26 04:24).
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 48 };

type Reply = { seq: number; result?: PostedChunk<unknown>; failure?: string };

/**
 * Chunks of whole lines (the last one may lack its newline), each in its own transferable buffer. The file is read
 * straight into the buffer that is handed on, after the previous read's partial last line: one fresh buffer per
 * chunk (a read stream's own buffer plus a joined copy cost twice the page faults, seconds at full size).
 */
async function* lineChunks(file: string, chunkBytes: number): AsyncGenerator<Uint8Array> {
  const handle = await open(file, "r");
  try {
    let carry: Uint8Array = new Uint8Array(0);
    for (;;) {
      const buffer = new Uint8Array(carry.length + chunkBytes);
      buffer.set(carry, 0);
      const { bytesRead } = await handle.read(buffer, carry.length, chunkBytes, null);
      const filled = carry.length + bytesRead;
      if (bytesRead === 0) {
        if (filled > 0) yield buffer.subarray(0, filled);
        return;
      }
      const end = buffer.lastIndexOf(10, filled - 1);
      if (end < 0) {
        carry = buffer.subarray(0, filled);
        continue;
      }
      carry = buffer.slice(end + 1, filled);
      yield buffer.subarray(0, end + 1);
    }
  } finally {
    await handle.close();
  }
}

export class ParsePool {
  private readonly workers: Worker[];
  private readonly waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  private nextSeq = 0;
  private readonly chunkBytes: number;

  /** `threads`: parser threads (default one per core); `chunkBytes`: bytes read per chunk. */
  constructor(options: { threads?: number; chunkBytes?: number } = {}) {
    const threads = options.threads ?? Math.max(1, os.availableParallelism());
    this.chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
    this.workers = Array.from({ length: threads }, () => {
      const worker = new Worker(new URL("./parse-worker-entry.mjs", import.meta.url), { resourceLimits: WORKER_LIMITS });
      worker.on("message", (reply: Reply) => {
        this.waiting.get(reply.seq)?.resolve(reply);
        this.waiting.delete(reply.seq);
      });
      worker.on("error", (error) => this.failAll(error));
      return worker;
    });
  }

  private failAll(error: Error) {
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }

  private submit(kind: SourceKind, bytes: Uint8Array): Promise<Reply> {
    const seq = this.nextSeq++;
    const worker = this.workers[seq % this.workers.length] as Worker;
    const reply = new Promise<Reply>((resolve, reject) => this.waiting.set(seq, { resolve, reject }));
    reply.catch(() => {}); // awaited in order by parse(); a failure after it stopped reading is not unhandled
    worker.postMessage({ seq, kind, bytes } satisfies ChunkJob, [bytes.buffer as ArrayBuffer]);
    return reply;
  }

  /**
   * Parsed chunks of `file` in file order; throws SourceError (file:line) at the first invalid line. `chunkBytes`:
   * bytes read per chunk of this file (default: the pool's).
   */
  async *parse<K extends SourceKind>(file: string, kind: K, chunkBytes = this.chunkBytes): AsyncGenerator<PostedChunk<BatchOf[K]>> {
    const queue: Promise<Reply>[] = [];
    let lineNo = 0;
    const take = async (): Promise<PostedChunk<BatchOf[K]>> => {
      const reply = await (queue.shift() as Promise<Reply>);
      if (reply.failure !== undefined || !reply.result) throw new Error(`parsing ${file}: ${reply.failure}`);
      const chunk = reply.result as PostedChunk<BatchOf[K]>;
      if (chunk.error) throw new SourceError(`${file}:${lineNo + chunk.error.line}: ${chunk.error.message}`);
      lineNo += chunk.lines;
      return chunk;
    };
    for await (const bytes of lineChunks(file, chunkBytes)) {
      queue.push(this.submit(kind, bytes));
      if (queue.length > this.workers.length * 2) yield await take();
    }
    while (queue.length > 0) yield await take();
  }

  /** Stops the threads; chunks still pending fail. */
  async close(): Promise<void> {
    this.failAll(new Error("parse pool closed"));
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
