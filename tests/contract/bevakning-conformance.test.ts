/**
 * Bevakning on both backends (docs/decisions/0024): the search fixture with hand-made churn is indexed twice on the
 * embedded backend (real local D1 and R2) and twice on Elasticsearch (the fake cluster; only the cluster is mocked),
 * each beside its own app database holding the same users, saved searches and watched companies. Both reindexes
 * must stage the same alerts: the same new and removed companies per saved search, the same hit counts, the same
 * change lines per watched company, and the same run row; and these are the ones the churn was made to cause.
 * Saved searches naming list files run with their owner's files from the app database. The Elasticsearch reindex runs
 * a second time on production's path (`--remote`): its app database behind the fake of D1's HTTP API, its jobs pushed
 * through the fake of Queues' HTTP API (tests/fakes/); it must stage the same rows and enqueue one job per user.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Client } from "@elastic/elasticsearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_splitSqlQuery } from "wrangler";
import { LocalLoader, type SqlStore } from "../../scripts/reindex/local-loader";
import { reindexElasticsearchWithMonitoring } from "../../scripts/reindex/reindex-elasticsearch";
import { reindexEmbedded } from "../../scripts/reindex/reindex-embedded";
import { remoteMonitoring } from "../../scripts/reindex/remote-monitoring";
import { REMOVED_FROM_REGISTER } from "../../search-index/company-changes";
import { createEsClient } from "../../search-index/elasticsearch/es-backend";
import { esNames } from "../../search-index/elasticsearch/es-fields";
import type { CompanySourceRecord, WorksiteSourceRecord } from "../../search-index/records";
import type { SearchInput } from "../../workers/shared/search/search-schema";
import { SearchSchema } from "../../workers/shared/search/search-schema";
import { serializeSearch } from "../../workers/shared/search/search-serialize";
import { encodeKeys } from "../../workers/api/src/list-files/number-codec";
import { orgNoKey } from "../../workers/api/src/list-files/org-number";
import { MonitoringJobMessageSchema } from "../../workers/shared/monitoring-job";
import { startFakeD1Api } from "../fakes/d1-http-server";
import { startFakeQueuesApi } from "../fakes/queues-http-server";
import { fixtureCompanies, fixtureWorksites, writeDataset } from "../fixtures/search/fixture-dataset";
import { applySearchMigrations } from "./embedded-fixture";
import { startFakeElasticsearch } from "./fake-elasticsearch";
import { FakeCluster } from "./fake-es-cluster";

const APP_MIGRATIONS = path.resolve(import.meta.dirname, "../../workers/api/migrations");
const [ANNA, BERIT] = ["user-anna", "user-berit"];
const NEW_ID = 990_001;
const [BERIT_FILE, ANNA_FILE] = [101, 102];

async function applyAppMigrations(loader: LocalLoader) {
  for (const file of readdirSync(APP_MIGRATIONS)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const statements = unstable_splitSqlQuery(readFileSync(path.join(APP_MIGRATIONS, file), "utf8"));
    await loader.sql(
      statements.map((sql) => ({ sql, params: [] })),
      "DB",
    );
  }
}

const edit = (company: CompanySourceRecord, change: Partial<CompanySourceRecord>): CompanySourceRecord => ({
  ...structuredClone(company),
  ...change,
});

/**
 * Worksite-only churn: company 3's Uppsala worksite moves to Göteborg (1480), into s3's location with `useLocation:
 * false`; company 9's Göteborg worksite moves to Malmö, out of it. Neither company's own document changes.
 */
const MOVED_WORKSITES = new Map([
  ["10000302", { orgSeqNo: 3, municipalityCode: "1480", countyCode: "14" }],
  ["10000902", { orgSeqNo: 9, municipalityCode: "1280", countyCode: "12" }],
]);

/**
 * Version 2: one company removed, one added (with a worksite), renames into and out of a search, changed SNI,
 * turnover, F-tax, watched companies' changes, and two companies whose worksites alone change (MOVED_WORKSITES).
 */
