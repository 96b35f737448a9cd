/**
 * Bevakning on a generated nightly churn (issue 23, point 6): a generated Sweden of 20 000 companies (6 000 inside npm
 * test; fixed seed) and the same dataset after `data:generate --churn` (churnDataset: about 0.3 % added, 0.1 % removed,
 * 2 % changed) are indexed one after the other on the embedded backend and on the real cluster of the test run, each
 * beside its own app database with the same users, saved searches (hand-written ones and random ones from the search
 * model's generators, two naming list files) and watched companies. The cluster's percolator must give the same alerts:
 * the same staged items, hit counts and run row.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { churnDataset, type ChurnResult } from "#scripts/data/churn";
import type { reindexElasticsearchWithMonitoring } from "#scripts/reindex/reindex-elasticsearch";
import { readCompanies, readWorksites } from "#scripts/reindex/source-reader";
import type { CompanySourceRecord } from "#search-index/records";
import type { SearchInput } from "#shared/search/search-schema";
import { sharedDataset } from "../support/shared";
import { EQUIVALENCE_DATASET } from "./support/equivalence-dataset";
import { appDatabase, runElasticsearch, runEmbedded, type StagedRows, type Subscriptions } from "./support/bevakning-runs";
import { clusterClient, dropIndices } from "./support/es-cluster-helpers";
import { searchArb } from "./support/property-cases";

const PREFIX = "urval_bevchurn_";
const COMPANIES = EQUIVALENCE_DATASET.companies;
const USERS = ["user-a", "user-b", "user-c"];
const [LIST_IN, LIST_OUT] = [201, 202];
const root = mkdtempSync(path.join(tmpdir(), "urval-bevakning-churn-"));
/** v1 is the test run's shared dataset (the equivalence suite's, tests/support/shared.ts), v2 its churned copy. */
const dirs: [string, string] = ["", path.join(root, "v2")];
let churn: ChurnResult;
let embedded: StagedRows;
let es: { staged: StagedRows; result: Awaited<ReturnType<typeof reindexElasticsearchWithMonitoring>> };

const HAND_WRITTEN: SearchInput[] = [
  {},
  { codeSet: { sni: ["62"] } },
  { codeSet: { sni: ["68"], location: ["0180"] } },
  { codeSet: { sni: ["43"] }, bool: { useMainSni: false } },
  { codeSet: { location: ["1480"] }, bool: { useLocation: false } },
  { codeSet: { companyForm: ["31"] }, bool: { fTax: true } },
  { range: { turnover: "10000000_" } },
  { range: { numEmployees: "10_" }, codeSet: { location: ["01"] } },
  { range: { scoring: "3_" }, codeSet: { sni: ["47"] } },
  { range: { createdDate: "20200101_" } },
  { text: "bygg" },
  { text: "holding", codeSet: { location: ["01"] } },
  { bool: { vatReg: false }, codeSet: { location: ["0380"] } },
];

async function companiesOf(dir: string): Promise<Map<number, CompanySourceRecord>> {
  const companies = new Map<number, CompanySourceRecord>();
  for await (const company of readCompanies(dir)) companies.set(company.orgSeqNo, company);
  return companies;
}

