import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_VERSION, CLIENT_VERSION_HEADER } from "#shared/version";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();

beforeAll(() => harness.start());
afterAll(() => harness.server.close());

describe("walking skeleton", () => {
  it("answers /sapi/health through the web worker's service binding, reading D1", async () => {
    const env = await harness.api().getEnv();
    await env.SEARCH_DB.prepare(
      "INSERT INTO index_versions (version, backend, document_count, is_current) VALUES (7, 'embedded', 1234, 1)",
    ).run();

    const response = await harness.server.fetch("/sapi/health");

    expect(response.status).toBe(200);
    expect(response.headers.get(CLIENT_VERSION_HEADER)).toBe(String(CLIENT_VERSION));
    expect(response.headers.get("X-Request-Id")).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // The backend's time only with SEARCH_CACHE_DIAGNOSTICS (docs/decisions/0051).
    expect(response.headers.get("Server-Timing")).toMatch(/^total;dur=[\d.]+$/);
    expect(await response.json()).toEqual({ ok: true, version: "0.1.0", backend: "embedded", documents: 1234 });
  });

  it("answers an unknown API path with the spec's error body", async () => {
    const response = await harness.server.fetch("/api/no-such-route", { headers: { "X-Request-Id": "test-request-0001" } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: "NOT_FOUND", code: "ROUTE_NOT_FOUND", requestId: "test-request-0001" });
  });

  it("asks for a session before saying whether a /sapi path exists", async () => {
    const response = await harness.server.fetch("/sapi/no-such-route", { headers: { "X-Request-Id": "test-request-0002" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ type: "UNAUTHORIZED", requestId: "test-request-0002" });
  });

  it("tells an outdated client to reload with 418", async () => {
    const response = await harness.server.fetch("/sapi/health", { headers: { [CLIENT_VERSION_HEADER]: String(CLIENT_VERSION - 1) } });
    expect(response.status).toBe(418);
    expect(await response.json()).toMatchObject({ type: "NEW_VERSION", code: "CLIENT_OUTDATED" });
  });

  it("renders the Swedish sign-in page on the server", async () => {
    const response = await harness.server.fetch("/logga-in");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("E-post / Personnr / Användarnamn");
    expect(html).toContain('lang="sv"');
  });
});
