/**
 * Calls to Cloudflare's v4 REST API (https://api.cloudflare.com/client/v4) with an API token, for the operator CLIs that
 * reach production from outside the Workers runtime (`--remote`): D1 queries (remote-d1.ts), queue messages
 * (scripts/reindex/queues-http.ts) and R2 objects (scripts/reindex/r2-http-store.ts). Every JSON answer is the
 * documented envelope {success, errors, messages, result}, validated with zod; CLOUDFLARE_API_BASE_URL points the CLIs
 * at a local fake (tests/support/fakes/).
 */
import { z } from "zod";

export interface CloudflareApiOptions {
  accountId: string;
  apiToken: string;
  baseUrl?: string;
  fetcher?: typeof fetch;
}

const EnvelopeSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number().optional(), message: z.string() })).default([]),
  result: z.unknown(),
});

export class CloudflareApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly codes: number[],
  ) {
    super(message);
  }
}

/** One API call under /accounts/{accountId}; the envelope's `result` parsed with `resultSchema`. */
export async function cloudflareCall<T>(
  options: CloudflareApiOptions,
  request: { method: "GET" | "POST" | "PUT"; path: string; body?: unknown; bytes?: Blob },
  resultSchema: z.ZodType<T>,
): Promise<T> {
  const response = await cloudflareFetch(options, request);
  const text = await response.text();
  let parsed: z.infer<typeof EnvelopeSchema> | null = null;
  try {
    parsed = EnvelopeSchema.parse(JSON.parse(text));
  } catch {
    throw new CloudflareApiError(
      `Cloudflare API ${request.method} ${request.path}: HTTP ${response.status}, not an API answer`,
      response.status,
      [],
    );
  }
  if (!response.ok || !parsed.success) {
    const reason = parsed.errors.map((e) => (e.code ? `${e.message} (${e.code})` : e.message)).join("; ") || `HTTP ${response.status}`;
    const codes = parsed.errors.flatMap((e) => (e.code === undefined ? [] : [e.code]));
    throw new CloudflareApiError(`Cloudflare API ${request.method} ${request.path}: ${reason}`, response.status, codes);
  }
  return resultSchema.parse(parsed.result);
}

/**
 * The bare request under /accounts/{accountId}: a JSON `body`, or raw `bytes` (an R2 object's), with the token. For
 * answers that are not the envelope (an R2 object's bytes); cloudflareCall parses those that are.
 */
export function cloudflareFetch(
  options: CloudflareApiOptions,
  request: { method: "GET" | "POST" | "PUT" | "DELETE"; path: string; body?: unknown; bytes?: Blob },
): Promise<Response> {
  const base = options.baseUrl ?? "https://api.cloudflare.com/client/v4";
  const type = request.bytes ? "application/octet-stream" : "application/json";
  return (options.fetcher ?? fetch)(`${base}/accounts/${options.accountId}${request.path}`, {
    method: request.method,
    headers: { Authorization: `Bearer ${options.apiToken}`, "Content-Type": type },
    ...(request.bytes ? { body: request.bytes } : request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
}

const ATTEMPTS = 3;

/** An answer worth asking again: rate limited, a server error, or no answer at all (fetch's TypeError). */
const retryable = (error: unknown) =>
  error instanceof CloudflareApiError ? error.status === 429 || error.status >= 500 : error instanceof TypeError;

/** `call` up to three times while it fails with a retryable error, waiting retryDelayMs × the attempt between. */
export async function withRetries<T>(what: string, call: () => Promise<T>, retryDelayMs = 1000): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= ATTEMPTS || !retryable(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      console.error(JSON.stringify({ level: "warn", msg: `${what} failed, retrying`, attempt, reason }));
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs * attempt));
    }
  }
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`set ${name} to reach production through Cloudflare's API`);
  return value;
}

/** The account and token of the environment (CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_API_TOKEN, optional CLOUDFLARE_API_BASE_URL). */
export function cloudflareOptionsFromEnvironment(environment: NodeJS.ProcessEnv = process.env): CloudflareApiOptions {
  return {
    accountId: required(environment.CLOUDFLARE_ACCOUNT_ID, "CLOUDFLARE_ACCOUNT_ID"),
    apiToken: required(environment.CLOUDFLARE_API_TOKEN, "CLOUDFLARE_API_TOKEN"),
    ...(environment.CLOUDFLARE_API_BASE_URL ? { baseUrl: environment.CLOUDFLARE_API_BASE_URL } : {}),
  };
}
