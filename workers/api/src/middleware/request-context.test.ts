import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../../shared/errors";
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
