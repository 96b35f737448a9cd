/**
 * Real Sweden end to end (issue 45 point 5): the register sample (tests/fixtures/register, synthetic contents in the
 * exact formats of Bolagsverket's and SCB's bulk files and the annual-report archives) loaded by data:load-register
 * and served by `URVAL_DATA=register npm start`. Turnover and employees come only from the filed annual reports, so
 * a search on them finds exactly the companies whose reports say so; a company's figures are its report's; its
 * annual report opens as the filed document itself, under a policy that lets nothing in it run.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { CompanySourceRecord } from "#search-index/engine";
import type { CompanyRecord, Entity } from "#shared/search/result-schemas";
import { RANGE_FIELDS } from "#shared/search/search-fields";
import { apiSearch, openSearch, SAME_ORIGIN, signedIn } from "../search-helpers";
import { ROOT } from "../support/e2e-env";
import { expect, test } from "../support/test";

const FIXTURE = path.join(ROOT, "tests/fixtures/register");

interface Expected {
  corrections: { orgNo: string; periodEnd: string }[];
  foreignCurrency: { orgNo: string; periodEnd: string }[];
}

/** The records the sample's files were written from: the truth the loaded register must give back. */
function sourceCompanies(): CompanySourceRecord[] {
  return readFileSync(path.join(FIXTURE, "source-companies.ndjson"), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as CompanySourceRecord);
}

/** The organisation numbers whose reports a special case changed (a correction, another currency). */
function specialCases(): Set<string> {
  const expected = JSON.parse(readFileSync(path.join(FIXTURE, "annual-reports/expected.json"), "utf8")) as Expected;
  return new Set([...expected.corrections, ...expected.foreignCurrency].map((entry) => entry.orgNo));
}

async function entity(page: Page, id: number): Promise<Entity> {
  return (await (await page.request.get(`/sapi/details/entity/${id}`, { headers: SAME_ORIGIN })).json()) as Entity;
}

test("the register sample: searched by turnover and employees from the filed reports, a company opened, its annual report opened as the filed document", async ({
  page,
  local,
}) => {
  await signedIn({ page, local });
  // Turnover exists only in the filed reports: the companies with one are the filers, fewer than the register.
  const filers = await apiSearch(page, { range: { turnover: "0_" } });
  const all = (await apiSearch(page, {})).results.hitCount;
  expect(filers.results.hitCount).toBeGreaterThan(0);
  expect(filers.results.hitCount).toBeLessThan(all);

  // The largest plain filer within the sliders' bounds (the screen's ranges end at 1 mdkr and 10 000 employees): its
  // figures must be those its source record's report was written from.
  const special = specialCases();
  const sources = new Map(sourceCompanies().map((c) => [c.orgNo, c]));
  const inBounds = (hit: CompanyRecord) =>
    (hit.turnover ?? 0) < RANGE_FIELDS.turnover.max && (hit.numEmployees ?? 0) < RANGE_FIELDS.numEmployees.max;
  const filer = (filers.results.records as CompanyRecord[]).find(
    (hit) => !special.has(hit.orgNo) && sources.has(hit.orgNo) && inBounds(hit),
  );
  if (!filer) throw new Error("no plain filer in the register sample");
  const company = sources.get(filer.orgNo)!;
  const detail = await entity(page, filer.orgSeqNo);
  if (detail.type !== "COMPANY") throw new Error("expected a company");
  const latestFiled = detail.annualReports[0]!.periodEnd;
  const truth = company.financialPeriods.find((period) => period.periodEnd === latestFiled)!.company;
  const { turnover, numberOfEmployees: employees } = truth;
  expect([filer.turnover, filer.numEmployees]).toEqual([turnover, employees]);
  expect(detail.financialPeriods[0]?.company.turnover).toBe(turnover);

  // A search by this turnover and head count finds it, and every hit has exactly these figures.
  const range = { turnover: `${turnover}_${turnover}`, numEmployees: `${employees}_${employees}` };
  const answer = await apiSearch(page, { range });
  const hits = answer.results.records as CompanyRecord[];
  expect(hits.map((hit) => hit.orgNo)).toContain(company.orgNo);
  for (const hit of hits) expect([hit.turnover, hit.numEmployees]).toEqual([turnover, employees]);

  // The screen shows the same search, and the company's card opens its detail with the report's figures.
  await openSearch(page, { range });
  await expect(page.locator(".summary__hits")).toHaveAttribute("data-hit-count", String(answer.results.hitCount));
  await page.locator(".record-card__open", { hasText: company.name }).first().click();
  const pane = page.getByRole("complementary", { name: company.name });
  await expect(pane.getByRole("heading", { name: "Ekonomi", exact: true })).toBeVisible();
  await expect(pane.getByRole("heading", { name: "Årsredovisningar", exact: true })).toBeVisible();
  // The free registers have no F-tax, VAT or employer registration: unknown, not 'Nej', in the API and on screen.
  expect([detail.fTax, detail.vatReg, detail.socSec]).toEqual([null, null, null]);
  for (const label of ["F-skatt", "Momsregistrerad", "Arbetsgivaravgifter"])
    await expect(
      pane.locator(".detail-facts div", { has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd"),
    ).toHaveText("uppgift saknas");

  // The newest report opens in a new tab as the filed XHTML document, byte for byte what the company filed.
  const report = detail.annualReports[0]!;
  const [tab, opened] = await Promise.all([
    page.context().waitForEvent("page"),
    page.context().waitForEvent("response", (response) => response.url().includes(`/sapi/annual-report/open/${report.refNo}`)),
    pane
      .getByRole("link", { name: /Årsredovisning/ })
      .first()
      .click(),
  ]);
  await tab.waitForLoadState();
  expect(opened.status()).toBe(200);
  const headers = opened.headers();
  expect(headers["content-type"]).toBe("application/xhtml+xml");
  // Nothing in the filer's document may run or load anything.
  expect(headers["content-security-policy"]).toContain("default-src 'none'");
  expect(headers["content-security-policy"]).toContain("sandbox");
  expect(headers["cache-control"]).toContain("no-store");
  const body = await opened.body();
  expect(createHash("sha256").update(body).digest("hex")).toBe(report.sha256);
  const text = body.toString("utf8");
  expect(text).toContain("ix:nonFraction");
  expect(text).toContain(company.orgNo.slice(0, 6));
  await tab.close();
});
