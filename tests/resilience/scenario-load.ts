/**
 * Scenarios 1, 2 and the list-file half of 5, at once on one running stack: N subscribers on their own accounts for
 * the whole duration; a full reindex to dataset B started a little into it (with the grace period before the replaced
 * version is removed); then hostile list files from one more subscriber while the others go on.
 */
import { createAccount } from "#scripts/accounts/cli";
import { openLocalBindings } from "#scripts/lib/local-bindings";
import type { SearchInput } from "#shared/search/search-schema";
import type { DatasetFacts } from "./support/datasets";
import { uploadHostileFiles, type HostileResult } from "./hostile-uploads";
import { VersionBook } from "./support/load-checks";
import { SubscriberClient } from "./support/load-client";
import { LoadStats } from "./support/load-stats";
import { runSubscriber } from "./support/load-subscriber";
import { startReindex } from "./support/reindex-process";
import type { Stack } from "./support/stack";
import type { IndexState, IndexStateProbe } from "./support/state-probe";

export interface LoadOptions {
  users: number;
  seconds: number;
  /** When the reindex starts, seconds into the run. */
  reindexAfter: number;
  graceSeconds: number;
  datasetA: DatasetFacts;
  datasetB: DatasetFacts;
  onTick: (elapsedS: number, stats: LoadStats) => void;
}

export interface LoadOutcome {
  stats: LoadStats;
  book: VersionBook;
  versionBefore: number;
  versionAfter: number | null;
  reindexSeconds: number | null;
  reindexCode: number | null;
  /** Stage → seconds into the load when it began. */
  reindexTimeline: string;
  stateAfter: IndexState;
  hostile: HostileResult;
}

/** A realistic mix: broad and narrow, companies and worksites, places, industries, sizes, text, sorts. */
export const SEARCHES: readonly SearchInput[] = [
  { resultType: "COMPANY" },
  { codeSet: { location: ["01"] } },
  { codeSet: { location: ["12"] } },
  { codeSet: { location: ["1480"] } },
  { codeSet: { location: ["0180"], sni: ["62"] } },
  { codeSet: { sni: ["47"], location: ["14"] } },
  { codeSet: { sni: ["F"], location: ["14"] }, range: { turnover: "1000000_50000000" } },
  { codeSet: { companyForm: ["49"] }, range: { numEmployees: "10_49" }, bool: { fTax: true } },
  { text: "berg" },
  { text: "bygg" },
  { codeSet: { sni: ["56"] }, sort: [{ field: "name", ascending: true }] },
  { codeSet: { location: ["03"] }, sort: [{ field: "numEmployees", ascending: false }] },
  { resultType: "WORKSITE", codeSet: { location: ["1480"], sni: ["56"] } },
  { resultType: "WORKSITE", codeSet: { location: ["12"] } },
];

/** A small deterministic generator per subscriber (mulberry32), so runs are repeatable in their choices. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function createAccounts(stateDir: string, count: number): Promise<{ username: string; password: string }[]> {
  const { env, dispose } = await openLocalBindings(stateDir);
  const run = Date.now().toString(36);
  try {
    const accounts = [];
    for (let i = 0; i < count; i++) {
      const account = { username: `last-${run}-${i}`, password: `Lasttest-${run}-${crypto.randomUUID().slice(0, 8)}` };
      await createAccount(env.DB, {
        username: account.username,
        email: `${account.username}@test.urval.se`,
        firstName: "Last",
        lastName: `Test ${i}`,
        password: account.password,
        quota: 100_000,
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      });
      accounts.push(account);
    }
    return accounts;
  } finally {
    await dispose();
  }
}

export async function runLoad(stack: Stack, probe: IndexStateProbe, options: LoadOptions): Promise<LoadOutcome> {
  const accounts = await createAccounts(stack.stateDir, options.users + 1);
  const before = await probe.read();
  if (before.current === null) throw new Error("the stack has no live index version");
  const book = new VersionBook();
  book.assign(before.current, options.datasetA);
  const stats = new LoadStats();
  const started = Date.now();
  const deadline = { at: started + options.seconds * 1000 };
  const ticker = setInterval(() => options.onTick((Date.now() - started) / 1000, stats), 1000);
  const sessions = accounts.slice(1).map((account, i) =>
    runSubscriber(new SubscriberClient(stack.url, stats), stats, book, {
      ...account,
      deadline,
      searches: SEARCHES,
      listSource: options.datasetA,
      exports: options.seconds >= 120 ? 2 : 1,
      think: [300, 1500],
      random: random(1000 + i),
    }),
  );
  const attacker = new SubscriberClient(stack.url, stats);
  const [first] = accounts;
  if (!first || !stack.process.pid) throw new Error("no accounts");
  const rootPid = stack.process.pid;
  const reindex = (async () => {
    await new Promise((resolve) => setTimeout(resolve, options.reindexAfter * 1000));
    const t0 = Date.now();
    // The subscribers go on while the reindex runs (bounded), and a while after it: see below.
    const planned = deadline.at;
    deadline.at = Math.max(planned, Date.now() + 15 * 60_000);
    const run = startReindex({ source: options.datasetB.dir, stateDir: stack.stateDir, graceSeconds: options.graceSeconds });
    // The new version is known from its first stage line, long before any isolate can see it.
    await run.reached("prepare").catch(() => undefined);
    if (run.version !== null) book.assign(run.version, options.datasetB);
    const { code } = await run.done;
    // The load goes on until isolates have re-read the live version (every 30 s) and served the new one a while.
    deadline.at = Math.max(planned, Date.now() + 45_000);
    const timeline = run.timeline.map((t) => `${t.stage} ${((t.at - started) / 1000).toFixed(0)}`).join(", ");
    return { version: run.version, seconds: (Date.now() - t0) / 1000, code, timeline };
  })();
  const reindexed = await reindex;
  // Hostile list files after the reindex, while the subscribers go on: the stack's memory is then theirs and ours.
  await attacker.signIn(first);
  const hostile = await uploadHostileFiles(attacker, rootPid);
  await Promise.all(sessions);
  clearInterval(ticker);
  return {
    stats,
    book,
    versionBefore: before.current,
    versionAfter: reindexed.version,
    reindexSeconds: reindexed.seconds,
    reindexCode: reindexed.code,
    reindexTimeline: reindexed.timeline,
    stateAfter: await probe.read([before.current]),
    hostile,
  };
}
