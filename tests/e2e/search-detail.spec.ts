/**
 * The detail pane (issue 8 point 6): every section of a company, the financial view (at most 3 periods, the chart, the
 * CONCERN/BUSINESS choice stored on the server and shown only with group figures), the group tree with the company
 * highlighted, annual reports opening in a new tab, no reports for a sole trader, the beneficial-owner messages and
 * empty states of spec §8, the spinner, closing (Escape, leaving the results), errors, and a worksite.
 */
import type { Locator, Page } from "@playwright/test";
import { type CompanyRecord, type Entity } from "#shared/search/result-schemas";
import { apiSearch, facetCounts, openSearch, SAME_ORIGIN, signedIn } from "./search-helpers";
import { expect, expectAccessible, screenshot, test } from "./support/test";

async function entity(page: Page, id: number | string): Promise<Entity> {
  return (await (await page.request.get(`/sapi/details/entity/${id}`, { headers: SAME_ORIGIN })).json()) as Entity;
}

async function openCard(page: Page, name: string) {
  await page.locator(".record-card__open", { hasText: name }).first().click();
  const pane = page.getByRole("complementary", { name });
  await expect(pane).toBeVisible();
  return pane;
}

/** A group parent with group figures: the mother of a company in a group. */
async function groupParent(page: Page): Promise<CompanyRecord> {
  const members = (await apiSearch(page, { bool: { inGroup: true } })).results.records as CompanyRecord[];
  for (const member of members) {
    if (!member.companyGroupMotherName) continue;
    const found = (await apiSearch(page, { text: member.companyGroupMotherName })).results.records as CompanyRecord[];
    for (const candidate of found) {
      const detail = await entity(page, candidate.orgSeqNo);
      if (detail.type === "COMPANY" && detail.financialPeriods.some((p) => p.group)) return candidate;
    }
  }
  throw new Error("no group parent with group figures in the demo data");
}

