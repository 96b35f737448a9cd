/**
 * bench:monitoring's second half, on the real pipeline in the local Workers runtime (the three workers, as the
 * integration tests run them, with fresh storage): the synthetic users and subscriptions in D1, the alerts staged as
 * the reindex stages them, the run dispatched as the API dispatches it, and the API worker's queue consumer running
 * every alert job (alerts, hit counts, the digest into the development mailbox). Progress: jobs done.
 */
import path from "node:path";
import type { SingleBar } from "cli-progress";
import { createTestHarness } from "wrangler";
import { type ApiEnv, dispatchMonitoringRuns } from "#api/tooling";
import { ROOT } from "../lib/local-bindings";
import { d1SqlStore } from "../reindex/d1-sql-store";
import type { SqlStore } from "../reindex/local-loader";
import { markRunStaged, type SearchOutcome, type StageItem, stageItems } from "#search-index/indexing";
import type { BenchSubscriptions } from "./monitoring-subscriptions";

const seconds = (ms: number) => Math.round(ms / 100) / 10;
/** Give up waiting for the jobs after this long (the target is 10 minutes). */
const JOB_LIMIT_MS = 30 * 60_000;

async function insert(store: SqlStore, head: string, columns: number, rows: (string | number)[][]) {
  for (let at = 0; at < rows.length; at += 5000) {
    const lines = rows.slice(at, at + 5000).map((r) => r.join("\t"));
    await store.insertValues(head, columns, lines.join("\n"), "DB");
  }
}

async function seed(store: SqlStore, subs: BenchSubscriptions) {
  const now = Date.now();
  const users = subs.userIds.map((id) => [id, id, `${id}@bench.urval.se`, "Bänk", "Användare", "2099-01-01T00:00:00.000Z"]);
  await insert(store, "INSERT INTO users (id, username, email, first_name, last_name, subscription_expires_at)", 6, users);
  await insert(
    store,
    "INSERT INTO saved_searches (id, user_id, name, serialized_search, hit_count, checked_version, checked_at, created_at)",
    8,
    subs.searches.map((s) => [s.id, s.user_id, `Bevakning ${s.id.slice(-5)}`, s.serialized_search, 0, 1, now, now]),
  );
  await insert(
    store,
    "INSERT INTO watched_companies (user_id, org_seq_no, org_no, name, created_at)",
    5,
    subs.watched.map((w) => [w.user_id, w.org_seq_no, "000000-0000", "Bevakat bolag", now]),
  );
}

async function waitForJobs(db: D1Database, total: number, progress: SingleBar): Promise<number> {
  const started = Date.now();
  let done = 0;
  progress.start(total, 0);
  while (done < total && Date.now() - started < JOB_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const row = await db
      .prepare("SELECT COUNT(*) AS n FROM monitoring_alert_jobs WHERE done_at IS NOT NULL AND mail_state IN ('SENT', 'SKIPPED')")
      .first<{ n: number }>();
    done = row?.n ?? 0;
    progress.update(done);
  }
  progress.stop();
  return done;
}

export async function runAlertJobs(subs: BenchSubscriptions, outcome: SearchOutcome, watched: StageItem[], progress: SingleBar) {
  const server = createTestHarness({
    root: ROOT,
    workers: ["wrangler.toml", "workers/api/wrangler.toml", "workers/export/wrangler.toml"].map((config) => ({
      configPath: path.join(ROOT, config),
    })),
  });
  try {
    await server.listen();
    const api = server.getWorker<ApiEnv>("urval-api");
    await api.applyD1Migrations("DB");
    const env = await api.getEnv();
    const store = d1SqlStore({ DB: env.DB, SEARCH_DB: env.SEARCH_DB });
    await seed(store, subs);
    let started = performance.now();
    const users = await stageItems(store, 1, 2, outcome, watched);
    await markRunStaged(store, 1, 2, users.size, { added: [], removed: [], changed: [] });
    const stageSeconds = seconds(performance.now() - started);
    started = performance.now();
    const { jobs } = await dispatchMonitoringRuns(env.DB, env.MONITORING_QUEUE, "http://localhost:8787");
    const done = await waitForJobs(env.DB, jobs, progress);
    const jobSeconds = seconds(performance.now() - started);
    const mails = await env.DB.prepare("SELECT COUNT(*) AS n FROM dev_mailbox").first<{ n: number }>();
    const alerts = await env.DB.prepare("SELECT COUNT(*) AS n FROM monitoring_alerts").first<{ n: number }>();
    return { stageSeconds, jobs, jobsDone: done, jobSeconds, mails: mails?.n ?? 0, alerts: alerts?.n ?? 0 };
  } finally {
    await server.close();
  }
}
