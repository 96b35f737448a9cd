/**
 * Exclusion on a code set (issue 46 point 2, docs/decisions/0064), at desktop and phone size: an industry is left out
 * with its row's "Uteslut" (by keyboard on the desktop, by touch on the phone); the hits are the search's without it,
 * the row keeps its counts (how many it leaves out, and in all of Sweden), the summary says "utom …", the address
 * carries the exclusion through a reload, and the search is exported and saved as a Bevakning with it. In the place
 * tree, a municipality is left out of its chosen county by keyboard. Growth and "Gasellföretag" in the same walk are
 * issue 46 point 3's.
 */
import type { Locator, Page } from "@playwright/test";
import { ExtractionJobListSchema } from "#shared/api-contracts/extraction";
import { MonitoringOverviewSchema } from "#shared/api-contracts/monitoring";
import { deserializeSearch } from "#shared/search/search-serialize";
import { apiSearch, expectHitCount, openSearch, readNumber, SAME_ORIGIN, searchInUrl, signedIn } from "./search-helpers";
import { expect, expectAccessible, test } from "./support/test";

const EXCLUDED = { excludeCodeSet: { sni: ["F"] } };

const DEVICES = [
  { name: "desktop", viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, drawer: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, drawer: true },
] as const;

/** The industry row of section F in the sidebar or the filter drawer. */
const industryRow = (filters: Locator, page: Page) =>
  filters
    .getByRole("list", { name: "Branscher", exact: true })
    .locator(".facet")
    .filter({ has: page.locator('input[data-code="F"]') });

async function getJson(page: Page, path: string): Promise<unknown> {
  const response = await page.request.get(path, { headers: SAME_ORIGIN });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

for (const device of DEVICES) {
  test.describe(`on a ${device.name}`, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch });

    test(
      "excludes an industry with Uteslut, keeps it in the address, exports and saves the search",
      // npm test walks it on the desktop; the phone's walk is in the full run (a second device of the same code).
      { tag: device.name === "phone" ? "@full" : [] },
      async ({ page, local }) => {
        // An axe scan and an export on a busy 2-core machine.
        test.setTimeout(180_000);
        await signedIn({ page, local });
        await openSearch(page);
        const all = (await apiSearch(page, {})).results;
        const expected = (await apiSearch(page, EXCLUDED)).results.hitCount;
        const inF = all.aggregations.sni?.F ?? 0;
        expect(inF).toBeGreaterThan(0);
        expect(expected).toBe(all.hitCount - inF);

        let filters: Locator = page.getByRole("complementary", { name: "Filter" });
        if (device.drawer) {
          await page.getByRole("button", { name: "Filter", exact: true }).click();
          filters = page.getByRole("dialog", { name: "Filter" });
        }
        const row = industryRow(filters, page);
        const toggle = row.getByRole("button", { name: /^Uteslut / });
        await expect(toggle).toHaveAttribute("aria-pressed", "false");
        if (device.hasTouch) await toggle.tap();
        else {
          // Keyboard: the row's checkbox, then Tab to its "Uteslut", Space presses it.
          await row.getByRole("checkbox").focus();
          await page.keyboard.press("Tab");
          await expect(toggle).toBeFocused();
          await page.keyboard.press("Space");
        }
        await expect(toggle).toHaveAttribute("aria-pressed", "true");
        await expect(row.getByRole("checkbox")).not.toBeChecked();
        await expectHitCount(page, expected);
        // The row still says how many the industry holds: those the exclusion leaves out, and all of Sweden's.
        expect(readNumber(await row.locator(".facet__count").textContent())).toBe(inF);
        expect(readNumber(await row.locator(".facet__all").textContent())).toBe(all.aggregations.sni_all?.F ?? -1);
        // The address is written after the answer is painted (decision 0019): asked until it is.
        await expect.poll(() => searchInUrl(page).excludeCodeSet).toEqual(EXCLUDED.excludeCodeSet);
        await expectAccessible(page);
        if (device.drawer) await filters.getByRole("button", { name: /^Visa .* organisationer$/ }).click();
        await expect(page.getByRole("region", { name: "Urvalet" })).toContainText(/Alla branscher utom \S/);

        // The address keeps it: a reload shows the same search.
        await page.reload();
        await expectHitCount(page, expected);
        expect(searchInUrl(page).excludeCodeSet).toEqual(EXCLUDED.excludeCodeSet);

        // Export two rows: "Mina exporter" says the exclusion.
        await page.getByRole("button", { name: "Exportera" }).click();
        await page.getByRole("menuitem", { name: "Exportera alla" }).click();
        const dialog = page.getByRole("dialog", { name: "Exportera urval" });
        await dialog.getByLabel("Ange antal att exportera").fill("2");
        const download = page.waitForEvent("download", { timeout: 60_000 });
        await dialog.getByRole("button", { name: "Ladda ner urval" }).click();
        expect((await download).suggestedFilename()).toMatch(/^urval-foretag-\d{8}-\d{4}\.xlsx$/);
        await dialog.getByRole("button", { name: "Stäng" }).click();
        const exports = ExtractionJobListSchema.parse(await getJson(page, "/sapi/extraction"));
        expect(exports.jobs[0]?.summary).toMatch(/^Bransch utom: /);

        // Save it as a Bevakning: the suggested name says the exclusion, the saved search keeps it.
        await page.getByRole("button", { name: "Spara bevakning" }).click();
        const popup = page.getByRole("region", { name: "Spara bevakning" });
        await expect(popup.getByLabel("Namn på bevakningen")).toHaveValue(/^Företag utom /);
        await popup.getByRole("button", { name: "Spara" }).click();
        await expect(popup).toContainText("Bevakningen är sparad.");
        const [saved] = MonitoringOverviewSchema.parse(await getJson(page, "/sapi/monitoring")).savedSearches;
        const kept = deserializeSearch(saved?.serializedSearch ?? "");
        expect(kept.success && kept.data.excludeCodeSet).toEqual(EXCLUDED.excludeCodeSet);
        expect(saved?.hitCount).toBe(expected);
      },
    );
  });
}

test("excludes a municipality inside a chosen county in the place tree, by keyboard", async ({ page, local }) => {
  await signedIn({ page, local });
  const county = { codeSet: { location: ["01"] } };
  const withoutSolna = { ...county, excludeCodeSet: { location: ["0184"] } };
  await openSearch(page, county);
  const expected = (await apiSearch(page, withoutSolna)).results.hitCount;
  expect(expected).toBeLessThan((await apiSearch(page, county)).results.hitCount);
  await page.getByRole("button", { name: "Redigera plats" }).click();
  const panel = page.getByRole("region", { name: "Redigera plats" });
  await panel.getByRole("button", { name: "Fäll ut Stockholms län" }).click();
  const solna = panel.locator('.tree-row[data-code="0184"]');
  await solna.getByRole("checkbox").focus();
  await page.keyboard.press("Tab");
  const toggle = solna.getByRole("button", { name: "Uteslut Solna" });
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expectHitCount(page, expected);
  // The county stays chosen; the summary and the address say what it leaves out.
  await expect(panel.locator('.tree-row[data-code="01"]').getByRole("checkbox")).toBeChecked();
  await expect(page.locator(".summary__facts")).toContainText("Stockholms län utom Solna");
  await expect.poll(() => searchInUrl(page).excludeCodeSet).toEqual(withoutSolna.excludeCodeSet);
  // Pressed again, it is taken back.
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expectHitCount(page, (await apiSearch(page, county)).results.hitCount);
  await expectAccessible(page);
});
