/**
 * One simulated subscriber's HTTP client: browser-like headers (same-origin, session cookies), a latency record per
 * call, and a failed request for any status outside the expected ones, a network error or a timeout.
 */
import { ACCEPT_TERMS_PATH, type Credentials, sameOriginHeadersOf, SIGN_IN_PATH, signInBody } from "../../support/stack-client";
import type { LoadStats } from "./load-stats";

export interface CallResult {
  status: number;
  headers: Headers;
  body: unknown;
  bytes: ArrayBuffer | null;
}

export class SubscriberClient {
  cookie = "";

  constructor(
    readonly baseUrl: string,
    private readonly stats: LoadStats,
  ) {}

  /** The headers a browser on the product's own pages sends (origin, fetch metadata, this subscriber's cookies). */
  browserHeaders(extra: Record<string, string> = {}): Record<string, string> {
    return {
      ...sameOriginHeadersOf(new URL(this.baseUrl).origin),
      ...(this.cookie ? { Cookie: this.cookie } : {}),
      ...extra,
    };
  }

  /**
   * One call; null when it failed (recorded). `expect` lists the acceptable statuses (default 200). The body is parsed
   * as JSON unless `binary`.
   */
  async call(
    name: string,
    path: string,
    init: { method?: string; body?: BodyInit; headers?: Record<string, string>; expect?: number[]; binary?: boolean } = {},
  ): Promise<CallResult | null> {
    const started = performance.now();
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method: init.method ?? "GET",
        headers: this.browserHeaders(init.headers),
        body: init.body,
        signal: AbortSignal.timeout(60_000),
      });
      const bytes = await response.arrayBuffer();
      this.stats.record(name, performance.now() - started);
      const setCookies = response.headers.getSetCookie();
      if (setCookies.length > 0) this.absorbCookies(setCookies);
      if (!(init.expect ?? [200]).includes(response.status)) {
        this.stats.fail(name, "failed", `${response.status} ${new TextDecoder().decode(bytes).slice(0, 300)}`);
        return null;
      }
      const text = init.binary ? "" : new TextDecoder().decode(bytes);
      let body: unknown = null;
      if (text) {
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          this.stats.fail(name, "wrong", `not JSON: ${text.slice(0, 100)}`);
          return null;
        }
      }
      return { status: response.status, headers: response.headers, body, bytes: init.binary ? bytes : null };
    } catch (error) {
      this.stats.record(name, performance.now() - started);
      this.stats.fail(name, "failed", error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      return null;
    }
  }

  postJson(name: string, path: string, body: unknown, extra: { expect?: number[]; headers?: Record<string, string> } = {}) {
    return this.call(name, path, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", ...extra.headers },
      expect: extra.expect,
    });
  }

  /** Signs in as the sign-in page does, then accepts the terms, each a recorded call; false when either failed. */
  async signIn(account: Credentials): Promise<boolean> {
    if (!(await this.postJson("sign-in", SIGN_IN_PATH, signInBody(account)))) return false;
    return (await this.call("accept-terms", ACCEPT_TERMS_PATH, { method: "POST" })) !== null;
  }

  private absorbCookies(lines: string[]): void {
    const jar = new Map(
      this.cookie
        .split("; ")
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
    );
    for (const line of lines) {
      const pair = line.split(";")[0] ?? "";
      const name = pair.slice(0, pair.indexOf("="));
      if (!name) continue;
      if (pair.endsWith("=")) jar.delete(name);
      else jar.set(name, pair);
    }
    this.cookie = [...jar.values()].join("; ");
  }
}