function churned(): { companies: CompanySourceRecord[]; worksites: WorksiteSourceRecord[] } {
  const byId = new Map(fixtureCompanies().map((c) => [c.orgSeqNo, c]));
  const at = (id: number) => byId.get(id) as CompanySourceRecord;
  const sigma = at(23);
  const changes = new Map<number, CompanySourceRecord>([
    [13, edit(at(13), { name: "Kappa IT Konsult AB" })],
    [2, edit(at(2), { name: "Beta Rådgivning AB" })],
    [17, edit(at(17), { sniCodes: ["62010"] })],
    [12, edit(at(12), { turnover: 11_000_000 })],
    [28, edit(at(28), { fTaxReg: false })],
    [5, edit(at(5), { phoneNumbers: [...at(5).phoneNumbers, "08-555 12 34"] })],
    [
      23,
      edit(sigma, {
        scoring: 3,
        numEmployees: 21,
        boardMembers: [...sigma.boardMembers, { name: "Bo Bevakare", age: 48, roles: ["Ledamot"] }],
      }),
    ],
  ]);
  const added = edit(at(32), {
    orgSeqNo: NEW_ID,
    orgNo: "559900-0017",
    name: "Konsult Nova AB",
    seatMunicipalityCode: "1480",
    seatCountyCode: "14",
  });
  const companies = [...byId.values()].filter((c) => c.orgSeqNo !== 22).map((c) => changes.get(c.orgSeqNo) ?? c);
  const template = fixtureWorksites().find((w) => w.orgSeqNo === 32) as WorksiteSourceRecord;
  const worksite = { ...template, cfarNo: "99000001", orgSeqNo: NEW_ID, orgNo: added.orgNo, municipalityCode: "0180", countyCode: "01" };
  const moved = (w: WorksiteSourceRecord): WorksiteSourceRecord => {
    const move = MOVED_WORKSITES.get(w.cfarNo);
    if (!move) return w;
    if (w.orgSeqNo !== move.orgSeqNo || w.municipalityCode === move.municipalityCode)
      throw new Error(`fixture worksite ${w.cfarNo} changed`);
    return { ...structuredClone(w), municipalityCode: move.municipalityCode, countyCode: move.countyCode };
  };
  return {
    companies: [...companies, added],
    worksites: [
      ...fixtureWorksites()
        .filter((w) => w.orgSeqNo !== 22)
        .map(moved),
      worksite,
    ],
  };
}

const SAVED: { id: string; user: string; search: SearchInput; checked?: number }[] = [
  { id: "s1-konsult", user: ANNA, search: { text: "konsult" } },
  { id: "s2-it", user: ANNA, search: { codeSet: { sni: ["62"] } } },
  { id: "s3-skane", user: ANNA, search: { codeSet: { location: ["1480"] }, bool: { useLocation: false } } },
  { id: "s4-turnover", user: ANNA, search: { range: { turnover: "10000000_" } } },
  { id: "s5-hb-ftax", user: BERIT, search: { codeSet: { companyForm: ["31"] }, bool: { fTax: true } } },
  { id: "s6-list", user: BERIT, search: { text: "konsult", numSet: { includeFile: [BERIT_FILE] } } },
  { id: "s7-old", user: BERIT, search: { text: "data" }, checked: 0 },
  { id: "s8-food", user: BERIT, search: { codeSet: { sni: ["56"] }, bool: { useMainSni: false } } },
  { id: "s9-it-but-list", user: ANNA, search: { codeSet: { sni: ["62"] }, numSet: { excludeFile: [ANNA_FILE] } } },
  { id: "s10-deleted-list", user: BERIT, search: { text: "konsult", numSet: { includeFile: [999] } } },
  { id: "s11-foreign-list", user: ANNA, search: { text: "konsult", numSet: { includeFile: [BERIT_FILE] } } },
];
/** List files: Berit's holds companies 2 and 13, Anna's company 17 (file 999 was deleted). */
const LIST_FILES: { id: number; user: string; companies: number[] }[] = [
  { id: BERIT_FILE, user: BERIT, companies: [2, 13] },
  { id: ANNA_FILE, user: ANNA, companies: [17] },
];
const WATCHED: [string, number][] = [
  [BERIT, 3],
  [ANNA, 22],
  [ANNA, 23],
  [ANNA, 1],
  [BERIT, 5],
  [BERIT, 23],
];

