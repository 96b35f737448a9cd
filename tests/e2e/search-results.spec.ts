/**
 * The results (issue 8 point 5): the cards' fields (at most 2 phone numbers, credit grade 'n av 4'), 'Visa fler
 * företag' appending the API's next page, the 1000-record limit, the slow-search spinner, the error card and retry,
 * the empty text, and only the latest request's answer being used.
 */
import type { CompanyRecord } from "#shared/search/result-schemas";
import { apiSearch, expectHitCount, facetCounts, FIRST_PAGE_CALL, openSearch, signedIn } from "./search-helpers";
import { expect, expectAccessible, screenshot, test } from "./support/test";

test("company cards show at most 2 phone numbers and the credit grade as 'n av 4'", async ({ page, local }) => {
  await signedIn({ page, local });
  let record: CompanyRecord | undefined;
  for (let n = 0; n < 20 && !record; n++) {
    const answer = await apiSearch(page, { bool: { hasPhone: true } }, n);
    record = (answer.results.records as CompanyRecord[]).find((r) => r.phoneNumbers.length > 2 && r.scoring !== null);
  }
  if (!record) throw new Error("the demo data has no company with more than two phone numbers");
  await openSearch(page, { text: record.orgNo });
  const card = page.locator(`[data-record-id="${record.orgSeqNo}"]`);
  await expect(card.locator(".card-fact").filter({ hasText: "Telefon" }).locator("dd")).toHaveText(
    record.phoneNumbers.slice(0, 2).join(", "),
  );
  await expect(card.locator(".card-fact").filter({ hasText: "Kreditbetyg" }).locator("dd")).toHaveText(`${record.scoring} av 4`);
  await expect(card.getByRole("heading", { name: record.name })).toBeVisible();
  await expect(card).toContainText(record.orgNo);
});

test("'Visa fler företag' appends the next page", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page);
  const cards = page.locator(".record-card");
  await expect(cards).toHaveCount(20);
  const next = await apiSearch(page, {}, 1);
  await page.getByRole("button", { name: "Visa fler företag" }).click();
  await expect(cards).toHaveCount(40);
  await expect(cards.nth(20).locator(".record-card__open")).toHaveText((next.results.records[0] as CompanyRecord).name);
  await expectAccessible(page);
});

// 50 pages: about 45 s of the suite, in the full run only (npm test's budget).
test("'Visa fler företag' stops at 1000 records with the export hint", { tag: "@full" }, async ({ page, local }) => {
  test.setTimeout(240_000);
  await signedIn({ page, local });
  await openSearch(page);
  const cards = page.locator(".record-card");
  await expect(cards).toHaveCount(20);
  // The remaining 49 pages: a DOM click each (Playwright's actionability checks on a 1000-card page are slow).
  for (let shown = 20; shown < 1000; shown += 20) {
    // A CSS selector: role queries compute accessible names over the whole 1000-card page.
    await page.locator(".results__more button").evaluate((button: HTMLButtonElement) => button.click());
    await page.waitForFunction((n) => document.querySelectorAll(".record-card").length === n, shown + 20, { timeout: 30_000 });
  }
  await expect(cards).toHaveCount(1000);
  await expect(page.getByText("Exportera urvalet om du vill se fler träffar.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Visa fler företag" })).toHaveCount(0);
});

