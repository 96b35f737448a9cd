import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_LIST_FILE_REQUEST_BYTES } from "../../workers/shared/api-contracts/list-files";
import { ErrorBodySchema } from "../../workers/shared/errors";
import { REQUEST_ID_HEADER } from "../../workers/shared/request-id";
import { forwardToApi, isApiPath } from "./api-forward.server";

const fetcher = (fetch: (request: Request) => Promise<Response>) => ({ fetch, connect: vi.fn() }) as unknown as Fetcher;

afterEach(() => vi.restoreAllMocks());

describe("forwardToApi", () => {
  it("passes the request on with a request id and returns the API's answer", async () => {
    const seen: Request[] = [];
    const answer = await forwardToApi(
      new Request("https://urval.se/sapi/health"),
      fetcher(async (request) => {
        seen.push(request);
        return new Response("ok", { status: 200 });
      }),
    );
    expect(await answer.text()).toBe("ok");
    expect(seen[0]?.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f]{32}$/);
  });

  it("answers 502 with the spec's error body when the binding itself fails, never the runtime's bare 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = await forwardToApi(
      new Request("https://urval.se/sapi/list-file/add/1", { method: "POST", body: "x" }),
      fetcher(async () => {
        throw new Error("Network connection lost.");
      }),
    );
    expect(answer.status).toBe(502);
    const body = ErrorBodySchema.parse(await answer.json());
    expect(body).toMatchObject({ type: "ERROR", code: "API_UNREACHABLE", message: "Något gick fel. Prova gärna igen." });
    expect(answer.headers.get(REQUEST_ID_HEADER)).toBe(body.requestId);
    expect(logged).toHaveBeenCalledOnce();
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
    const refused = await forwardToApi(upload(MAX_LIST_FILE_REQUEST_BYTES + 1), api);
    expect(refused.status).toBe(400);
    expect(ErrorBodySchema.parse(await refused.json())).toMatchObject({ type: "USER_MESSAGE", code: "LIST_FILE_UPLOAD_TOO_LARGE" });
    expect(forwarded).toHaveLength(0);
    expect((await forwardToApi(upload(MAX_LIST_FILE_REQUEST_BYTES), api)).status).toBe(200);
    expect(forwarded).toHaveLength(1);
  });

  it("knows the API's paths", () => {
    expect(isApiPath("/sapi/search/page/0")).toBe(true);
    expect(isApiPath("/api/auth/refresh")).toBe(true);
    expect(isApiPath("/sok")).toBe(false);
  });
});
