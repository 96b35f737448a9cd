/**
 * A pool of worker threads that parse and validate a source NDJSON file in chunks of whole lines, in parallel, and
 * hand back the results in file order (so the index sees records in exactly the order of the file). The thread that
 * reads the file only cuts it at line ends; a bad line is reported as file:line.
 */
import { createReadStream } from "node:fs";
import os from "node:os";
import { deserialize } from "node:v8";
import { Worker } from "node:worker_threads";
import type { FactsOf, SourceKind } from "./parse-chunk";
import type { ChunkJob, PostedChunk } from "./parse-worker";
import { SourceError } from "./source-reader";

const CHUNK_BYTES = 4 << 20;

type Reply = { seq: number; result?: PostedChunk<unknown>; failure?: string };

/** Chunks of whole lines (the last one may lack its newline), each in its own transferable buffer. */
async function* lineChunks(file: string, chunkBytes: number): AsyncGenerator<Uint8Array> {
  let carry: Uint8Array = new Uint8Array(0);
  for await (const read of createReadStream(file, { highWaterMark: chunkBytes })) {
    const data = read as Buffer;
    const end = data.lastIndexOf(10);
    if (end < 0) {
      carry = concat(carry, data);
      continue;
    }
    yield concat(carry, data.subarray(0, end + 1));
    carry = Uint8Array.from(data.subarray(end + 1));
  }
  if (carry.length > 0) yield carry;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** The column facts of a parsed chunk. */
export const chunkFacts = <F>(chunk: PostedChunk<F>): F[] => deserialize(chunk.facts) as F[];

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
      const worker = new Worker(new URL("./parse-worker-entry.mjs", import.meta.url));
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

  /** Parsed chunks of `file` in file order; throws SourceError (file:line) at the first invalid line. */
  async *parse<K extends SourceKind>(file: string, kind: K): AsyncGenerator<PostedChunk<FactsOf[K]>> {
    const queue: Promise<Reply>[] = [];
    let lineNo = 0;
    const take = async (): Promise<PostedChunk<FactsOf[K]>> => {
      const reply = await (queue.shift() as Promise<Reply>);
      if (reply.failure !== undefined || !reply.result) throw new Error(`parsing ${file}: ${reply.failure}`);
      const chunk = reply.result as PostedChunk<FactsOf[K]>;
      if (chunk.error) throw new SourceError(`${file}:${lineNo + chunk.error.line}: ${chunk.error.message}`);
      lineNo += chunk.lines;
      return chunk;
    };
    for await (const bytes of lineChunks(file, this.chunkBytes)) {
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