test("a slow search shows the spinner; a failed one the error card with 'Försök igen'", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page);
  const spinner = page.getByRole("status").filter({ hasText: "Söker…" });
  await page.route(FIRST_PAGE_CALL, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const county = await facetCounts(page, "01", "Län");
  await county.checkbox.check();
  await expect(spinner).toBeVisible();
  await expectHitCount(page, county.count);
  await expect(spinner).toBeHidden();
  await page.unroute(FIRST_PAGE_CALL);

  await page.route(FIRST_PAGE_CALL, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ type: "ERROR", message: "Något gick fel. Prova gärna igen.", code: "INTERNAL", requestId: "r" }),
    }),
  );
  await (await facetCounts(page, "12", "Län")).checkbox.check();
  const card = page.getByRole("alert").filter({ hasText: "Något gick fel" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Ett fel har inträffat vid sökning. Klicka på knappen nedan för att försöka igen.");
  // The earlier search's hit count is not shown beside the new summary, and its sidebar counts are hidden.
  const counties = page.locator(".facet-list").filter({ has: page.getByRole("list", { name: "Län" }) });
  await expect(page.locator(".summary__hits")).toHaveText("–");
  await expect(page.locator(".summary__hits")).toHaveAttribute("data-hit-count", "");
  await expect(counties).toHaveClass(/facet-list--outdated/);
  await expect(counties.locator(".facet__counts").first()).toBeHidden();
  await expectAccessible(page);
  await screenshot(page, "sok-fel");
  await page.unroute(FIRST_PAGE_CALL);
  await card.getByRole("button", { name: "Försök igen" }).click();
  await expectHitCount(page, (await apiSearch(page, { codeSet: { location: ["12", "01"] } })).results.hitCount);
  await expect(card).toHaveCount(0);
  await expect(counties.locator(".facet__counts").first()).toBeVisible();
});

test("no hits: 'Inga organisationer matchar din sökning' and 'Inga arbetsställen matchar din sökning'", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page);
  await page.getByRole("combobox", { name: "Sök företag" }).fill("Qxzqxz Finns Ej");
  await page.getByRole("combobox", { name: "Sök företag" }).press("Enter");
  await expect(page.getByText("Inga organisationer matchar din sökning")).toBeVisible();
  await expectHitCount(page, 0);
  await page.getByRole("link", { name: "Byt till arbetsställen" }).click();
  await expect(page.getByText("Inga arbetsställen matchar din sökning")).toBeVisible();
});

test("only the answer to the latest request is used, even when an older one arrives last", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page);
  // The first search (Stockholm only) is held back until after the second (Skåne and Stockholm) has answered.
  await page.route(FIRST_PAGE_CALL, async (route) => {
    const body = route.request().postData() ?? "";
    if (body.includes('"location":["01"]')) await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  const late = page.waitForResponse(
    (r) => r.url().includes("/sapi/search/page/0") && (r.request().postData() ?? "").includes('"location":["01"]'),
  );
  const stockholm = await facetCounts(page, "01", "Län");
  await stockholm.checkbox.check();
  await (await facetCounts(page, "12", "Län")).checkbox.check();
  const both = (await apiSearch(page, { codeSet: { location: ["12", "01"] } })).results.hitCount;
  expect(both).not.toBe(stockholm.count);
  await expectHitCount(page, both);
  const lateAnswer = (await (await late).json()) as { results: { hitCount: number } };
  expect(lateAnswer.results.hitCount).toBe(stockholm.count);
  await page.waitForTimeout(300);
  await expectHitCount(page, both);
  await expect((await facetCounts(page, "12", "Län")).checkbox).toBeChecked();
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("focus after actions: 'Visa fler' to the first new card, the watch button keeps it, the trees' 'Stäng' to their button", async ({
    page,
    local,
  }) => {
    await signedIn({ page, local });
    await openSearch(page);
    const cards = page.locator(".record-card");
    await page.getByRole("button", { name: "Visa fler företag" }).press("Enter");
    await expect(cards.nth(20).locator(".record-card__open")).toBeFocused();

    // Issue 38 point 5: the button whose text changes keeps the focus both ways.
    await cards.nth(20).getByRole("button", { name: "Bevaka företaget" }).press("Enter");
    await expect(cards.nth(20).getByRole("button", { name: "Sluta bevaka" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(cards.nth(20).getByRole("button", { name: "Bevaka företaget" })).toBeFocused();

    for (const [opener, search] of [
      ["Redigera bransch", "Sök bransch"],
      ["Redigera plats", "Sök plats"],
    ] as const) {
      await page.getByRole("button", { name: opener }).click();
      await expect(page.getByRole("searchbox", { name: search })).toBeFocused();
      await page.getByRole("region", { name: opener }).getByRole("button", { name: "Stäng" }).click();
      await expect(page.getByRole("region", { name: opener })).toHaveCount(0);
      await expect(page.getByRole("button", { name: opener })).toBeFocused();
    }
  });
});
