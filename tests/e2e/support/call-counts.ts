/**
 * Each user's calls per kind of limited call, from the stacks' request logs of an e2e run (decision 0052: the limits
 * are sized from real use). The most calls one user made in any window of each limit's length, over all users:
 *
 *   E2E_STACK_STDOUT=pipe npx playwright test -c tests/e2e/playwright.config.ts > e2e-run.log 2>&1
 *   npx tsx tests/e2e/support/call-counts.ts e2e-run.log
 */
import { readFileSync } from "node:fs";
import { CALL_LIMITS, type CallKind } from "#api/rate-limits/call-limits";

/** The limited routes (workers/api/src/routes: each `limitCalls(kind)`), by the route the request log names. */
const ROUTES: [RegExp, CallKind][] = [
  [/\/search\/page\//, "search"],
  [/\/extraction\/preview$/, "search"],
  [/\/search\/suggest$/, "suggest"],
  [/\/details\/entity\//, "details"],
  [/\/list-files?\/add/, "listFiles"],
];

interface Call {
  user: string;
  kind: CallKind;
  at: number;
}

function callsOf(log: string): Call[] {
  const calls: Call[] = [];
  for (const line of log.split("\n")) {
    const start = line.indexOf('{"time"');
    if (start < 0) continue;
    let entry: { time?: string; msg?: string; route?: string; userId?: string };
    try {
      entry = JSON.parse(line.slice(start)) as typeof entry;
    } catch {
      continue;
    }
    if (entry.msg !== "request" || !entry.userId || !entry.route || !entry.time) continue;
    const route = entry.route;
    const kind = ROUTES.find(([pattern]) => pattern.test(route))?.[1];
    if (kind) calls.push({ user: entry.userId, kind, at: Date.parse(entry.time) });
  }
  return calls;
}

/** The most calls in any window of `ms` among ascending times. */
function busiestWindow(times: readonly number[], ms: number): number {
  let best = 0;
  for (let lo = 0, hi = 0; hi < times.length; hi++) {
    while ((times[hi] as number) - (times[lo] as number) >= ms) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

const file = process.argv[2];
if (!file) throw new Error("usage: call-counts.ts <e2e run log>");
const calls = callsOf(readFileSync(file, "utf8"));
const users = new Set(calls.map((call) => call.user));
console.log(`${calls.length} limited calls by ${users.size} users`);
console.log("| kind | limit windows | busiest user in each window | users with calls |");
console.log("| --- | --- | --- | ---: |");
for (const [kind, windows] of Object.entries(CALL_LIMITS) as [CallKind, (typeof CALL_LIMITS)[CallKind]][]) {
  const byUser = new Map<string, number[]>();
  for (const call of calls) {
    if (call.kind !== kind) continue;
    const times = byUser.get(call.user);
    if (times) times.push(call.at);
    else byUser.set(call.user, [call.at]);
  }
  const list = [{ limit: windows.burst.limit, windowMs: windows.burst.periodSeconds * 1000 }, ...windows.windows];
  const busiest = list.map(({ windowMs }) =>
    Math.max(
      0,
      ...[...byUser.values()].map((times) =>
        busiestWindow(
          times.sort((a, b) => a - b),
          windowMs,
        ),
      ),
    ),
  );
  const limits = list.map(({ limit, windowMs }) => `${limit} / ${windowMs / 1000} s`).join(", ");
  console.log(`| ${kind} | ${limits} | ${busiest.join(", ")} | ${byUser.size} |`);
}
