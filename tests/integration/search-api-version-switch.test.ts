/**
 * A reindex that switches versions and drops the old one's tables at once (`--grace-seconds 0`) while an API isolate
 * still holds the old version (it re-reads the pointer every 30 s). Seen in the e2e run of Bevakning: searches and the
 * SNI aggregation answered 500 "no such table: companies_v2". Now a call that finds its version's documents gone
 * re-reads the pointer and runs again, whole, on the live version.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EntityAnswerSchema, SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import { removeVersionStatements } from "#search-index/engine";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";
import { authedFetch, createTestUser, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";
import { seedIndex } from "../support/seed-index";

const harness = createUrvalHarness();
let user: TestUser;

beforeAll(async () => {
  await harness.start();
  await seedIndex(harness);
  user = await createTestUser(harness);
}, 180_000);
afterAll(() => harness.server.close());

const searchPage = (body: unknown) =>
  authedFetch(harness, user.cookie, "/sapi/search/page/0", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** Version `version` goes live with `companies` and the versions before it are dropped, tables and all. */
async function switchAndDrop(version: number, companies = fixtureCompanies()) {
  const ids = new Set(companies.map((company) => company.orgSeqNo));
  const worksites = fixtureWorksites().filter((worksite) => ids.has(worksite.orgSeqNo));
  await seedIndex(harness, { source: { companies, worksites }, version });
  const db = (await harness.api().getEnv()).SEARCH_DB;
  for (let old = 1; old < version; old++) {
    await db.batch(removeVersionStatements(old).map(({ sql, params }) => db.prepare(sql).bind(...params)));
  }
}

describe("a version dropped under a running isolate", () => {
  it("searches, details and the SNI aggregation answer from the live version, never 500", async () => {
    const before = await searchPage({});
    expect(before.status).toBe(200);
    expect(before.headers.get("X-Index-Version")).toBe("1");

    // Each call below is the first of its kind after a switch to a smaller version, so it starts on the dropped one.
    const search = fixtureCompanies().slice(0, 30);
    await switchAndDrop(2, search);
    const after = await searchPage({ sort: [{ field: "name", ascending: true }] });
    expect(after.status, await after.clone().text()).toBe(200);
    expect(after.headers.get("X-Index-Version")).toBe("2");
    expect(SearchPageAnswerSchema.parse(await after.json()).results.hitCount).toBe(search.length);

    const details = fixtureCompanies().slice(0, 25);
    await switchAndDrop(3, details);
    const entity = await authedFetch(harness, user.cookie, `/sapi/details/entity/${details[0]?.orgSeqNo}`);
    expect(entity.status, await entity.clone().text()).toBe(200);
    expect(entity.headers.get("X-Index-Version")).toBe("3");
    expect(EntityAnswerSchema.parse(await entity.json())).toMatchObject({ orgSeqNo: details[0]?.orgSeqNo });

    const sni = fixtureCompanies().slice(0, 20);
    await switchAndDrop(4, sni);
    const sniAggregation = await authedFetch(harness, user.cookie, "/sapi/refdata/sni-aggregation");
    expect(sniAggregation.status, await sniAggregation.clone().text()).toBe(200);
    const counts = (await sniAggregation.json()) as { count: number }[];
    expect(counts.reduce((sum, group) => sum + group.count, 0)).toBe(sni.length);
    expect((await searchPage({})).headers.get("X-Index-Version")).toBe("4");
  });
});
