/**
 * Reading a request body with a byte cap that holds whether or not the client sent Content-Length: bytes past the cap
 * are never kept, so a 50 MB body costs at most the cap in memory. A refused body is still read to its end and
 * dropped before the refusal goes out: answering while the web worker is still forwarding the body through the
 * service binding breaks the forwarding ("Network connection lost", a bare 500) instead of delivering the 413. The
 * platform caps request bodies (100 MB), which bounds that drain.
 */
import type { AppError } from "#shared/errors";

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  for (;;) if ((await reader.read()).done) return;
}

export async function readCappedBytes(request: Request, maxBytes: number, tooLarge: () => AppError): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) {
    await discardRest(reader);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await discardRest(reader);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return joinChunks(chunks, size);
}

/** Chunks read from a stream as one array of `size` bytes. */
export function joinChunks(chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The capped body decoded as UTF-8 (invalid sequences become U+FFFD, a leading BOM is dropped, as Request.text()). */
export async function readCappedText(request: Request, maxBytes: number, tooLarge: () => AppError): Promise<string> {
  return new TextDecoder().decode(await readCappedBytes(request, maxBytes, tooLarge));
}
