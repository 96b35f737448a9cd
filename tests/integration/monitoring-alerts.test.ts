/**
 * Bevakning after a reindex (issue 16), through the real pipeline in the local Workers runtime: index version 1 of the
 * search fixture, users save a search and watch companies, version 2 with hand-made churn (a company added, one
 * removed, one renamed into the search, one watched company with a new credit grade and board member); the reindex's
 * change set (document hashes) and staging step run on the harness's D1; the API enqueues one job per affected user on
 * the real queue; the API worker's consumer writes the alerts and the digest into the development mailbox. Then a
 * redelivered job (no second e-mail, no duplicate rows), a job sent both by the reindex (through Queues' HTTP API, a
 * local fake forwarding into the real queue) and by the API (one set of rows, one e-mail), and poison messages
 * (dead-lettered, the others processed).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompanySourceRecord } from "#search-index/engine";
import { diffHashes, embeddedMonitoringSource, hashesFromDocuments, markRunStaged, stageMonitoring } from "#search-index/indexing";
import { d1SqlStore } from "#scripts/reindex/d1-sql-store";
import type { SqlStore } from "#scripts/reindex/local-loader";
import { httpQueue } from "#scripts/reindex/queues-http";
import { MonitoringOverviewSchema } from "#shared/api-contracts/monitoring";
import type { MonitoringJobMessage } from "#shared/monitoring-job";
import { SearchSchema } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";
import { startFakeQueuesApi } from "../support/fakes/queues-http-server";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";
import { authedFetch, createTestUser, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";
import { seedIndex } from "../support/seed-index";

const harness = createUrvalHarness();
const env = () => harness.api().getEnv();

/** The reindex's SQL access, on the harness's own D1 bindings. */
async function harnessStore(): Promise<SqlStore> {
  const bindings = await env();
  return d1SqlStore({ DB: bindings.DB, SEARCH_DB: bindings.SEARCH_DB });
}

const SEARCH = serializeSearch(SearchSchema.parse({ text: "bevakningsbolag" }));
let v1: CompanySourceRecord[];
let v2: CompanySourceRecord[];
let watched: CompanySourceRecord;
let owner: TestUser;

function renamed(company: CompanySourceRecord, name: string): CompanySourceRecord {
  return { ...structuredClone(company), name };
}

/** Version 1 and version 2 of the fixture with the churn this file expects. */
function datasets() {
  const base = fixtureCompanies();
  const [gone, stays, renamedIn, ...rest] = base;
  watched = rest.find((c) => c.scoring !== null && c.scoring < 4)!;
  const first = [renamed(gone!, "Bevakningsbolaget Gamla AB"), renamed(stays!, "Bevakningsbolaget Kvar AB"), renamedIn!, ...rest];
  const added = { ...renamed(stays!, "Bevakningsbolaget Nya AB"), orgSeqNo: 990_001, orgNo: "559900-0017" };
  const changedWatch = {
    ...structuredClone(watched),
    scoring: watched.scoring! + 1,
    boardMembers: [...watched.boardMembers, { name: "Bo Bevakare", age: 48, roles: ["Ledamot"] }],
  };
  const second = [
    first[1]!,
    renamed(renamedIn!, "Bevakningsbolaget Ändrat AB"),
    ...rest.map((c) => (c.orgSeqNo === watched.orgSeqNo ? changedWatch : c)),
    added,
  ];
  return { first, second, removedId: gone!.orgSeqNo, addedId: added.orgSeqNo, renamedId: renamedIn!.orgSeqNo };
}