test("a company's detail: sections, at most 3 periods with a chart, group tree, annual reports in a new tab", async ({ page, local }) => {
  await signedIn({ page, local });
  const parent = await groupParent(page);
  const detail = await entity(page, parent.orgSeqNo);
  if (detail.type !== "COMPANY") throw new Error("expected a company");
  await openSearch(page, { text: parent.orgNo });
  const pane = await openCard(page, parent.name);
  for (const heading of [
    "Kontaktuppgifter",
    "Registrering",
    "Bransch",
    "Ekonomi",
    "Koncern",
    "Befattningshavare",
    "Verkliga huvudmän",
    "Årsredovisningar",
  ])
    await expect(pane.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  await expect(pane).toContainText(detail.orgNo);
  // One meaning per label: the card's and the pane's "Registreringsdatum" are the same date (issue 25).
  const fact = (scope: Locator, label: string) => scope.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=../dd");
  const card = page.locator(".record-card", { hasText: parent.name }).first();
  await expect(fact(pane, "Registreringsdatum")).toHaveText(await fact(card, "Registreringsdatum").innerText());
  await expect(pane.locator("dt", { hasText: /^Registrerat$/ })).toHaveCount(0);
  await expect(pane.locator(".financial-table thead th")).toHaveCount(1 + Math.min(3, detail.financialPeriods.length));
  await expect(pane.getByRole("img", { name: /Omsättning och resultat per period/ })).toBeVisible();
  await expect(pane.locator('.group-node[aria-current="true"]')).toContainText(detail.name);
  await expectAccessible(page);
  await screenshot(page, "sok-detalj-foretag");

  // Group figures first (CONCERN), the choice stored on the server.
  const concern = pane.getByRole("button", { name: "Koncern" });
  await expect(concern).toHaveAttribute("aria-pressed", "true");
  const groupTurnover = await pane.locator(".financial-table tbody tr").first().locator("td").first().textContent();
  const stored = page.waitForResponse((r) => r.url().includes("/store-user-company-financial-config") && r.status() === 200);
  await pane.getByRole("button", { name: "Moderbolag" }).click();
  await stored;
  await expect(pane.locator(".financial-table tbody tr").first().locator("td").first()).not.toHaveText(groupTurnover ?? "");
  // The open record is in the address (issue 38): the reload opens it again.
  await page.reload();
  const again = page.getByRole("complementary", { name: parent.name });
  await expect(again.getByRole("button", { name: "Moderbolag" })).toHaveAttribute("aria-pressed", "true");

  const report = detail.annualReports[0];
  if (report) {
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      again
        .getByRole("link", { name: /Årsredovisning/ })
        .first()
        .click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toContain(`/sapi/annual-report/open/${report.refNo}`);
    await tab.close();
  }

  // The group tree's other companies link to their own detail, opened in the pane (issue 25).
  const member = again.locator(".group-node:not(.group-node--target) a").first();
  const memberName = (await member.textContent()) ?? "";
  await expect(member).toHaveAttribute("href", /^\/sok\?vad=/);
  await member.click();
  const memberPane = page.getByRole("complementary", { name: memberName });
  await expect(memberPane.getByRole("heading", { name: "Registrering" })).toBeVisible();
  await expect(memberPane.locator('.group-node[aria-current="true"]')).toContainText(memberName);
});

test("the financial choice is hidden without group figures; a sole trader has no annual reports section", async ({ page, local }) => {
  await signedIn({ page, local });
  const soleTraders = (await apiSearch(page, { codeSet: { companyForm: ["10"] } })).results.records as CompanyRecord[];
  const trader = soleTraders[0];
  if (!trader) throw new Error("no sole trader in the demo data");
  await openSearch(page, { codeSet: { companyForm: ["10"] } });
  const pane = await openCard(page, trader.name);
  await expect(pane.getByRole("heading", { name: "Kontaktuppgifter" })).toBeVisible();
  await expect(pane.getByRole("heading", { name: "Årsredovisningar" })).toHaveCount(0);
  await expect(pane.getByRole("button", { name: "Koncern" })).toHaveCount(0);
});

test("beneficial-owner messages and empty states of spec §8", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page, { codeSet: { companyForm: ["49"] } });
  const first = page.locator(".record-card").first();
  const id = (await first.getAttribute("data-record-id")) ?? "";
  const name = (await first.locator(".record-card__open").textContent()) ?? "";
  const real = await entity(page, id);
  const cases: [Record<string, unknown>, string[]][] = [
    [{ beneficialReportingObligationStatus: false, beneficialOwners: [] }, ["Företaget är inte anmälningspliktigt för verklig huvudman"]],
    [{ beneficialStatus: "NOT_REPORTED", beneficialOwners: [] }, ["Verklig huvudman är ej rapporterad"]],
    [{ beneficialStatus: "UNSPECIFIED" }, ["Verklig huvudman har ej gått att fastställa"]],
    [{ beneficialStatus: "MISSING" }, ["Verklig huvudman saknas"]],
    [
      { beneficialStatus: "REMOVED", beneficialSuspicion: true },
      [
        "Information om verklig huvudman har gallrats då företaget avregistrerades för 5 år sedan eller mer",
        "Det finns misstanke om att uppgifterna kan vara felaktiga",
      ],
    ],
    [
      { boardMembers: [], sniCodes: [], annualReports: [] },
      ["Inga befattningshavare", "Ingen registrerad bransch", "Inga tillgängliga årsredovisningar"],
    ],
  ];
  for (const [change, texts] of cases) {
    await page.route(`**/sapi/details/entity/${id}`, (route) =>
      route.fulfill({ json: { ...real, beneficialReportingObligationStatus: true, ...change } }),
    );
    const pane = await openCard(page, name);
    for (const text of texts) await expect(pane.getByText(text, { exact: true })).toBeVisible();
    await pane.getByRole("button", { name: "Stäng" }).click();
    await expect(pane).toHaveCount(0);
    await page.unroute(`**/sapi/details/entity/${id}`);
  }
});

