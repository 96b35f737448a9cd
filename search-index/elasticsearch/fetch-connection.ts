/**
 * A fetch-based Connection for the official Elasticsearch client, for Workers (the default undici connection cannot
 * run there: "Wasm code generation disallowed by embedder"). Also works in Node, which has fetch.
 */
import { BaseConnection, errors } from "@elastic/elasticsearch";

type RequestParams = Parameters<BaseConnection["request"]>[0];
type RequestOptions = Parameters<BaseConnection["request"]>[1];

const DROPPED_HEADERS = new Set(["content-length", "connection", "keep-alive", "transfer-encoding", "host"]);

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
    let response: Response;
    try {
      response = await fetch(url, {
        method: params.method,
        headers,
        body: (params.body ?? undefined) as BodyInit | undefined,
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      if (error instanceof Error && error.name === "TimeoutError") throw new errors.TimeoutError("Request timed out");
      if (error instanceof Error && error.name === "AbortError") throw new errors.RequestAbortedError("Request aborted");
      throw new errors.ConnectionError(error instanceof Error ? error.message : String(error));
    }
    const body = await response.text();
    const responseHeaders: Record<string, string> = {};
    // fetch has already decoded a compressed answer (both engines gzip when asked, and the client asks): passing the
    // encoding on would make the client inflate plain text ("incorrect header check").
    response.headers.forEach((value, name) => {
      if (name !== "content-encoding" && name !== "content-length") responseHeaders[name] = value;
    });
    return { statusCode: response.status, headers: responseHeaders, body } as never;
  }

  override async close(): Promise<void> {}
}