async function overview(user: TestUser) {
  const response = await authedFetch(harness, user.cookie, "/sapi/monitoring");
  return MonitoringOverviewSchema.parse(await response.json());
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const mailsTo = async (email: string) =>
  (
    await (await env()).DB.prepare("SELECT subject, body FROM dev_mailbox WHERE recipient = ? ORDER BY id").bind(email).all<{
      subject: string;
      body: string;
    }>()
  ).results;

const count = async (sql: string, ...params: unknown[]) =>
  (
    await (
      await env()
    ).DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? -1;

/** `user` watches the watched company, and a run from → to staged one change line for it. */
async function watchWithStagedChange(user: TestUser, from: number, to: number, line: string) {
  const d1 = (await env()).DB;
  await d1
    .prepare("INSERT INTO watched_companies (user_id, org_seq_no, org_no, name, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(user.userId, watched.orgSeqNo, watched.orgNo, watched.name, Date.now())
    .run();
  await d1
    .prepare(
      `INSERT INTO monitoring_run_items (from_version, to_version, user_id, kind, subject_id, org_seq_no, company_name, changes)
       VALUES (?, ?, ?, 'COMPANY_CHANGED', '', ?, ?, ?)`,
    )
    .bind(from, to, user.userId, watched.orgSeqNo, watched.name, JSON.stringify([line]))
    .run();
}

let sets: ReturnType<typeof datasets>;

beforeAll(async () => {
  await harness.start();
  sets = datasets();
  v1 = sets.first;
  v2 = sets.second;
  const worksites = fixtureWorksites();
  await seedIndex(harness, { source: { companies: v1, worksites }, version: 1 });
  owner = await createTestUser(harness, { firstName: "Vera" });
  const saved = await authedFetch(harness, owner.cookie, "/sapi/monitoring/searches", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Bevakningsbolagen", serializedSearch: SEARCH }),
  });
  expect(saved.status).toBe(200);
  expect(await saved.json()).toMatchObject({ hitCount: 2 });
  expect((await authedFetch(harness, owner.cookie, `/sapi/monitoring/companies/${watched.orgSeqNo}`, { method: "POST" })).status).toBe(200);
  await seedIndex(harness, { source: { companies: v2, worksites: worksites.filter((w) => w.orgSeqNo !== sets.removedId) }, version: 2 });
}, 180_000);
afterAll(() => harness.server.close());

describe("Bevakning after a reindex", () => {
  it("finds the change set by document hashes, stages the users' alerts and delivers them with one digest", async () => {
    const store = await harnessStore();
    const changes = diffHashes(await hashesFromDocuments(store, 1), await hashesFromDocuments(store, 2));
    expect(changes).toEqual({
      added: [sets.addedId],
      removed: [sets.removedId],
      changed: [sets.renamedId, watched.orgSeqNo].sort((a, b) => a - b),
    });
    const staged = await stageMonitoring(store, embeddedMonitoringSource(store), { from: 1, to: 2 }, changes);
    expect(staged).toMatchObject({ skipped: 0, watchedChanged: 1 });
    expect(staged.userIds).toContain(owner.userId);
    await markRunStaged(store, 1, 2, staged.users, changes);

    // The header's unread call starts the dispatch; the jobs run on the queue.
    const unread = await waitFor(
      async () => (await (await authedFetch(harness, owner.cookie, "/sapi/monitoring/unread")).json()) as { unread: number },
      (value) => value.unread === 4,
    );
    expect(unread).toEqual({ unread: 4 });
    const view = await overview(owner);
    expect(view.savedSearches[0]).toMatchObject({ hitCount: 3, previousHitCount: 2, newCount: 2, removedCount: 1 });
    const company = view.watchedCompanies[0]!;
    expect(company.changes[0]?.lines).toEqual([
      `Ny styrelseledamot: Bo Bevakare (Ledamot)`,
      `Kreditbetyg ${watched.scoring} av 4 → ${watched.scoring! + 1} av 4`,
    ]);
    const newIds = await (await authedFetch(harness, owner.cookie, `/sapi/monitoring/searches/${view.savedSearches[0]!.id}/new`)).json();
    expect(newIds).toMatchObject({ orgSeqNos: [sets.renamedId, sets.addedId].sort((a, b) => a - b) });

    const mails = await waitFor(
      () => mailsTo(owner.email),
      (m) => m.length === 1,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Bevakning: 4 nya händelser");
    expect(mails[0]!.body).toContain("Hej Vera!");
    expect(mails[0]!.body).toContain("• Bevakningsbolagen: 2 nya företag, 1 företag matchar inte längre");
    expect(mails[0]!.body).toContain("Nya: Bevakningsbolaget");
    expect(mails[0]!.body).toContain(`  – Kreditbetyg ${watched.scoring} av 4 → ${watched.scoring! + 1} av 4`);
    expect(mails[0]!.body).toMatch(/Se alla ändringar: http:\/\/[^\s]+\/bevakningar/);
  });

  it("writes no rows and sends no e-mail when a job is delivered again", async () => {
    const { url } = await harness.server.listen();
    const job: MonitoringJobMessage = { userId: owner.userId, fromVersion: 1, toVersion: 2, origin: url.origin };
    const alerts = await count("SELECT COUNT(*) AS n FROM monitoring_alerts WHERE user_id = ?", owner.userId);
    await (await env()).MONITORING_QUEUE.send(job);
    const attempts = await waitFor(
      () => count("SELECT attempts AS n FROM monitoring_alert_jobs WHERE user_id = ? AND to_version = 2", owner.userId),
      (n) => n === 2,
    );
    expect(attempts).toBe(2);
    expect(await count("SELECT COUNT(*) AS n FROM monitoring_alerts WHERE user_id = ?", owner.userId)).toBe(alerts);
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect((await overview(owner)).savedSearches[0]).toMatchObject({ hitCount: 3, previousHitCount: 2 });
  });

  it("writes the rows and sends the e-mail once when both the reindex and the API enqueue a job", async () => {
    const { url } = await harness.server.listen();
    const user = await createTestUser(harness);
    const d1 = (await env()).DB;
    await watchWithStagedChange(user, 20, 21, "Ny adress: Storgatan 1, 111 22 Stockholm");
    await markRunStaged(await harnessStore(), 20, 21, 1, { added: [], removed: [], changed: [watched.orgSeqNo] });
    // The reindex (`--remote`) claims the run and pushes its job through Queues' HTTP API, then dies before marking
    // the run enqueued: after the claim expires the API enqueues the same job again.
    const queues = await startFakeQueuesApi({
      token: "tok",
      queues: { "urval-monitoring-alerts": "9f8e7d6c5b4a39281706f5e4d3c2b1a0" },
      onMessages: async (_queue, bodies) =>
        (await env()).MONITORING_QUEUE.sendBatch(bodies.map((body) => ({ body: body as MonitoringJobMessage }))),
    });
    try {
      const queue = await httpQueue<MonitoringJobMessage>(
        { accountId: "acc", apiToken: "tok", baseUrl: queues.baseUrl },
        "urval-monitoring-alerts",
      );
      await queue.sendBatch([{ body: { userId: user.userId, fromVersion: 20, toVersion: 21, origin: url.origin } }]);
    } finally {
      await queues.close();
    }
    await d1
      .prepare("UPDATE monitoring_runs SET state = 'ENQUEUING', enqueued_at = ? WHERE to_version = 21")
      .bind(Date.now() - 6 * 60_000)
      .run();
    expect((await authedFetch(harness, user.cookie, "/sapi/monitoring/unread")).status).toBe(200);
    const attempts = await waitFor(
      () => count("SELECT attempts AS n FROM monitoring_alert_jobs WHERE user_id = ? AND to_version = 21", user.userId),
      (n) => n === 2,
    );
    expect(attempts).toBe(2);
    expect(await count("SELECT COUNT(*) AS n FROM monitoring_runs WHERE to_version = 21 AND state = 'ENQUEUED'")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM monitoring_alerts WHERE user_id = ?", user.userId)).toBe(1);
    const mails = await waitFor(
      () => mailsTo(user.email),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("  – Ny adress: Storgatan 1, 111 22 Stockholm");
  });

  it("dead-letters poison messages and still processes the others of the batch", async () => {
    const { url } = await harness.server.listen();
    const other = await createTestUser(harness);
    const d1 = (await env()).DB;
    await watchWithStagedChange(other, 2, 3, "Antal anställda 4 → 5");
    const deadBefore = await count("SELECT COUNT(*) AS n FROM monitoring_dead_jobs");
    await (
      await env()
    ).MONITORING_QUEUE.sendBatch([
      { body: { userId: other.userId, fromVersion: "två" } as unknown as MonitoringJobMessage },
      { body: { userId: "ingen-sadan-anvandare", fromVersion: 2, toVersion: 3, origin: url.origin } },
      { body: { userId: other.userId, fromVersion: 2, toVersion: 3, origin: url.origin } },
    ]);
    const unread = await waitFor(
      () => count("SELECT COUNT(*) AS n FROM monitoring_alerts WHERE user_id = ? AND read_at IS NULL", other.userId),
      (n) => n === 1,
    );
    expect(unread).toBe(1);
    await waitFor(
      () => count("SELECT COUNT(*) AS n FROM monitoring_dead_jobs"),
      (n) => n === deadBefore + 2,
    );
    const { results } = await d1.prepare("SELECT reason FROM monitoring_dead_jobs ORDER BY id DESC LIMIT 2").all<{ reason: string }>();
    expect(results.map((r) => r.reason).sort()).toEqual(["INVALID_MESSAGE", "UNKNOWN_USER"]);
    expect((await mailsTo(other.email))[0]?.body).toContain("  – Antal anställda 4 → 5");
  });
});

describe("Bevakning's retention (the API's cron)", () => {
  const DAY = 86_400_000;

  it("deletes alerts, job rows and dead jobs after 180 days and a run's staged rows 14 days after it was enqueued", async () => {
    const user = await createTestUser(harness);
    const d1 = (await env()).DB;
    const now = Date.now();
    const alert = (from: number, createdAt: number) =>
      d1
        .prepare(
          `INSERT INTO monitoring_alerts (user_id, from_version, to_version, kind, subject_id, org_seq_no, company_name, changes, created_at)
           VALUES (?, ?, ?, 'COMPANY_CHANGED', '', 1, 'Bolaget AB', '[]', ?)`,
        )
        .bind(user.userId, from, from + 1, createdAt);
    const run = (from: number, enqueuedAt: number) =>
      d1
        .prepare(
          `INSERT INTO monitoring_runs (from_version, to_version, state, users, added, removed, changed, created_at, enqueued_at)
           VALUES (?, ?, 'ENQUEUED', 1, 0, 0, 1, ?, ?)`,
        )
        .bind(from, from + 1, enqueuedAt, enqueuedAt);
    const staged = (from: number) => [
      d1
        .prepare(
          `INSERT INTO monitoring_run_items (from_version, to_version, user_id, kind, subject_id, org_seq_no, company_name, changes)
           VALUES (?, ?, ?, 'COMPANY_CHANGED', '', 1, 'Bolaget AB', '[]')`,
        )
        .bind(from, from + 1, user.userId),
      d1
        .prepare("INSERT INTO monitoring_run_hits (from_version, to_version, saved_search_id, user_id, hit_count) VALUES (?, ?, 's', ?, 1)")
        .bind(from, from + 1, user.userId),
    ];
    const job = (from: number, createdAt: number) =>
      d1
        .prepare("INSERT INTO monitoring_alert_jobs (user_id, from_version, to_version, created_at, done_at) VALUES (?, ?, ?, ?, ?)")
        .bind(user.userId, from, from + 1, createdAt, createdAt);
    await d1.batch([
      alert(40, now - 181 * DAY),
      alert(46, now - DAY),
      job(40, now - 181 * DAY),
      job(46, now - DAY),
      d1.prepare("INSERT INTO monitoring_dead_jobs (body, reason, created_at) VALUES ('{}', 'RETENTION_TEST', ?)").bind(now - 181 * DAY),
      run(40, now - 181 * DAY),
      run(44, now - 15 * DAY),
      ...staged(44),
      run(46, now - DAY),
      ...staged(46),
    ]);

    await harness.api().scheduled({ cron: "*/10 * * * *", scheduledTime: new Date() });

    const pairs = async (table: string) =>
      (
        await d1
          .prepare(`SELECT DISTINCT from_version AS v FROM ${table} WHERE from_version BETWEEN 40 AND 47 ORDER BY v`)
          .all<{ v: number }>()
      ).results.map((r) => r.v);
    expect(
      (await d1.prepare("SELECT from_version AS v FROM monitoring_alerts WHERE user_id = ?").bind(user.userId).all<{ v: number }>())
        .results,
    ).toEqual([{ v: 46 }]);
    expect(await pairs("monitoring_alert_jobs")).toEqual([46]);
    expect(await count("SELECT COUNT(*) AS n FROM monitoring_dead_jobs WHERE reason = 'RETENTION_TEST'")).toBe(0);
    // The run enqueued 15 days ago keeps its row (so it is never enqueued again) but not its staged rows.
    expect(await pairs("monitoring_runs")).toEqual([44, 46]);
    expect(await pairs("monitoring_run_items")).toEqual([46]);
    expect(await pairs("monitoring_run_hits")).toEqual([46]);
  });
});
