/**
 * The export designer in Chromium (issue 17): choose columns (template, tick, reorder with a button and with Alt+arrow),
 * save them as a template, export as CSV (read back field by field), then export the same search again: the popup
 * says how many records are already paid for, and the records left do not change for the free part.
 */
import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import type { Page } from "@playwright/test";
import { apiSearch, openSearch, signedIn } from "./search-helpers";
import { expect, expectAccessible, test } from "./support/test";

const SEARCH = { codeSet: { location: ["03"] } };
/** Lime CRM's template without c/o, with the manager's name moved in before the postcode. */
const HEADERS = [
  "Company Name",
  "RegistrationNo",
  "Phone Number",
  "Postal Address 1",
  "Befattningshavare",
  "Postal Zip Code",
  "Postal City",
];

async function openExportAll(page: Page) {
  await page.getByRole("button", { name: "Exportera" }).click();
  await page.getByRole("menuitem", { name: "Exportera alla" }).click();
  return page.getByRole("dialog", { name: "Exportera urval" });
}

function csvRows(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const workbook = XLSX.read(bytes.subarray(3).toString("utf8"), { type: "string", raw: true, FS: ";" });
  return XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]!]!, { header: 1, raw: false, defval: "" });
}

test("choose columns, save a template, export CSV, and a second export of the same records is free", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page, SEARCH);
  const answer = await apiSearch(page, SEARCH);
  const hits = answer.results.hitCount;
  const top = answer.results.records.slice(0, 3) as { name: string; orgNo: string }[];

  const dialog = await openExportAll(page);
  await expect(dialog).toContainText("Ditt abonnemang har 500 poster kvar att exportera.");
  await dialog.getByLabel("Mall", { exact: true }).selectOption({ label: "Lime CRM" });
  await dialog.getByRole("button", { name: /^Välj kolumner/ }).click();
  await dialog.getByLabel("Sök kolumn").fill("befattning");
  await dialog.getByRole("checkbox", { name: "Befattningshavare", exact: true }).check();
  await dialog.getByLabel("Sök kolumn").fill("");
  await dialog.getByRole("checkbox", { name: "c/o" }).uncheck();
  await dialog.getByRole("button", { name: "Flytta upp Befattningshavare" }).click();
  const chosen = dialog.getByRole("list", { name: /Valda kolumner/ }).getByRole("listitem");
  await chosen.filter({ hasText: "Befattningshavare" }).focus();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(chosen.filter({ hasText: "Befattningshavare" })).toBeFocused();
  await expect(chosen.locator("span")).toHaveText(HEADERS);
  await dialog.getByLabel("Mallens namn").fill("Lime med chef");
  await dialog.getByRole("button", { name: "Spara som ny mall" }).click();
  await expect(dialog.getByText("Mallen Lime med chef sparades.")).toBeVisible();
  await expect(dialog.getByLabel("Mall", { exact: true })).toHaveValue(/^[0-9a-f-]{36}$/);
  await dialog.getByRole("radio", { name: "CSV (semikolonavgränsad)" }).check();
  await expectAccessible(page);

  await dialog.getByLabel("Ange antal att exportera").fill("3");
  const download = page.waitForEvent("download", { timeout: 60_000 });
  await dialog.getByRole("button", { name: "Ladda ner urval" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^urval-foretag-\d{8}-\d{4}\.csv$/);
  const rows = csvRows(readFileSync(await file.path()));
  expect(rows[0]).toEqual(HEADERS);
  expect(rows.slice(1).map((row) => [row[0], row[1]])).toEqual(top.map((r) => [r.name.replace(/^([=+\-@])/, "'$1"), r.orgNo]));
  await expect(dialog.getByRole("button", { name: "Urval nedladdat!" })).toBeVisible();
  await dialog.getByRole("button", { name: "Stäng" }).click();

  const again = await openExportAll(page);
  await expect(again).toContainText(
    `Urvalet innehåller ${hits.toLocaleString("sv-SE")} organisationer, varav 3 redan exporterade under din prenumerationsperiod (kostar inget)`,
  );
  await expect(again).toContainText("Ditt abonnemang har 497 poster kvar att exportera.");
  await expect(again.getByLabel("Mall", { exact: true }).locator("option", { hasText: "Lime med chef" })).toHaveCount(1);
  await again.getByLabel("Ange antal att exportera").fill("3");
  const second = page.waitForEvent("download", { timeout: 60_000 });
  await again.getByRole("button", { name: "Ladda ner urval" }).click();
  const secondFile = await second;
  expect(secondFile.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(again.getByRole("button", { name: "Urval nedladdat!" })).toBeVisible();
  await again.getByRole("button", { name: "Stäng" }).click();
  const third = await openExportAll(page);
  await expect(third).toContainText("Ditt abonnemang har 497 poster kvar att exportera.");

  // Deleting the template asks first (issue 25).
  await third.getByLabel("Mall", { exact: true }).selectOption({ label: "Lime med chef" });
  await third.getByRole("button", { name: "Ta bort mallen" }).click();
  await third.getByRole("group", { name: "Ta bort mallen Lime med chef?" }).getByRole("button", { name: "Ja, ta bort" }).click();
  await expect(third.getByText("Mallen Lime med chef togs bort.")).toBeVisible();
  await expect(third.getByLabel("Mall", { exact: true }).locator("option", { hasText: "Lime med chef" })).toHaveCount(0);
});

test("columns ticked while the templates are on their way stay ticked when the templates arrive", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page, SEARCH);
  // The list of templates is held until a column has been ticked (a slow network, or a quick hand on a phone).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route("**/sapi/extraction/templates", async (route) => {
    if (route.request().method() === "GET") {
      asked = true;
      await held;
    }
    await route.fallback();
  });
  const dialog = await openExportAll(page);
  await dialog.getByRole("button", { name: /^Välj kolumner/ }).click();
  await dialog.getByLabel("Sök kolumn").fill("gasell");
  await dialog.getByRole("checkbox", { name: "Gasellföretag", exact: true }).check();
  expect(asked).toBe(true);
  release();
  await expect(dialog.getByLabel("Mall", { exact: true }).locator("option", { hasText: "Lime CRM" })).toHaveCount(1);
  await expect(dialog.getByRole("checkbox", { name: "Gasellföretag", exact: true })).toBeChecked();
  await dialog.getByRole("radio", { name: "CSV (semikolonavgränsad)" }).check();
  await dialog.getByLabel("Ange antal att exportera").fill("1");
  const download = page.waitForEvent("download", { timeout: 60_000 });
  await dialog.getByRole("button", { name: "Ladda ner urval" }).click();
  expect(csvRows(readFileSync(await (await download).path()))[0]).toContain("Gasellföretag");
});
