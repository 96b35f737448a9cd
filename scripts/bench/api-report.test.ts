import { describe, expect, it } from "vitest";
import { formatApiReport, parseBackendTime, type LatencySummary } from "./api-report";

const summary = (name: string, rps: number, backendP50: number | null = null, cpuMsPerRequest: number | null = null): LatencySummary => ({
  name,
  hitCount: null,
  requests: rps * 10,
  errors: 0,
  p50: 50,
  p95: 80,
  p99: 90,
  rps,
  backendP50,
  cpuMsPerRequest,
});

const meta = {
  command: "npm run bench:api",
  date: new Date("2026-11-26T01:00:00Z"),
  url: "http://127.0.0.1:8860",
  connections: 20,
  durationS: 10,
  documents: 100,
  loadBefore: "1",
  loadAfter: "1",
  cores: 2,
};

describe("parseBackendTime", () => {
  it("reads the backend entry of the API's Server-Timing header", () => {
    expect(parseBackendTime("backend;dur=12.5,total;dur=14.1")).toBe(12.5);
    expect(parseBackendTime("total;dur=3, backend;dur=0")).toBe(0);
    expect(parseBackendTime("total;dur=3")).toBeNull();
    expect(parseBackendTime(undefined)).toBeNull();
  });
});

describe("formatApiReport", () => {
  it("gives each row's rate as a share of the static asset's and checks issue 15's targets against it", () => {
    const report = formatApiReport(
      [summary("q1", 30, 12), summary("q2", 20, 25)],
      {
        fresh: summary("mix", 25, 18),
        cached: summary("mix cached", 210),
        baseline: summary("preflight", 300),
        searchPage: summary("sok", 100),
        platform: summary("/assets/x.js", 350),
      },
      meta,
    );
    expect(report).toContain("| 300 | 86 % |");
    expect(report).toContain("- ✓ preflight ≥ 85 % of the static rate: 86 %");
    expect(report).toContain("- ✓ mix as browsers send it ≥ 60 % of the static rate: 60 %");
    expect(report).toContain("- ✗ server-rendered /sok ≥ 50 % of the static rate: 29 %");
    expect(report).toContain("- ✗ every searching row's backend p50 ≤ 20 ms (no-cache): slowest 25.0 ms");
  });

  it("fails the backend check when a searching row reported no backend time at all", () => {
    const report = formatApiReport(
      [summary("q1", 30, null)],
      {
        fresh: summary("mix", 25, 5),
        cached: summary("mix cached", 210),
        baseline: summary("preflight", 300),
        searchPage: summary("sok", 200),
        platform: summary("/assets/x.js", 350),
      },
      meta,
    );
    expect(report).toContain("- ✗ every searching row's backend p50 ≤ 20 ms (no-cache): slowest – ms");
  });
});
