/**
 * Growth (issue 46 point 3, decision 0066) at desktop and phone size: a turnover-change range typed in 'Ekonomi' and
 * 'Gasellföretag: Ja' in 'Egenskaper' narrow the demo data to the companies the API counts; the summary line says
 * both; the search is saved as a Bevakning and exported with the growth columns, whose cells agree with the filter.
 * (Excluding an industry, the other half of the acceptance walk, is issue 46 point 2's.)
 */
import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import type { Locator } from "@playwright/test";
import { apiSearch, expectHitCount, openSearch, readNumber, searchInUrl, signedIn } from "./search-helpers";
import { expect, expectAccessible, test } from "./support/test";

const DEVICES = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, drawer: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, drawer: true },
] as const;

const GROWTH = { range: { turnoverChange: "20_" }, bool: { gasell: true } };

function csvRows(bytes: Buffer): string[][] {
  const workbook = XLSX.read(bytes.subarray(3).toString("utf8"), { type: "string", raw: true, FS: ";" });
  return XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]!]!, { header: 1, raw: false, defval: "" });
}

for (const device of DEVICES) {
  test.describe(`on a ${device.name}`, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch });

    test(
      "a growth range and Gasellföretag: applied, summarised, saved and exported",
      // npm test walks it on the desktop; the phone's walk is in the full run (a second device of the same code).
      { tag: device.name === "phone" ? "@full" : [] },
      async ({ page, local }) => {
        test.setTimeout(180_000);
        await signedIn({ page, local });
        await openSearch(page);
        const expected = (await apiSearch(page, GROWTH)).results.hitCount;
        const gazelles = (await apiSearch(page, { bool: { gasell: true } })).results;
        // The demo data has gazelles, and companies with too few periods that are neither 'Ja' nor 'Nej'.
        expect(expected).toBeGreaterThan(2);
        const all = (await apiSearch(page, {})).results;
        const counts = all.aggregations.gasell ?? {};
        expect((counts.true ?? 0) + (counts.false ?? 0)).toBeLessThan(all.hitCount);
        expect(counts.true).toBe(gazelles.hitCount);

        let filters: Locator = page.getByRole("complementary", { name: "Filter" });
        if (device.drawer) {
          await page.getByRole("button", { name: "Filter", exact: true }).click();
          filters = page.getByRole("dialog", { name: "Filter" });
        }
        await filters.getByRole("button", { name: "Ekonomi", exact: true }).click();
        const from = filters.getByRole("textbox", { name: "Omsättningsförändring från" });
        await from.fill("20 %");
        await from.press("Enter");
        await expect.poll(() => searchInUrl(page).range.turnoverChange).toBe("20_");
        await filters.getByRole("button", { name: "Egenskaper" }).click();
        const gasell = filters.locator("#bool-gasell");
        // 'Ja' counts the selection's gazelles (the range's), beside all of Sweden's.
        const count = (n: number) => n.toLocaleString("sv-SE");
        await expect(gasell.locator("option", { hasText: /^Ja \(/ })).toHaveText(`Ja (${count(expected)} av ${count(gazelles.hitCount)})`);
        // The range's companies with too few periods are in neither value: the line under the choice counts them.
        const ranged = (await apiSearch(page, { range: GROWTH.range })).results;
        const { true: yes = 0, false: no = 0 } = ranged.aggregations.gasell ?? {};
        expect(yes).toBe(expected);
        await expect(filters.locator("#bool-gasell-unknown")).toHaveText(`Uppgift saknas för ${count(ranged.hitCount - yes - no)} företag`);
        await gasell.selectOption("true");
        await expect(filters.locator("#bool-gasell-unknown")).toHaveCount(0);
        await expect.poll(() => searchInUrl(page).bool.gasell).toBe(true);
        await expectHitCount(page, expected);
        await expectAccessible(page);
        if (device.drawer) {
          await filters.getByRole("button", { name: `Visa ${expected.toLocaleString("sv-SE")} organisationer` }).click();
          await expect(filters).toHaveCount(0);
        }
        const facts = page.locator(".summary__facts");
        await expect(facts).toContainText("Omsättningsförändring från 20\u00a0%");
        await expect(facts).toContainText("Gasellföretag: Ja");

        // Saved as a Bevakning: the search it keeps is the one on screen.
        await page.getByRole("button", { name: "Spara bevakning" }).click();
        const popup = page.getByRole("region", { name: "Spara bevakning" });
        // The suggested name says what the search is: no industry, place or size, so the gazelles name it, with the
        // growth range as the summary line says it.
        await expect(popup.getByLabel("Namn på bevakningen")).toHaveValue("Gasellföretag, omsättningsförändring från 20 %");
        await popup.getByLabel("Namn på bevakningen").fill(`Gaseller (${device.name})`);
        await popup.getByRole("button", { name: "Spara" }).click();
        await expect(popup).toContainText("Bevakningen är sparad.");
        await page.keyboard.press("Escape");

        // Exported with the growth columns: every row a gazelle that grew at least 20 %.
        await page.getByRole("button", { name: "Exportera" }).click();
        await page.getByRole("menuitem", { name: "Exportera alla" }).click();
        const dialog = page.getByRole("dialog", { name: "Exportera urval" });
        await dialog.getByRole("button", { name: /^Välj kolumner/ }).click();
        for (const column of ["Gasellföretag", "Omsättningsförändring (%)", "Förändring av antal anställda"]) {
          await dialog.getByLabel("Sök kolumn").fill(column.slice(0, 12));
          await dialog.getByRole("checkbox", { name: column, exact: true }).check();
        }
        await dialog.getByLabel("Sök kolumn").fill("");
        await dialog.getByRole("radio", { name: "CSV (semikolonavgränsad)" }).check();
        await dialog.getByLabel("Ange antal att exportera").fill("3");
        const download = page.waitForEvent("download", { timeout: 60_000 });
        await dialog.getByRole("button", { name: "Ladda ner urval" }).click();
        const rows = csvRows(readFileSync(await (await download).path()));
        const header = rows[0] ?? [];
        const at = (name: string) => header.indexOf(name);
        expect(at("Gasellföretag")).toBeGreaterThanOrEqual(0);
        expect(rows.slice(1)).toHaveLength(Math.min(3, expected));
        for (const row of rows.slice(1)) {
          expect(row[at("Gasellföretag")]).toBe("Ja");
          expect(readNumber(row[at("Omsättningsförändring (%)")] ?? null)).toBeGreaterThanOrEqual(20);
          const employees = row[at("Förändring av antal anställda")] ?? "";
          expect(employees).toMatch(/\d/);
          expect(Number.isInteger(readNumber(employees))).toBe(true);
        }
        await dialog.getByRole("button", { name: "Stäng" }).click();
      },
    );
  });
}