async function seedAppDatabase(loader: SqlStore) {
  const users = [ANNA, BERIT].map((id) => ({
    sql: `INSERT INTO users (id, username, email, first_name, last_name, subscription_expires_at) VALUES (?, ?, ?, 'Test', 'Testsson', '2099-01-01')`,
    params: [id, id, `${id}@example.se`],
  }));
  const searches = SAVED.map((s) => ({
    sql: `INSERT INTO saved_searches (id, user_id, name, serialized_search, hit_count, checked_version, checked_at, created_at)
          VALUES (?, ?, ?, ?, 10, ?, 0, 0)`,
    params: [s.id, s.user, s.id, serializeSearch(SearchSchema.parse(s.search)), s.checked ?? 1],
  }));
  const watched = WATCHED.map(([user, id]) => ({
    sql: "INSERT INTO watched_companies (user_id, org_seq_no, org_no, name, created_at) VALUES (?, ?, '', '', 0)",
    params: [user, id],
  }));
  const orgNoOf = new Map(fixtureCompanies().map((c) => [c.orgSeqNo, c.orgNo]));
  const files = LIST_FILES.flatMap((file) => {
    const keys = Float64Array.from(file.companies.map((id) => orgNoKey(orgNoOf.get(id) ?? ""))).sort();
    const chunks = encodeKeys(keys).map((chunk, i) => ({
      sql: `INSERT INTO list_file_numbers (file_id, chunk, key_count, keys) VALUES (?, ?, ?, X'${Buffer.from(chunk.bytes).toString("hex")}')`,
      params: [file.id, i, chunk.keyCount],
    }));
    const row = {
      sql: `INSERT INTO list_files (id, user_id, seq_no, name, size_bytes, format, rows_read, valid_count, invalid_count,
              duplicate_count, found_count, worksite_count, created_at) VALUES (?, ?, 0, 'lista.txt', 100, 'text', ?, ?, 0, 0, ?, 0, 0)`,
      params: [file.id, file.user, keys.length, keys.length, keys.length],
    };
    return [row, ...chunks];
  });
  await loader.sql([...users, ...searches, ...watched, ...files], "DB");
}

async function stagedRows(loader: SqlStore) {
  const [items, hits, runs] = await loader.sql(
    [
      {
        sql: `SELECT user_id, kind, subject_id, org_seq_no, company_name, changes FROM monitoring_run_items
              WHERE from_version = 1 AND to_version = 2 ORDER BY user_id, kind, subject_id, org_seq_no`,
        params: [],
      },
      {
        sql: "SELECT saved_search_id, user_id, hit_count FROM monitoring_run_hits WHERE from_version = 1 AND to_version = 2 ORDER BY saved_search_id",
        params: [],
      },
      { sql: "SELECT from_version, to_version, state, users, added, removed, changed FROM monitoring_runs", params: [] },
    ],
    "DB",
  );
  return { items, hits, runs };
}

type Staged = Awaited<ReturnType<typeof stagedRows>>;

const root = mkdtempSync(path.join(tmpdir(), "urval-bevakning-"));
const v1 = { companies: fixtureCompanies(), worksites: fixtureWorksites() };
const v2 = churned();
const staged: Record<"embedded" | "elasticsearch" | "remote", Staged | null> = { embedded: null, elasticsearch: null, remote: null };
let remoteJobs: unknown[] = [];
let withoutPercolator: Awaited<ReturnType<typeof runElasticsearch>> | null = null;
let remoteResult: Awaited<ReturnType<typeof reindexElasticsearchWithMonitoring>> | null = null;
let esResult: Awaited<ReturnType<typeof reindexElasticsearchWithMonitoring>> | null = null;
let esCalls: string[] = [];

