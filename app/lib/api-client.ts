/**
 * The browser's one door to /sapi and /api (spec §7–§8): client-version header on every call, 60 s timeout, optional
 * retries 3 s apart (never on 401, 403, 418 or a 400 user/validation message), 401 → one token refresh and one retry,
 * then the application state is saved and the browser goes to /logga-in; 418 or a newer server version → 'Ny version'.
 * Built by a factory so the rules are unit-tested with a fake transport; `api` is the instance the app uses.
 */
import type { z } from "zod";
import { CLIENT_VERSION, CLIENT_VERSION_HEADER, parseClientVersion } from "#shared/version";
import { ApiError, isRetryable } from "./api-error";

export const TIMEOUT_MS = 60_000;
export const RETRY_DELAY_MS = 3_000;
/** Spec §7: addresses are built by prefixing the site root path. */
export const SITE_ROOT = "";
export const REFRESH_PATH = "/api/auth/refresh";

export interface CallOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** JSON body (or FormData, sent as is). */
  body?: unknown;
  /**
   * Validates a JSON answer. May be a promise of the schema, so that the browser fetches a contract's code (and zod)
   * while the request is under way (decision 0063). Without it the parsed JSON is returned unchecked: only for answers
   * the API has already checked against their contract (contractJson) that every page asks for at start.
   */
  schema?: z.ZodType<T> | Promise<z.ZodType<T>>;
  responseType?: "json" | "blob" | "none";
  /** Extra attempts after a retryable failure, RETRY_DELAY_MS apart. Default 0. */
  retries?: number;
  retryDelayMs?: number;
  timeoutMs?: number;
  /** Spec §8: a 401 is handed to the caller instead of refreshing and redirecting. */
  dontCatch?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  /** 418, or an answer announcing a newer client version. */
  onNewVersion: () => void;
  /** The session is gone (refresh failed): save the state and go to sign-in. */
  onSignedOut: () => void;
  /** A refresh succeeded; its answer may carry the new session end. */
  onRefreshed?: (answer: unknown) => void;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(deps: ApiClientDeps) {
  let refreshing: Promise<boolean> | undefined;

  async function send<T>(path: string, options: CallOptions<T>): Promise<T> {
    const headers = new Headers(options.headers);
    headers.set(CLIENT_VERSION_HEADER, String(CLIENT_VERSION));
    headers.set("Accept", "application/json");
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(options.body);
    }
    const timeout = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await deps.fetch(`${SITE_ROOT}${path}`, {
        method: options.method ?? "GET",
        headers,
        body,
        signal,
        credentials: "same-origin",
      });
    } catch {
      throw new ApiError(0, undefined, options.signal?.aborted ? "ABORTED" : timeout.aborted ? "TIMEOUT" : "NETWORK");
    }
    const serverVersion = parseClientVersion(response.headers.get(CLIENT_VERSION_HEADER));
    if (response.status === 418 || (serverVersion !== undefined && serverVersion > CLIENT_VERSION)) deps.onNewVersion();
    return readAnswer(response, options);
  }

  function refreshOnce(): Promise<boolean> {
    refreshing ??= send(REFRESH_PATH, { method: "POST", dontCatch: true })
      .then((answer) => {
        deps.onRefreshed?.(answer);
        return true;
      })
      .catch(() => false)
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  async function sendWithRefresh<T>(path: string, options: CallOptions<T>): Promise<T> {
    try {
      return await send(path, options);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || options.dontCatch) throw error;
      if (await refreshOnce()) {
        try {
          return await send(path, options);
        } catch (retryError) {
          if (!(retryError instanceof ApiError) || retryError.status !== 401) throw retryError;
        }
      }
      deps.onSignedOut();
      throw error;
    }
  }

  /** One API call with the spec's rules. Throws ApiError. */
  async function call<T = unknown>(path: string, options: CallOptions<T> = {}): Promise<T> {
    // A schema still loading is awaited when the answer is read; a failed load must not go unhandled before that.
    if (options.schema instanceof Promise) options.schema.catch(() => undefined);
    const retries = options.retries ?? 0;
    for (let attempt = 0; ; attempt++) {
      try {
        return await sendWithRefresh(path, options);
      } catch (error) {
        if (attempt >= retries || !isRetryable(error)) throw error;
        await deps.sleep(options.retryDelayMs ?? RETRY_DELAY_MS);
      }
    }
  }

  return { call, refresh: refreshOnce };
}

async function readAnswer<T>(response: Response, options: CallOptions<T>): Promise<T> {
  if (!response.ok) {
    const json: unknown = await response.json().catch(() => undefined);
    const body = await import("./api-error-body").then(({ parseErrorBody }) => parseErrorBody(json)).catch(() => undefined);
    throw new ApiError(response.status, body);
  }
  const type = options.responseType ?? "json";
  if (type === "none") return undefined as T;
  if (type === "blob") return (await response.blob()) as T;
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(response.status, undefined, "INVALID_RESPONSE");
  }
  if (!options.schema) return json as T;
  const schema = await Promise.resolve(options.schema).catch(() => {
    throw new ApiError(response.status, undefined, "NETWORK");
  });
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, undefined, "INVALID_RESPONSE");
  return parsed.data;
}