/** Users following the churn: every kind of search, two list files, and watched companies that changed, went or stayed. */
function subscriptionsFor(before: Map<number, CompanySourceRecord>, after: Map<number, CompanySourceRecord>): Subscriptions {
  const changed = [...after.values()].filter((c) => before.has(c.orgSeqNo) && JSON.stringify(before.get(c.orgSeqNo)) !== JSON.stringify(c));
  const removed = [...before.keys()].filter((id) => !after.has(id));
  const unchanged = [...after.keys()].filter((id) => before.has(id) && !changed.some((c) => c.orgSeqNo === id)).slice(0, 15);
  const random = fc.sample(searchArb("COMPANY"), { numRuns: 30, seed: 9191 }).map(({ input }) => ({ ...input, numSet: {} }));
  const searches = [...HAND_WRITTEN, ...random].map((search, i) => ({ id: `g${String(i).padStart(2, "0")}`, user: USERS[i % 3]!, search }));
  // The list holds changed companies and some that go: the search of it alone loses them.
  const listed = [...changed.filter((_, i) => i % 3 === 0), ...removed.slice(0, 5).map((id) => before.get(id)!)].map((c) => c.orgNo);
  return {
    users: USERS,
    saved: [
      ...searches,
      { id: "l1-in-list", user: USERS[0]!, search: { numSet: { includeFile: [LIST_IN] } } },
      { id: "l2-not-in-list", user: USERS[1]!, search: { codeSet: { sni: ["68"] }, numSet: { excludeFile: [LIST_OUT] } } },
    ],
    listFiles: [
      { id: LIST_IN, user: USERS[0]!, orgNos: listed },
      { id: LIST_OUT, user: USERS[1]!, orgNos: changed.slice(0, 40).map((c) => c.orgNo) },
    ],
    watched: [...changed.slice(0, 60).map((c) => c.orgSeqNo), ...removed.slice(0, 20), ...unchanged].map((id, i) => [USERS[i % 3]!, id]),
  };
}

const dirSource = (dir: string) => ({ companies: () => readCompanies(dir), worksites: () => readWorksites(dir) });

beforeAll(async () => {
  dirs[0] = await sharedDataset(EQUIVALENCE_DATASET.companies, EQUIVALENCE_DATASET.seed);
  cpSync(dirs[0], dirs[1], { recursive: true });
  churn = await churnDataset({ dir: dirs[1], seed: 31_338 });
  const subscriptions = subscriptionsFor(await companiesOf(dirs[0]), await companiesOf(dirs[1]));
  const info = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    embedded = await runEmbedded(path.join(root, "embedded-state"), dirs, subscriptions);
    const { client, names } = clusterClient(PREFIX);
    const store = await appDatabase(path.join(root, "es-state"));
    try {
      await dropIndices(PREFIX);
      es = await runElasticsearch(client, names, store, [dirSource(dirs[0]), dirSource(dirs[1])], subscriptions);
    } finally {
      await Promise.all([client.close(), store.dispose()]);
    }
  } finally {
    info.mockRestore();
  }
}, 600_000);
afterAll(async () => {
  await dropIndices(PREFIX);
  rmSync(root, { recursive: true, force: true });
});

describe("Bevakning on a generated churn: the cluster's percolator alerts as the embedded backend does", () => {
  it("stages the same items, hit counts and run on both backends", () => {
    expect(es.staged.items).toEqual(embedded.items);
    expect(es.staged.hits).toEqual(embedded.hits);
    expect(es.staged.runs).toEqual(embedded.runs);
    expect(es.result).toMatchObject({ version: 2, previousVersion: 1, percolator: { stored: 45, deleted: 0 } });
  });

  it("is no degenerate comparison: every kind of alert occurs, for every user, and the run counts the churn", () => {
    const kinds = new Set((embedded.items ?? []).map((row) => String(row.kind)));
    expect([...kinds].sort()).toEqual(["COMPANY_CHANGED", "SEARCH_NEW", "SEARCH_REMOVED"]);
    const searchesWithAlerts = new Set((embedded.items ?? []).filter((row) => row.kind !== "COMPANY_CHANGED").map((row) => row.subject_id));
    expect(searchesWithAlerts.size).toBeGreaterThan(15);
    expect(searchesWithAlerts).toContain("l1-in-list");
    expect(new Set((embedded.items ?? []).map((row) => row.user_id))).toEqual(new Set(USERS));
    expect(embedded.runs).toEqual([
      expect.objectContaining({ state: "STAGED", users: 3, added: churn.added, removed: churn.removed, changed: expect.any(Number) }),
    ]);
    console.log(
      `[bevakning churn] ${COMPANIES} companies, churn +${churn.added} -${churn.removed} ~${churn.changed}: ` +
        `${embedded.items?.length} items and ${embedded.hits?.length} hit counts equal on both backends`,
    );
  });
});
