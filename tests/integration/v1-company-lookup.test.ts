/**
 * GET /v1/companies/{orgNo} on the real worker and the search fixture's index (issue 47): the number in every form a
 * person writes it (with or without the dash, the century, "+") finds that company and no other; a near number (one
 * digit off, two swapped, another check digit), a company's number with another's prefix, and part of a number find
 * nothing (404, or 400 for a number that is not whole), never a lookalike the free-text search might rank first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "#shared/errors";
import { CompanyDetailSchema } from "#shared/search/result-schemas";
import { fixtureCompanies } from "../fixtures/search/fixture-dataset";
import { createTestUser } from "../support/factories";
import { seedIndex } from "../support/seed-index";
import { createUrvalHarness } from "../support/worker-harness";
import { createKey, v1 } from "./support/api-key-support";

const harness = createUrvalHarness();
let key = "";

beforeAll(async () => {
  await harness.start();
  await seedIndex(harness);
  key = (await createKey(harness, await createTestUser(harness), ["details"])).key;
}, 180_000);
afterAll(() => harness.server.close());

const companies = fixtureCompanies();
const known = new Set(companies.map((company) => company.orgNo));
const limitedCompany = companies.find((company) => company.orgNo.startsWith("556"))!;
const soleTrader = companies.find((company) => company.orgNo.startsWith("750101"))!;

async function lookup(orgNo: string) {
  const answer = await v1(harness, `/v1/companies/${encodeURIComponent(orgNo)}`, { key });
  const body: unknown = await answer.json();
  return answer.status === 200
    ? { status: 200, orgNo: CompanyDetailSchema.parse(body).orgNo }
    : { status: answer.status, code: ErrorBodySchema.parse(body).code };
}

/** Numbers one slip away from `orgNo` (a digit off by one, two neighbours swapped) that no fixture company has. */
function nearNumbers(orgNo: string): string[] {
  const digits = orgNo.replace("-", "");
  const near = new Set<string>();
  for (let i = 0; i < digits.length; i++) {
    near.add(digits.slice(0, i) + String((Number(digits[i]) + 1) % 10) + digits.slice(i + 1));
    if (i + 1 < digits.length) near.add(digits.slice(0, i) + digits[i + 1]! + digits[i]! + digits.slice(i + 2));
  }
  return [...near].map((n) => `${n.slice(0, 6)}-${n.slice(6)}`).filter((n) => !known.has(n));
}

describe("GET /v1/companies/{orgNo}", () => {
  it("finds the company in every written form of its number", async () => {
    const trader = soleTrader.orgNo;
    const forms: [string, string][] = [
      [limitedCompany.orgNo, limitedCompany.orgNo],
      [limitedCompany.orgNo.replace("-", ""), limitedCompany.orgNo],
      [`16${limitedCompany.orgNo}`, limitedCompany.orgNo],
      [`16${limitedCompany.orgNo.replace("-", "")}`, limitedCompany.orgNo],
      [trader, trader],
      [`19${trader}`, trader],
      [`19${trader.replace("-", "")}`, trader],
      [trader.replace("-", "+"), trader],
    ];
    for (const [written, orgNo] of forms) expect([written, await lookup(written)]).toEqual([written, { status: 200, orgNo }]);
  });

  it("finds no other company for a near number, and refuses part of a number", async () => {
    const near = [...nearNumbers(limitedCompany.orgNo), ...nearNumbers(soleTrader.orgNo)];
    expect(near.length).toBeGreaterThan(15);
    for (const orgNo of near) expect([orgNo, await lookup(orgNo)]).toEqual([orgNo, { status: 404, code: "ENTITY_NOT_FOUND" }]);
    for (const part of [limitedCompany.orgNo.slice(0, 6), limitedCompany.orgNo.slice(0, 9), `${limitedCompany.orgNo}0`, "556000-00*"])
      expect([part, await lookup(part)]).toEqual([part, { status: 400, code: "VALIDATION_FAILED" }]);
  });
});
