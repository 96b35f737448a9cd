/** Per-call latencies, failed requests and wrong answers of the load scenario. */

export interface Failure {
  call: string;
  kind: "failed" | "wrong";
  detail: string;
  /** When it was recorded (epoch ms). */
  at: number;
}

/** One call: when it started (epoch ms) and how long it took. */
export interface Sample {
  call: string;
  startedAt: number;
  ms: number;
}

export class LoadStats {
  private readonly latencies = new Map<string, number[]>();
  readonly failures: Failure[] = [];
  /** Calls over 3 s: which, when (ms since the first call) and how long, for explaining a p95. */
  readonly slow: { call: string; at: number; ms: number }[] = [];
  /** Every call with its start, for figures over a time window (a failover); a few MB for a long run. */
  readonly samples: Sample[] = [];
  private readonly startedAt = Date.now();
  requests = 0;

  record(call: string, ms: number): void {
    this.requests++;
    this.samples.push({ call, startedAt: Date.now() - Math.round(ms), ms });
    if (ms > 3000 && this.slow.length < 200) this.slow.push({ call, at: Date.now() - this.startedAt - Math.round(ms), ms: Math.round(ms) });
    let list = this.latencies.get(call);
    if (!list) this.latencies.set(call, (list = []));
    list.push(ms);
  }

  fail(call: string, kind: Failure["kind"], detail: string): void {
    this.failures.push({ call, kind, detail: detail.slice(0, 400), at: Date.now() });
  }

  count(kind: Failure["kind"]): number {
    return this.failures.filter((f) => f.kind === kind).length;
  }

  /** call → { n, p50, p95 } in ms, calls in alphabetical order. */
  summary(): { call: string; n: number; p50: number; p95: number }[] {
    return [...this.latencies.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([call, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return { call, n: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
      });
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
}
