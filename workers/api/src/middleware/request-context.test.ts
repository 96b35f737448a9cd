import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "#shared/errors";
import type { ApiBindings } from "../env";
import { handleError, handleNotFound } from "./errors";
import { requestContext } from "./request-context";

const SERIALIZED = "vad=text~Hemlig%20kund%20AB";

function appUnderTest() {
  const app = new Hono<ApiBindings>();
  app.use("*", requestContext());
  const search = new Hono<ApiBindings>();
  search.post("/create-shared-link/:serializedSearch", (c) => c.json({ ok: true }));
  search.get("/shared-link/:id", () => {
    throw new AppError("SHARED_LINK_NOT_FOUND", 404, "Hittades inte.");
  });
  search.get("/boom/:id", () => {
    throw new Error("database went away");
  });
  search.get(
    "/report/:id",
    () =>
      new Response("<p>årsredovisning</p>", {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Security-Policy": "default-src 'none'",
          "Referrer-Policy": "no-referrer",
        },
      }),
  );
  search.get("/redirect/:id", () => Response.redirect("https://urval.example/logga-in", 302));
  app.route("/sapi/search", search);
  app.onError(handleError);
  app.notFound(handleNotFound);
  return app;
}

/** The JSON log lines written while running `run`. */
async function logLines(run: () => unknown): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const capture = (line: unknown) => void lines.push(String(line));
  vi.spyOn(console, "log").mockImplementation(capture);
  vi.spyOn(console, "warn").mockImplementation(capture);
  vi.spyOn(console, "error").mockImplementation(capture);
  await run();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => vi.restoreAllMocks());

describe("request log", () => {
  it("names the route pattern, not the path that carries the serialized search", async () => {
    const app = appUnderTest();
    const lines = await logLines(() =>
      app.request(`/sapi/search/create-shared-link/${encodeURIComponent(SERIALIZED)}?extra=Hemlig`, { method: "POST" }),
    );
    const request = lines.find((line) => line.msg === "request");
    expect(request).toMatchObject({ method: "POST", route: "/sapi/search/create-shared-link/:serializedSearch", status: 200 });
    expect(request).not.toHaveProperty("path");
    expect(JSON.stringify(lines)).not.toMatch(/Hemlig/);
  });

  it("keeps ids in paths out of failed and unexpected requests' lines", async () => {
    const app = appUnderTest();
    const lines = await logLines(async () => {
      await app.request("/sapi/search/shared-link/link-id-Hemlig");
      await app.request("/sapi/search/boom/Hemlig");
      await app.request("/sapi/no-such/Hemlig");
    });
    expect(lines.map((line) => [line.msg, line.route ?? null])).toEqual([
      ["request failed", null],
      ["request", "/sapi/search/shared-link/:id"],
      ["unexpected error", "/sapi/search/boom/:id"],
      ["request", "/sapi/search/boom/:id"],
      ["request", "/*"],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/Hemlig/);
  });
});

describe("answer headers", () => {
  const FLOOR = {
    "content-security-policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
  };

  it("stamps request id, client version, Server-Timing and the security floor on answers and errors alike", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const app = appUnderTest();
    for (const [path, status] of [
      ["/sapi/search/create-shared-link/x", 200],
      ["/sapi/search/shared-link/x", 404],
      ["/sapi/no-such/x", 404],
    ] as const) {
      const response = await app.request(path, {
        method: path.includes("create") ? "POST" : "GET",
        headers: { "X-Request-Id": "caller-id-1234" },
      });
      expect(response.status, path).toBe(status);
      expect(Object.fromEntries(response.headers), path).toMatchObject({
        ...FLOOR,
        "x-request-id": "caller-id-1234",
        "x-client-version": expect.any(String),
      });
      // The backend's time only with SEARCH_CACHE_DIAGNOSTICS (docs/decisions/0051).
      expect(response.headers.get("Server-Timing"), path).toMatch(/^total;dur=[\d.]+$/);
      expect(response.headers.has("Strict-Transport-Security"), path).toBe(false);
    }
  });

  it("adds HSTS over https and keeps an answer's own policy and referrer policy", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const response = await appUnderTest().request("https://urval.example/sapi/search/report/1");
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await response.text()).toBe("<p>årsredovisning</p>");
  });

  it("copies an answer whose headers are immutable once, and stamps the copy", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const response = await appUnderTest().request("/sapi/search/redirect/1");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://urval.example/logga-in");
    expect(Object.fromEntries(response.headers)).toMatchObject({ ...FLOOR, "x-request-id": expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(response.headers.get("Server-Timing")).toMatch(/^total;dur=/);
  });
});