test("spinner for a slow detail, Escape returns to the card, the pane closes when the record leaves the results", async ({
  page,
  local,
}) => {
  await signedIn({ page, local });
  await openSearch(page, { codeSet: { location: ["01"] } });
  const card = page.locator(".record-card").first();
  const name = (await card.locator(".record-card__open").textContent()) ?? "";
  await page.route("**/sapi/details/entity/*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await route.continue();
  });
  await card.locator(".record-card__open").click();
  await expect(page.getByRole("status").filter({ hasText: "Hämtar uppgifter…" })).toBeVisible();
  const pane = page.getByRole("complementary", { name });
  await expect(pane.getByRole("heading", { name: "Kontaktuppgifter" })).toBeVisible();
  await page.unroute("**/sapi/details/entity/*");
  await page.keyboard.press("Escape");
  await expect(pane).toHaveCount(0);
  await expect(card.locator(".record-card__open")).toBeFocused();

  await card.locator(".record-card__open").click();
  await expect(pane).toBeVisible();
  await (await facetCounts(page, "01", "Län")).checkbox.uncheck();
  await (await facetCounts(page, "12", "Län")).checkbox.check();
  await expect(pane).toHaveCount(0);

  await page.route("**/sapi/details/entity/*", (route) =>
    route.fulfill({ status: 500, json: { type: "ERROR", message: "x", code: "INTERNAL", requestId: "r" } }),
  );
  await page.locator(".record-card__open").first().click();
  await expect(page.getByRole("complementary").getByText("Något gick fel. Prova gärna igen.")).toBeVisible();
});

test("Escape closes the pane before its detail has loaded, with the focus still on the card that opened it", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page, { codeSet: { location: ["01"] } });
  const opener = page.locator(".record-card").first().locator(".record-card__open");
  await page.route("**/sapi/details/entity/*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => {});
  });
  await opener.click();
  await expect(page.getByRole("complementary", { name: "Detaljer" })).toBeVisible();
  await expect(opener).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.locator(".detail-pane")).toHaveCount(0);
  await expect(opener).toBeFocused();
  await page.unroute("**/sapi/details/entity/*");
});

test("a detail that arrives while the user types a new search keeps the focus and the suggestions where they are", async ({
  page,
  local,
}) => {
  await signedIn({ page, local });
  await openSearch(page, { codeSet: { location: ["01"] } });
  const opener = page.locator(".record-card").first().locator(".record-card__open");
  const name = (await opener.textContent()) ?? "";
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/sapi/details/entity/*", async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await opener.click();
  await expect(page.getByRole("complementary", { name: "Detaljer" })).toBeVisible();
  const box = page.getByRole("combobox", { name: "Sök företag" });
  await box.fill("pizz");
  const list = page.getByRole("listbox", { name: "Förslag" });
  await expect(list).toBeVisible();
  release();
  await expect(page.getByRole("complementary", { name })).toBeVisible();
  await expect(box).toBeFocused();
  await expect(list).toBeVisible();
  await page.unroute("**/sapi/details/entity/*");

  // Still where it was opened from (the card), the arriving detail takes the focus as before.
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await page.locator(".record-card").nth(1).locator(".record-card__open").click();
  await expect(page.locator(".detail-pane h2")).toBeFocused();
});

test("a worksite's detail", async ({ page, local }) => {
  await signedIn({ page, local });
  const answer = await apiSearch(page, { resultType: "WORKSITE", bool: { headquarters: true } });
  const record = answer.results.records[0];
  if (!record || !("cfarNo" in record)) throw new Error("no worksite");
  await openSearch(page, { resultType: "WORKSITE", bool: { headquarters: true } });
  const pane = await openCard(page, record.name);
  await expect(pane.getByRole("heading", { name: "Arbetsstället" })).toBeVisible();
  await expect(pane).toContainText(`CFAR-nummer ${record.cfarNo}`);
  await expect(pane).toContainText(record.companyName);
  await expect(pane).toContainText("Huvudkontor");
  await expectAccessible(page);
  await screenshot(page, "sok-detalj-arbetsstalle");

  // The worksite's company, opened in the pane although the results are worksites (issue 25).
  await pane.getByRole("link", { name: `Visa företaget ${record.companyName}` }).click();
  const company = page.getByRole("complementary", { name: record.companyName });
  await expect(company).toContainText(record.orgNo);
  await expect(company.getByRole("heading", { name: "Registrering" })).toBeVisible();
});
