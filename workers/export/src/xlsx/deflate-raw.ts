/**
 * Raw DEFLATE (RFC 1951, ZIP method 8) of a stream of chunks, with backpressure: the next input chunk is pulled only
 * when the consumer asks for more output. Two engines: the platform's CompressionStream('deflate-raw') (native zlib
 * in workerd and Node) and fflate (pure JavaScript, synchronous, level configurable).
 */
import { Deflate } from "fflate";

export type DeflateEngine = "native" | "fflate";

export function deflateRaw(source: AsyncIterable<Uint8Array>, engine: DeflateEngine): AsyncIterable<Uint8Array> {
  return engine === "native" ? deflateNative(source) : deflateFflate(source);
}

async function* deflateFflate(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = [];
  const deflate = new Deflate({ level: 6, mem: 8 }, (data) => pending.push(data));
  for await (const chunk of source) {
    deflate.push(chunk);
    if (pending.length > 0) {
      const out = pending;
      pending = [];
      yield* out;
    }
  }
  deflate.push(new Uint8Array(0), true);
  yield* pending;
}

/**
 * Drives CompressionStream by hand rather than with pipeThrough: a feeder writes input as the stream asks for it while
 * this generator reads output, and when the consumer stops early the feeder stops pulling and closes the source
 * (with pipeThrough, Node keeps draining the source after the output side is cancelled).
 */
async function* deflateNative(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  // The DOM and Workers typings disagree on CompressionStream's chunk types; at runtime it takes and yields bytes.
  const stream = new CompressionStream("deflate-raw") as unknown as TransformStream<Uint8Array, Uint8Array>;
  const reader = stream.readable.getReader();
  const control = { stopped: false };
  const feeding = feed(source, stream.writable.getWriter(), control);
  feeding.catch(() => undefined); // awaited below; its error also reaches the reader
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield value;
    }
    await feeding;
  } finally {
    control.stopped = true;
    await reader.cancel().catch(() => undefined);
  }
}

async function feed(source: AsyncIterable<Uint8Array>, writer: WritableStreamDefaultWriter<Uint8Array>, control: { stopped: boolean }) {
  try {
    for await (const chunk of source) {
      await writer.ready;
      if (control.stopped) return;
      writer.write(chunk).catch(() => undefined); // failures surface through `ready` and the reader
    }
    if (!control.stopped) await writer.close();
  } catch (error) {
    await writer.abort(error).catch(() => undefined);
    throw error;
  }
}

/** A pull-based ReadableStream over an async iterable; cancelling the stream ends the iterator. */
export function toReadableStream(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel(reason) {
        await iterator.return?.(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
