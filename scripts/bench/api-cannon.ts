/**
 * One load run of the API benchmarks: autocannon with concurrent keep-alive clients against a stack, every response's
 * latency kept (so percentiles are exact), optionally the backend time of each answer's Server-Timing header, and the
 * CPU time the given processes (the stack's runtime, a search node) used meanwhile. Samples of several runs of one call
 * (rounds) merge into one summary.
 */
import type { IncomingHttpHeaders } from "node:http";
import autocannon from "autocannon";
import { parseBackendTime, percentile, type LatencySummary } from "./api-report";
import { cpuMs } from "./stack-cpu";

export type CannonRequest = NonNullable<autocannon.Options["requests"]>[number];

export interface CannonOptions {
  url: string;
  connections: number;
  durationS: number;
  headers: Record<string, string>;
  requests: CannonRequest[];
  /** Read the `backend;dur=` entry of every answer's Server-Timing header (searching calls). */
  backendTiming?: boolean;
  /** Processes whose CPU time is measured over the run (from /proc). */
  cpuPids?: readonly string[];
}

/** What one run measured: raw, so that the runs of one call in several rounds can be merged. */
export interface CannonSample {
  latencies: number[];
  backendTimes: number[];
  errors: number;
  /** How the failed calls failed: "HTTP <status>" of the answers other than 2xx, "client timeout", "socket error". */
  failures: Record<string, number>;
  durationS: number;
  cpuMs: number | null;
}

/** The non-2xx statuses, timeouts and socket errors of a run, by kind. */
export function failuresOf(result: Pick<autocannon.Result, "statusCodeStats" | "timeouts" | "errors">): Record<string, number> {
  const failures: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {}))
    if (!status.startsWith("2") && (stats.count ?? 0) > 0) failures[`HTTP ${status}`] = stats.count ?? 0;
  if (result.timeouts > 0) failures["client timeout"] = result.timeouts;
  if (result.errors - result.timeouts > 0) failures["socket error"] = result.errors - result.timeouts;
  return failures;
}

/** The failures of several runs added up. */
export function mergeFailures(all: readonly Record<string, number>[]): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const failures of all) for (const [kind, n] of Object.entries(failures)) merged[kind] = (merged[kind] ?? 0) + n;
  return merged;
}

const serverTiming = (headers: IncomingHttpHeaders | undefined) => {
  const value = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "server-timing")?.[1];
  return parseBackendTime(Array.isArray(value) ? value.join(",") : value);
};

export async function runCannon(options: CannonOptions): Promise<CannonSample> {
  const latencies: number[] = [];
  const backendTimes: number[] = [];
  const requests = options.backendTiming
    ? options.requests.map((request): CannonRequest => ({
        ...request,
        onResponse: (_status: number, _body: string, _context: object, headers?: IncomingHttpHeaders) => {
          const backend = serverTiming(headers);
          if (backend !== null) backendTimes.push(backend);
        },
      }))
    : options.requests;
  const pids = options.cpuPids ?? [];
  const cpuBefore = cpuMs(pids);
  const instance = autocannon(
    { url: options.url, connections: options.connections, duration: options.durationS, headers: options.headers, requests },
    () => undefined,
  );
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await new Promise<autocannon.Result>((resolve) => instance.on("done", resolve));
  return {
    latencies,
    backendTimes,
    // autocannon's errors include its timeouts.
    errors: result.errors + result.non2xx,
    failures: failuresOf(result),
    durationS: result.duration,
    cpuMs: pids.length > 0 ? cpuMs(pids) - cpuBefore : null,
  };
}

/** One row of the report from the samples of one call (one run, or one per round). */
export function summarize(name: string, samples: readonly CannonSample[]): LatencySummary {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const backendTimes = samples.flatMap((s) => s.backendTimes).sort((a, b) => a - b);
  const durationS = samples.reduce((sum, s) => sum + s.durationS, 0);
  const cpu = samples.every((s) => s.cpuMs !== null) ? samples.reduce((sum, s) => sum + (s.cpuMs ?? 0), 0) : null;
  return {
    name,
    hitCount: null,
    requests: latencies.length,
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
    failures: mergeFailures(samples.map((s) => s.failures)),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: durationS > 0 ? latencies.length / durationS : 0,
    cpuMsPerRequest: cpu !== null && latencies.length > 0 ? cpu / latencies.length : null,
    backendP50: backendTimes.length > 0 ? percentile(backendTimes, 50) : null,
  };
}
