import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_LIST_FILE_REQUEST_BYTES } from "#shared/api-contracts/list-files";
import { ErrorBodySchema } from "#shared/errors";
import { REQUEST_ID_HEADER } from "#shared/request-id";
import { forwardToApi, isApiPath } from "./api-forward.server";
import { NON_DOCUMENT_CSP } from "./security-headers.server";

const fetcher = (fetch: (request: Request) => Promise<Response>) => ({ fetch, connect: vi.fn() }) as unknown as Fetcher;

afterEach(() => vi.restoreAllMocks());

describe("forwardToApi", () => {
  it("passes the browser's request on as it is and hands the API's answer back without copying either", async () => {
    const seen: Request[] = [];
    const apiAnswer = new Response("ok", { status: 200, headers: { [REQUEST_ID_HEADER]: "set-by-the-api-1" } });
    const request = new Request("https://urval.se/sapi/health");
    const answer = await forwardToApi(
      request,
      fetcher(async (forwarded) => {
        seen.push(forwarded);
        return apiAnswer;
      }),
      true,
    );
    expect(seen[0]).toBe(request);
    expect(answer).toBe(apiAnswer);
    expect(await answer.text()).toBe("ok");
  });

  it("answers 502 with the spec's error body when the binding itself fails, never the runtime's bare 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = await forwardToApi(
      new Request("https://urval.se/sapi/list-file/add/1", { method: "POST", body: "x" }),
      fetcher(async () => {
        throw new Error("Network connection lost.");
      }),
      true,
    );
    expect(answer.status).toBe(502);
    expect(answer.headers.get("Content-Security-Policy")).toBe(NON_DOCUMENT_CSP);
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(answer.headers.get("Strict-Transport-Security")).toMatch(/^max-age=31536000/);
    const body = ErrorBodySchema.parse(await answer.json());
    expect(body).toMatchObject({ type: "ERROR", code: "API_UNREACHABLE", message: "Något gick fel. Prova gärna igen." });
    expect(answer.headers.get(REQUEST_ID_HEADER)).toBe(body.requestId);
    expect(logged).toHaveBeenCalledOnce();
    expect(JSON.parse(String(logged.mock.calls[0]?.[0]))).toMatchObject({ requestId: body.requestId });
    expect(String(logged.mock.calls[0]?.[0])).not.toContain("/sapi/list-file");
  });

  it("refuses a list-file upload over the limit from its Content-Length, forwarding nothing", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const forwarded: Request[] = [];
    const api = fetcher(async (request) => {
      forwarded.push(request);
      return new Response("[]", { status: 200 });
    });
    const upload = (bytes: number) =>
      new Request("https://urval.se/sapi/list-file/add/7", { method: "POST", headers: { "Content-Length": String(bytes) }, body: "x" });
    const refused = await forwardToApi(upload(MAX_LIST_FILE_REQUEST_BYTES + 1), api, false);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("X-Frame-Options")).toBe("DENY");
    expect(refused.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(refused.headers.has("Strict-Transport-Security")).toBe(false);
    expect(ErrorBodySchema.parse(await refused.json())).toMatchObject({ type: "USER_MESSAGE", code: "LIST_FILE_UPLOAD_TOO_LARGE" });
    expect(forwarded).toHaveLength(0);
    expect((await forwardToApi(upload(MAX_LIST_FILE_REQUEST_BYTES), api, false)).status).toBe(200);
    expect(forwarded).toHaveLength(1);
  });

  it("keeps the browser's well-formed request id in its own answers, so they match what the API would have said", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const request = new Request("https://urval.se/sapi/preflight", { headers: { [REQUEST_ID_HEADER]: "browser-id-1234" } });
    const answer = await forwardToApi(
      request,
      fetcher(async () => {
        throw new Error("Network connection lost.");
      }),
      true,
    );
    expect(ErrorBodySchema.parse(await answer.json()).requestId).toBe("browser-id-1234");
  });

  it("knows the API's paths", () => {
    expect(isApiPath("/sapi/search/page/0")).toBe(true);
    expect(isApiPath("/api/auth/refresh")).toBe(true);
    expect(isApiPath("/v1/search")).toBe(true);
    expect(isApiPath("/sok")).toBe(false);
  });
});