async function runEmbedded() {
  const stateDir = path.join(root, "embedded-state");
  const loader = await LocalLoader.open(stateDir);
  try {
    await applySearchMigrations(loader);
    await applyAppMigrations(loader);
    await reindexEmbedded({ sourceDir: writeDataset(path.join(root, "v1"), v1.companies, v1.worksites), persistDir: stateDir });
    await seedAppDatabase(loader);
    await reindexEmbedded({ sourceDir: writeDataset(path.join(root, "v2"), v2.companies, v2.worksites), persistDir: stateDir });
    staged.embedded = await stagedRows(loader);
  } finally {
    await loader.dispose();
  }
}

const source = (version: typeof v1) => ({
  async *companies() {
    yield* version.companies;
  },
  async *worksites() {
    yield* version.worksites;
  },
});

/** Both Elasticsearch reindexes on the local state's app database; the second one's result, requests and staged rows. */
async function runElasticsearch(cluster: FakeCluster, state: string) {
  const fake = await startFakeElasticsearch(cluster.handle);
  const client: Client = createEsClient(
    { ELASTICSEARCH_URL: fake.url, ELASTICSEARCH_DIALECT: "elasticsearch" },
    { fetchConnection: false },
  );
  const loader = await LocalLoader.open(path.join(root, state));
  try {
    await applyAppMigrations(loader);
    const options = { names: esNames("urval_bevakning_"), store: loader };
    await seedAppDatabase(loader);
    await reindexElasticsearchWithMonitoring(client, source(v1), options);
    fake.requests.length = 0;
    const result = await reindexElasticsearchWithMonitoring(client, source(v2), options);
    return { result, calls: fake.requests.map((r) => `${r.method} ${r.path}`), staged: await stagedRows(loader) };
  } finally {
    await Promise.all([client.close(), loader.dispose(), fake.close()]);
  }
}

/** The Elasticsearch reindex with `--remote`'s store and enqueueing, against the fakes of Cloudflare's HTTP APIs. */
async function runElasticsearchRemote() {
  const fake = await startFakeElasticsearch(new FakeCluster().handle);
  const client: Client = createEsClient(
    { ELASTICSEARCH_URL: fake.url, ELASTICSEARCH_DIALECT: "elasticsearch" },
    { fetchConnection: false },
  );
  const d1 = await startFakeD1Api({ token: "tok", migrationsDir: APP_MIGRATIONS });
  const queues = await startFakeQueuesApi({ token: "tok", queues: { "urval-monitoring-alerts": "a1b2c3d4e5f60718293a4b5c6d7e8f90" } });
  // One base URL, as Cloudflare's API has: the two fakes are reached by path.
  const fetcher: typeof fetch = (input, init) => {
    const url = String(input);
    return fetch(url.includes("/queues") ? url.replace(d1.baseUrl, queues.baseUrl) : url, init);
  };
  const remote = remoteMonitoring(
    {
      api: { accountId: "acc", apiToken: "tok", baseUrl: d1.baseUrl, fetcher },
      databaseIds: { DB: "app", SEARCH_DB: "search" },
      queueName: "urval-monitoring-alerts",
      origin: "https://app.urval.se",
    },
    { retryDelayMs: 1 },
  );
  try {
    const options = { names: esNames("urval_bevakning_remote_"), ...remote };
    await seedAppDatabase(remote.store);
    await reindexElasticsearchWithMonitoring(client, source(v1), options);
    remoteResult = await reindexElasticsearchWithMonitoring(client, source(v2), options);
    staged.remote = await stagedRows(remote.store);
    remoteJobs = queues.received("urval-monitoring-alerts");
  } finally {
    await Promise.all([client.close(), fake.close(), d1.close(), queues.close()]);
  }
}

