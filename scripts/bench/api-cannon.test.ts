import { describe, expect, it } from "vitest";
import { failuresOf, summarize } from "./api-cannon";

describe("summarize", () => {
  it("merges the runs of one call: exact percentiles over all latencies, rate over the summed time, CPU per request", () => {
    const row = summarize("q", [
      { latencies: [1, 2, 3, 4], backendTimes: [0.5, 0.7], errors: 0, failures: {}, durationS: 2, cpuMs: 10 },
      { latencies: [10, 20, 30, 40, 50, 60], backendTimes: [0.6], errors: 2, failures: { "HTTP 504": 2 }, durationS: 3, cpuMs: 30 },
    ]);
    expect(row).toMatchObject({ name: "q", requests: 10, errors: 2, p50: 10, p95: 60, p99: 60, rps: 2, backendP50: 0.6 });
    expect(row.cpuMsPerRequest).toBe(4);
    expect(row.failures).toEqual({ "HTTP 504": 2 });
  });

  it("leaves the backend time and CPU out when no run measured them", () => {
    const row = summarize("asset", [{ latencies: [3], backendTimes: [], errors: 0, failures: {}, durationS: 1, cpuMs: null }]);
    expect(row.backendP50).toBeNull();
    expect(row.cpuMsPerRequest).toBeNull();
  });
});

describe("failuresOf", () => {
  it("names the statuses other than 2xx, the client's timeouts and the other socket errors", () => {
    const result = { statusCodeStats: { "200": { count: 90 }, "504": { count: 7 }, "429": { count: 0 } }, timeouts: 2, errors: 3 };
    expect(failuresOf(result)).toEqual({ "HTTP 504": 7, "client timeout": 2, "socket error": 1 });
    expect(failuresOf({ statusCodeStats: { "200": { count: 5 } }, timeouts: 0, errors: 0 })).toEqual({});
  });
});
