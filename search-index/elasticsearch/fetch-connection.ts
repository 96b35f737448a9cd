/**
 * A fetch-based Connection for the official Elasticsearch client, for Workers (the default undici connection cannot
 * run there: "Wasm code generation disallowed by embedder"). Also works in Node, which has fetch. Each request is
 * limited to the client's requestTimeout (per use, ./es-client.ts), answer body included.
 */
import { BaseConnection, errors } from "@elastic/elasticsearch";

type RequestParams = Parameters<BaseConnection["request"]>[0];
type RequestOptions = Parameters<BaseConnection["request"]>[1];

const DROPPED_HEADERS = new Set(["content-length", "connection", "keep-alive", "transfer-encoding", "host"]);

/**
 * fetch's failure as the client's error type, which decides whether the transport and withRetries (./es-client.ts) try
 * again: TimeoutError (never retried), RequestAbortedError (the caller's signal), ConnectionError (refused, reset, lost:
 * retried). The message names the cause (Node's fetch says only "fetch failed").
 */
function transportErrorOf(error: unknown, timeoutMs: number): Error {
  // By name: the runtimes' DOMException is not always an Error subclass.
  const { name, message, cause } = (error ?? {}) as { name?: unknown; message?: unknown; cause?: { message?: unknown } };
  if (name === "TimeoutError") return new errors.TimeoutError(`Request timed out after ${timeoutMs} ms`);
  if (name === "AbortError") return new errors.RequestAbortedError("Request aborted");
  const why = typeof cause?.message === "string" ? ` (${cause.message})` : "";
  return new errors.ConnectionError(`${typeof message === "string" ? message : String(error)}${why}`);
}

/**
 * Both engines answer every error in JSON. A 5xx that is not JSON came from something on the way (a load balancer, or
 * the local Workers runtime's outbound proxy, which turns a refused or dropped connection into 500 "TypeError: fetch
 * failed" where production rejects the fetch): a ConnectionError like the rejection, so it is tried again likewise.
 */
const isJson = (response: Response) => /json/i.test(response.headers.get("content-type") ?? "");

export class FetchConnection extends BaseConnection {
  // The client calls request() without asStream for every API this backend uses.
  override async request(params: RequestParams, options: RequestOptions): Promise<never> {
    const prefix = this.url.pathname === "/" ? "" : this.url.pathname.replace(/\/$/, "");
    const path = `${prefix}${params.path.startsWith("/") ? "" : "/"}${params.path}`;
    const url = `${this.url.origin}${path}${params.querystring ? `?${params.querystring}` : ""}`;
    const headers = new Headers();
    for (const [name, value] of Object.entries({ ...this.headers, ...params.headers })) {
      if (value === undefined || DROPPED_HEADERS.has(name.toLowerCase())) continue;
      headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
    }
    const timeout = options.timeout ?? this.timeout ?? 30_000;
    const signals = [AbortSignal.timeout(timeout), ...(options.signal ? [options.signal] : [])];
    try {
      // The limit covers the whole answer: a node that stops halfway through its body times out as well.
      const response = await fetch(url, {
        method: params.method,
        headers,
        body: (params.body ?? undefined) as BodyInit | undefined,
        signal: AbortSignal.any(signals),
      });
      const body = await response.text();
      if (response.status >= 500 && !isJson(response))
        throw new errors.ConnectionError(`${response.status} on the way to the engine: ${body.slice(0, 200)}`);
      const responseHeaders: Record<string, string> = {};
      // fetch has already decoded a compressed answer (both engines gzip when asked, and the client asks): passing the
      // encoding on would make the client inflate plain text ("incorrect header check").
      response.headers.forEach((value, name) => {
        if (name !== "content-encoding" && name !== "content-length") responseHeaders[name] = value;
      });
      return { statusCode: response.status, headers: responseHeaders, body } as never;
    } catch (error) {
      throw error instanceof errors.ConnectionError ? error : transportErrorOf(error, timeout);
    }
  }

  override async close(): Promise<void> {}
}
