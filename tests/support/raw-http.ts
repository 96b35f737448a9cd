/**
 * A raw HTTP/1.1 client for the fuzzer: node:http to the harness's loopback listener, so paths go out byte for byte
 * (no URL normalisation of "..", "%2e%2e" or bad escapes), bodies may be invalid UTF-8, and a large body may be sent
 * chunked without Content-Length. Loopback only; every request has a deadline.
 */
import http from "node:http";

export interface RawRequest {
  method: string;
  /** Path and query exactly as sent, e.g. "/sapi/details/entity/%2e%2e?x=1". */
  target: string;
  headers: Record<string, string>;
  /** Bytes, a producer of chunks (sent chunked, no Content-Length), or nothing. */
  body?: Uint8Array | { chunks: () => Iterable<Uint8Array> };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
/** Answers larger than this are cut (no API answer of the fuzzed routes comes near it). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export function sendRaw(base: URL, request: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  if (!LOOPBACK.has(base.hostname)) throw new Error(`fuzz traffic goes to loopback only, not ${base.hostname}`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: base.hostname.replace(/^\[|\]$/g, ""),
      port: base.port,
      method: request.method,
      path: request.target,
      headers: { Host: base.host, Connection: "close", ...request.headers },
      timeout: timeoutMs,
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms: ${request.method} ${request.target.slice(0, 200)}`)));
    let answered = false;
    req.on("error", (error) => (answered ? undefined : reject(error)));
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      res.on("error", reject);
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          ms: performance.now() - started,
        }),
      );
    });
    writeBody(req, request.body);
  });
}

/** Bodies above this go out in paced slices (see writeBody). */
const SLICE_BYTES = 1024 * 1024;

function slices(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += SLICE_BYTES) out.push(bytes.subarray(offset, offset + SLICE_BYTES));
  return out;
}

/**
 * Writes the body. A server may answer (413) before it has read a large body and close the connection; a client that
 * keeps writing then gets a reset that can swallow the answer. So large bodies go out a slice at a time, yielding
 * between slices, and writing stops once the answer has begun, as a browser does.
 */
function writeBody(req: http.ClientRequest, body: RawRequest["body"]): void {
  let answered = false;
  req.on("response", () => (answered = true));
  if (body === undefined) return void req.end();
  if (body instanceof Uint8Array && body.length <= SLICE_BYTES) return void req.end(body);
  if (body instanceof Uint8Array) req.setHeader("Content-Length", body.length);
  const chunks = (body instanceof Uint8Array ? slices(body) : body.chunks())[Symbol.iterator]();
  const pump = (): void => {
    if (req.destroyed || req.writableEnded) return;
    const next = answered ? undefined : chunks.next();
    if (next === undefined || next.done) return void req.end();
    if (req.write(next.value)) setTimeout(pump, 2);
    else req.once("drain", () => setTimeout(pump, 2));
  };
  pump();
}