beforeAll(async () => {
  await runEmbedded();
  const percolated = await runElasticsearch(new FakeCluster(), "es-state");
  [esResult, esCalls, staged.elasticsearch] = [percolated.result, percolated.calls, percolated.staged];
  withoutPercolator = await runElasticsearch(new FakeCluster({ percolator: false }), "es-batched-state");
  await runElasticsearchRemote();
}, 180_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const item = (user: string, kind: string, subject: string, orgSeqNo: number) => ({
  user_id: user,
  kind,
  subject_id: subject,
  org_seq_no: orgSeqNo,
});

describe("Bevakning: the same alerts on both backends", () => {
  it("stages the same rows from the embedded and the Elasticsearch reindex", () => {
    expect(staged.embedded?.items?.length).toBeGreaterThan(0);
    expect(staged.elasticsearch).toEqual(staged.embedded);
  });

  it("stages the same rows on production's path, over D1's HTTP API, and enqueues one job per user over Queues' HTTP API", () => {
    expect(staged.remote?.items).toEqual(staged.embedded?.items);
    expect(staged.remote?.hits).toEqual(staged.embedded?.hits);
    expect(staged.remote?.runs).toEqual([
      { from_version: 1, to_version: 2, state: "ENQUEUED", users: 2, added: 1, removed: 1, changed: 9 },
    ]);
    expect(remoteResult).toMatchObject({ percolator: { stored: 11, deleted: 0 }, enqueued: { runs: 1, jobs: 2 } });
    const jobs = remoteJobs.map((body) => MonitoringJobMessageSchema.parse(body));
    expect(jobs.map((j) => [j.userId, j.fromVersion, j.toVersion, j.origin]).sort()).toEqual([
      [ANNA, 1, 2, "https://app.urval.se"],
      [BERIT, 1, 2, "https://app.urval.se"],
    ]);
  });

  it("stages the same rows on a cluster without the percolator, running the saved searches as batched searches", () => {
    expect(withoutPercolator?.staged).toEqual(staged.embedded);
    expect(withoutPercolator?.result).toMatchObject({
      percolator: { fallback: "batched-search" },
      changes: { monitoring: { skipped: 3, users: 2 } },
    });
    const calls = withoutPercolator?.calls ?? [];
    expect(calls).toContain("POST /_msearch");
    expect(calls.indexOf("POST /_msearch")).toBeLessThan(calls.indexOf("POST /_aliases"));
    expect(calls).not.toContain("POST /urval_bevakning_saved_searches/_search");
  });

  it("finds the new and removed companies the churn causes, per saved search", () => {
    const searchItems = (staged.elasticsearch?.items ?? [])
      .filter((row) => row.kind !== "COMPANY_CHANGED")
      .map((row) => item(String(row.user_id), String(row.kind), String(row.subject_id), Number(row.org_seq_no)));
    expect(searchItems).toEqual([
      item(ANNA, "SEARCH_NEW", "s1-konsult", 13),
      item(ANNA, "SEARCH_NEW", "s1-konsult", NEW_ID),
      item(ANNA, "SEARCH_NEW", "s2-it", 17),
      item(ANNA, "SEARCH_NEW", "s2-it", NEW_ID),
      item(ANNA, "SEARCH_NEW", "s3-skane", 3),
      item(ANNA, "SEARCH_NEW", "s3-skane", NEW_ID),
      item(ANNA, "SEARCH_NEW", "s4-turnover", 12),
      item(ANNA, "SEARCH_NEW", "s9-it-but-list", NEW_ID),
      item(ANNA, "SEARCH_REMOVED", "s1-konsult", 2),
      item(ANNA, "SEARCH_REMOVED", "s1-konsult", 22),
      item(ANNA, "SEARCH_REMOVED", "s3-skane", 9),
      item(ANNA, "SEARCH_REMOVED", "s4-turnover", 22),
      item(BERIT, "SEARCH_NEW", "s6-list", 13),
      item(BERIT, "SEARCH_REMOVED", "s5-hb-ftax", 28),
      item(BERIT, "SEARCH_REMOVED", "s6-list", 2),
    ]);
    // Skipped: s7 was checked at another version, s10 names a deleted list file and s11 another user's (invalid at
    // serving time too); s6 and s9 run with their owner's list files; s8 is evaluated and unchanged.
    expect(staged.elasticsearch?.hits).toEqual([
      { saved_search_id: "s1-konsult", user_id: ANNA, hit_count: 10 },
      { saved_search_id: "s2-it", user_id: ANNA, hit_count: 12 },
      { saved_search_id: "s3-skane", user_id: ANNA, hit_count: 11 },
      { saved_search_id: "s4-turnover", user_id: ANNA, hit_count: 10 },
      { saved_search_id: "s5-hb-ftax", user_id: BERIT, hit_count: 9 },
      { saved_search_id: "s6-list", user_id: BERIT, hit_count: 10 },
      { saved_search_id: "s8-food", user_id: BERIT, hit_count: 10 },
      { saved_search_id: "s9-it-but-list", user_id: ANNA, hit_count: 11 },
    ]);
  });

  it("sees a change to a company's worksites alone, on both backends alike", () => {
    // The companies' own documents are the same in both versions: only their worksites moved.
    const company = (version: typeof v1, id: number) => version.companies.find((c) => c.orgSeqNo === id);
    for (const { orgSeqNo } of MOVED_WORKSITES.values()) expect(company(v2, orgSeqNo)).toEqual(company(v1, orgSeqNo));
    for (const rows of [staged.embedded, staged.elasticsearch]) {
      const s3 = (rows?.items ?? []).filter((row) => row.subject_id === "s3-skane").map((row) => [row.kind, row.org_seq_no]);
      expect(s3).toEqual([
        ["SEARCH_NEW", 3],
        ["SEARCH_NEW", NEW_ID],
        ["SEARCH_REMOVED", 9],
      ]);
    }
  });

  it("describes the watched companies' changes in Swedish, their worksites' too, and a removed company as removed", () => {
    const lines = (staged.elasticsearch?.items ?? [])
      .filter((row) => row.kind === "COMPANY_CHANGED")
      .map((row) => [row.user_id, row.org_seq_no, JSON.parse(String(row.changes))]);
    const sigma = ["Ny styrelseledamot: Bo Bevakare (Ledamot)", "Kreditbetyg 4 av 4 → 3 av 4", "Antal anställda 18 → 21"];
    expect(lines).toEqual([
      [ANNA, 22, [REMOVED_FROM_REGISTER]],
      [ANNA, 23, sigma],
      // Company 3's own document did not change: only its worksite moved (MOVED_WORKSITES).
      [BERIT, 3, ["Arbetsställe flyttat: Gamma Bygg Uppsala, Uppsala → Göteborg"]],
      [BERIT, 5, ["Nytt telefonnummer: 08-555 12 34"]],
      [BERIT, 23, sigma],
    ]);
  });

  it("marks the run STAGED with the change set's counts", () => {
    expect(staged.elasticsearch?.runs).toEqual([
      { from_version: 1, to_version: 2, state: "STAGED", users: 2, added: 1, removed: 1, changed: 9 },
    ]);
  });

  it("on Elasticsearch: resyncs and percolates before the alias swap, and reports what it did", () => {
    const swap = esCalls.indexOf("POST /_aliases");
    const percolates = esCalls
      .map((call, i) => [call, i] as const)
      .filter(([call]) => call === "POST /urval_bevakning_saved_searches/_search");
    expect(swap).toBeGreaterThan(0);
    expect(percolates.length).toBeGreaterThanOrEqual(2);
    expect(percolates.every(([, i]) => i < swap)).toBe(true);
    expect(esResult).toMatchObject({
      version: 2,
      previousVersion: 1,
      percolator: { stored: 11, deleted: 0 },
      changes: { added: 1, removed: 1, changed: 9, monitoring: { savedSearches: 11, skipped: 3, watchedChanged: 5, users: 2 } },
    });
  });
});
