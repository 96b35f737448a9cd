import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DEFAULT_ERROR_MESSAGE, type ErrorType } from "#shared/errors";
import { CLIENT_VERSION, CLIENT_VERSION_HEADER } from "#shared/version";
import { createApiClient, REFRESH_PATH, RETRY_DELAY_MS } from "./api-client";
import { ApiError, errorMessage } from "./api-error";

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
const errorBody = (type: ErrorType, message = "x") => ({ type, message, code: "C", requestId: "r" });

function setup(handler: Handler) {
  const calls: { path: string; init: RequestInit }[] = [];
  const deps = {
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      calls.push({ path, init: init ?? {} });
      return handler(path, init ?? {});
    }),
    sleep: vi.fn(async (_ms: number) => {}),
    onNewVersion: vi.fn(),
    onSignedOut: vi.fn(),
    onRefreshed: vi.fn(),
  };
  const client = createApiClient(deps as unknown as Parameters<typeof createApiClient>[0]);
  return { client, deps, calls, paths: () => calls.map((c) => c.path) };
}

describe("api client", () => {
  it("sends the client version on every call and validates the answer", async () => {
    const { client, calls } = setup(() => json(200, { expiresAt: "2030-01-01T00:00:00Z" }));
    const answer = await client.call("/api/x", { method: "POST", body: { a: 1 }, schema: z.object({ expiresAt: z.string() }) });
    expect(answer.expiresAt).toBe("2030-01-01T00:00:00Z");
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get(CLIENT_VERSION_HEADER)).toBe(String(CLIENT_VERSION));
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(calls[0]?.init.body).toBe('{"a":1}');
  });

  it("rejects an answer that does not match the schema", async () => {
    const { client } = setup(() => json(200, { nope: true }));
    await expect(client.call("/sapi/x", { schema: z.object({ yes: z.boolean() }) })).rejects.toMatchObject({ failure: "INVALID_RESPONSE" });
  });

  it("retries a server error after the 3 s delay, as many times as asked", async () => {
    let n = 0;
    const { client, deps, calls } = setup(() => (++n < 3 ? json(500, errorBody("ERROR")) : json(200, { ok: true })));
    await expect(client.call("/sapi/x", { retries: 2 })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(3);
    expect(deps.sleep).toHaveBeenCalledTimes(2);
    expect(deps.sleep).toHaveBeenCalledWith(RETRY_DELAY_MS);
  });

  it("gives up after the last retry with the API's error", async () => {
    const { client, calls } = setup(() => json(503, errorBody("ERROR")));
    const error = await client.call("/sapi/x", { retries: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(calls).toHaveLength(2);
  });

  it.each<[number, ErrorType]>([
    [400, "USER_MESSAGE"],
    [400, "VALIDATION"],
    [403, "FORBIDDEN"],
  ])("never retries %i %s", async (status, type) => {
    const { client, calls } = setup(() => json(status, errorBody(type)));
    await expect(client.call("/sapi/x", { retries: 3 })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it("retries a 400 that is not a user or validation message", async () => {
    const { client, calls } = setup(() => json(400, errorBody("ERROR")));
    await expect(client.call("/sapi/x", { retries: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(2);
  });

  it("on 401 refreshes once and retries the call once", async () => {
    let refreshed = false;
    const { client, deps, paths } = setup((path) => {
      if (path === REFRESH_PATH) {
        refreshed = true;
        return json(200, { expiresAt: 1 });
      }
      return refreshed ? json(200, { ok: 1 }) : json(401, errorBody("UNAUTHORIZED"));
    });
    await expect(client.call("/sapi/x")).resolves.toEqual({ ok: 1 });
    expect(paths()).toEqual(["/sapi/x", REFRESH_PATH, "/sapi/x"]);
    expect(deps.onRefreshed).toHaveBeenCalledWith({ expiresAt: 1 });
    expect(deps.onSignedOut).not.toHaveBeenCalled();
  });

  it("sends the user to sign in when the refresh fails, without retrying", async () => {
    const { client, deps, paths } = setup(() => json(401, errorBody("UNAUTHORIZED")));
    await expect(client.call("/sapi/x", { retries: 2 })).rejects.toMatchObject({ status: 401 });
    expect(paths()).toEqual(["/sapi/x", REFRESH_PATH]);
    expect(deps.onSignedOut).toHaveBeenCalledTimes(1);
  });

  it("sends the user to sign in when the retried call is still 401", async () => {
    const { client, deps, paths } = setup((path) => (path === REFRESH_PATH ? json(200, {}) : json(401, errorBody("UNAUTHORIZED"))));
    await expect(client.call("/sapi/x")).rejects.toMatchObject({ status: 401 });
    expect(paths()).toEqual(["/sapi/x", REFRESH_PATH, "/sapi/x"]);
    expect(deps.onSignedOut).toHaveBeenCalledTimes(1);
  });

  it("shares one refresh between calls that fail together", async () => {
    let refreshed = false;
    const { client, paths } = setup(async (path) => {
      if (path === REFRESH_PATH) {
        await new Promise((r) => setTimeout(r, 10));
        refreshed = true;
        return json(200, {});
      }
      return refreshed ? json(200, { path }) : json(401, errorBody("UNAUTHORIZED"));
    });
    await Promise.all([client.call("/sapi/a"), client.call("/sapi/b")]);
    expect(paths().filter((p) => p === REFRESH_PATH)).toHaveLength(1);
  });

  it("hands a 401 to the caller when dontCatch is set", async () => {
    const { client, deps, paths } = setup(() => json(401, errorBody("UNAUTHORIZED")));
    await expect(client.call("/sapi/x", { dontCatch: true })).rejects.toMatchObject({ status: 401 });
    expect(paths()).toEqual(["/sapi/x"]);
    expect(deps.onSignedOut).not.toHaveBeenCalled();
  });

  it("announces a new version on 418 and on a newer server version header", async () => {
    const outdated = setup(() => json(418, errorBody("NEW_VERSION")));
    await expect(outdated.client.call("/sapi/x", { retries: 2 })).rejects.toMatchObject({ status: 418 });
    expect(outdated.deps.onNewVersion).toHaveBeenCalledTimes(1);
    expect(outdated.calls).toHaveLength(1);

    const newer = setup(() => json(200, {}, { [CLIENT_VERSION_HEADER]: String(CLIENT_VERSION + 1) }));
    await newer.client.call("/sapi/x");
    expect(newer.deps.onNewVersion).toHaveBeenCalledTimes(1);

    const same = setup(() => json(200, {}, { [CLIENT_VERSION_HEADER]: String(CLIENT_VERSION) }));
    await same.client.call("/sapi/x");
    expect(same.deps.onNewVersion).not.toHaveBeenCalled();
  });

  it("times out a call that takes too long and may retry it", async () => {
    const hang: Handler = (_path, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    const { client, calls } = setup(hang);
    await expect(client.call("/sapi/x", { timeoutMs: 20, retries: 1 })).rejects.toMatchObject({ status: 0, failure: "TIMEOUT" });
    expect(calls).toHaveLength(2);
  });

  it("turns a network failure into a retryable error", async () => {
    let n = 0;
    const { client } = setup(() => {
      if (n++ === 0) throw new TypeError("Failed to fetch");
      return json(200, { ok: true });
    });
    await expect(client.call("/sapi/x", { retries: 1 })).resolves.toEqual({ ok: true });
  });
});

describe("errorMessage", () => {
  it("shows a USER_MESSAGE as it is and anything else as the default message", () => {
    expect(errorMessage(new ApiError(400, errorBody("USER_MESSAGE", "Fel kod")))).toBe("Fel kod");
    expect(errorMessage(new ApiError(400, errorBody("VALIDATION", "Ogiltiga uppgifter.")))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorMessage(new ApiError(500, errorBody("ERROR", "intern")))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorMessage(new Error("boom"))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(DEFAULT_ERROR_MESSAGE).toBe("Något gick fel. Prova gärna igen.");
  });
});
