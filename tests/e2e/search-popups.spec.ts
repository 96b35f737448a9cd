/**
 * The header's popups on the search screen (issue 8 point 7): the Exportera dropdown with selection mode and the
 * 'Exportera urval' popup (counts, limits, states; the file read back with SheetJS), 'Dela urval' with 'Kopiera länk',
 * and 'Listfiler' (upload of several files, include/exclude re-running the search, badge, delete); the confirmation
 * before a large export and the records left on "Mina exporter" and in Konto (issue 38 point 2).
 */
import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import type { CompanyRecord } from "#shared/search/result-schemas";
import { apiSearch, expectHitCount, openSearch, searchInUrl, signedIn } from "./search-helpers";
import { expect, expectAccessible, screenshot, signInByApi, test } from "./support/test";

test("selection mode, 'Exportera markerade' and the export popup down to the file", async ({ page, local }) => {
  const user = await signedIn({ page, local });
  void user;
  await openSearch(page, { codeSet: { location: ["01"] } });
  const hits = (await apiSearch(page, { codeSet: { location: ["01"] } })).results.hitCount;
  const menuButton = page.getByRole("button", { name: "Exportera" });
  await menuButton.click();
  const menu = page.getByRole("menu", { name: "Exportera" });
  await expect(menu.getByRole("menuitem")).toHaveText(["Exportera alla", "Markera organisationer"]);
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  const cards = page.locator(".record-card");
  await expect(cards.first().getByRole("checkbox")).toBeVisible();
  const marked = [0, 2, 3].map((i) => cards.nth(i));
  for (const card of marked) await card.getByRole("checkbox").check();

  await menuButton.click();
  await expect(menu.getByRole("menuitem")).toHaveText([
    "Exportera alla",
    "Exportera markerade (3 st)",
    "Exportera ej markerade (3 st)",
    "Ta bort markeringar",
  ]);
  // Each item on one line (issue 25: 'Exportera ej markerade (3 st)' wrapped).
  const heights = await menu.getByRole("menuitem").evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
  expect(new Set(heights).size, `menu item heights ${heights.join(", ")}`).toBe(1);
  await menu.getByRole("menuitem", { name: "Exportera markerade (3 st)" }).click();
  const dialog = page.getByRole("dialog", { name: "Exportera urval" });
  await expect(dialog).toContainText(`Urvalet innehåller ${hits.toLocaleString("sv-SE")} organisationer.`);
  await expect(dialog).toContainText("3 markerade organisationer ingår i exporten.");
  await expect(dialog).toContainText("Ditt abonnemang har 500 poster kvar att exportera.");
  await expect(dialog).toContainText("XLSX");
  const count = dialog.getByLabel("Ange antal att exportera");
  await expect(count).toHaveValue("3");
  await count.fill("99");
  await expect(count).toHaveValue("3");
  await count.fill("0");
  await expect(count).toHaveValue("1");
  await count.fill("2");
  await expectAccessible(page);
  await screenshot(page, "sok-exportera-urval");

  const download = page.waitForEvent("download", { timeout: 60_000 });
  await dialog.getByRole("button", { name: "Ladda ner urval" }).click();
  await expect(dialog.getByRole("button", { name: "Laddar ner..." })).toBeVisible();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^urval-foretag-\d{8}-\d{4}\.xlsx$/);
  await expect(dialog.getByRole("button", { name: "Urval nedladdat!" })).toBeVisible();
  const workbook = XLSX.read(readFileSync(await file.path()));
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[workbook.SheetNames[0] ?? ""] ?? {});
  expect(rows).toHaveLength(2);

  // The active user is reloaded: two records fewer left.
  await dialog.getByRole("button", { name: "Stäng" }).click();
  // The popup describes the same selection after the download as before it (issue 25): the hits, of which 2 are free.
  await menuButton.click();
  await menu.getByRole("menuitem", { name: "Exportera markerade (3 st)" }).click();
  await expect(dialog).toContainText(
    `Urvalet innehåller ${hits.toLocaleString("sv-SE")} organisationer, varav 2 redan exporterade under din prenumerationsperiod (kostar inget)`,
  );
  await expect(dialog).toContainText("3 markerade organisationer ingår i exporten.");
  await dialog.getByRole("button", { name: "Stäng" }).click();
  await menuButton.click();
  await menu.getByRole("menuitem", { name: "Exportera alla" }).click();
  await expect(dialog).toContainText("Ditt abonnemang har 498 poster kvar att exportera.");
  // The 2 exported records are already paid for in the subscription period, so free (issue 17): 498 + 2 at most.
  await expect(dialog.getByLabel("Ange antal att exportera")).toHaveValue(String(Math.min(hits, 500)));
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await menuButton.click();
  await menu.getByRole("menuitem", { name: "Ta bort markeringar" }).click();
  await expect(page.locator(".record-card__mark")).toHaveCount(0);
});

test("an export failure says 'Ett fel inträffade vid export'", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page, { codeSet: { location: ["03"] } });
  await page.route("**/sapi/extraction/spreadsheet*", (route) =>
    route.fulfill({ status: 500, json: { type: "ERROR", message: "x", code: "INTERNAL", requestId: "r" } }),
  );
  await page.getByRole("button", { name: "Exportera" }).click();
  await page.getByRole("menuitem", { name: "Exportera alla" }).click();
  const dialog = page.getByRole("dialog", { name: "Exportera urval" });
  await dialog.getByRole("button", { name: "Ladda ner urval" }).click();
  // All 500 records left: the export asks first (issue 38).
  await dialog.getByRole("button", { name: "Ja, ladda ner" }).click();
  await expect(dialog.getByText("Ett fel inträffade vid export")).toBeVisible();
});

test("'Urval nedladdat!' closes the export popup by itself after 20 s, counted from the download", async ({ page, local }) => {
  await page.clock.install();
  await signedIn({ page, local });
  await openSearch(page, { codeSet: { location: ["03"] } });
  // The reload of the records left that follows a download is held back until 19 s have passed: re-rendering the
  // popup then must not start the 20 s again (CI found that race on a busy machine).
  let holdRevalidation = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    if (holdRevalidation) await released;
    await route.continue();
  });
  await page.getByRole("button", { name: "Exportera" }).click();
  await page.getByRole("menuitem", { name: "Exportera alla" }).click();
  const dialog = page.getByRole("dialog", { name: "Exportera urval" });
  await expect(dialog).toContainText("Ditt abonnemang har 500 poster kvar att exportera.");
  await dialog.getByLabel("Ange antal att exportera").fill("1");
  holdRevalidation = true;
  const download = page.waitForEvent("download", { timeout: 60_000 });
  await dialog.getByRole("button", { name: "Ladda ner urval" }).click();
  await download;
  await expect(dialog.getByRole("button", { name: "Urval nedladdat!" })).toBeVisible();
  await page.clock.fastForward(19_000);
  await expect(dialog).toBeVisible();
  release();
  await expect(dialog).toContainText("Ditt abonnemang har 499 poster kvar att exportera.");
  await page.clock.fastForward(1_500);
  await expect(dialog).toHaveCount(0);
});

test("'Dela urval': the link, 'Kopiera länk' → 'Länk kopierad!' for 1.5 s, the notes, and the link works", async ({
  page,
  local,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedIn({ page, local });
  await openSearch(page, { codeSet: { sni: ["F"], location: ["12"] } });
  const hits = (await apiSearch(page, { codeSet: { sni: ["F"], location: ["12"] } })).results.hitCount;
  await page.getByRole("button", { name: "Dela", exact: true }).click();
  const popup = page.getByRole("region", { name: "Dela urval" });
  const link = popup.getByRole("textbox", { name: "Länk" });
  await expect(link).toHaveValue(/\/u\/[A-Za-z0-9]{16}$/);
  await expect(popup).toContainText("Mottagaren behöver ett eget konto");
  await expect(popup).toContainText("syns inte för mottagaren");
  await popup.getByRole("button", { name: "Kopiera länk" }).click();
  await expect(popup.getByRole("button", { name: "Länk kopierad!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  await expectAccessible(page);
  await expect(popup.getByRole("button", { name: "Kopiera länk" })).toBeVisible({ timeout: 3_000 });
  const shared = await link.inputValue();
  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Dela", exact: true })).toBeFocused();

  const other = await context.newPage();
  await other.goto(new URL(shared).pathname);
  await expectHitCount(other, hits);
});

test("'Listfiler': several files, Antal, include and exclude re-run the search, badge, delete", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page, { codeSet: { location: ["01"] } });
  const records = (await apiSearch(page, { codeSet: { location: ["01"] } })).results.records as CompanyRecord[];
  const total = (await apiSearch(page, { codeSet: { location: ["01"] } })).results.hitCount;
  const firstFive = records.slice(0, 5).map((r) => r.orgNo);
  const nextThree = records.slice(5, 8).map((r) => r.orgNo);

  await page.getByRole("button", { name: "Listfiler" }).click();
  const popup = page.getByRole("region", { name: "Listfiler" });
  await expect(popup.getByRole("columnheader")).toHaveText(["Filnamn", "Antal", "Inkludera", "Exkludera", "Ta bort"]);
  await expect(popup).toContainText("Excel, text, CSV och Word");
  await popup.locator("input[type=file]").setInputFiles([
    { name: "kunder.txt", mimeType: "text/plain", buffer: Buffer.from(firstFive.join("\n")) },
    { name: "sparrlista.csv", mimeType: "text/csv", buffer: Buffer.from(`orgnr;namn\n${nextThree.map((n) => `${n};x`).join("\n")}\n`) },
  ]);
  const rows = popup.getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("kunder.txt");
  await expect(rows.nth(1).getByRole("cell").nth(1)).toHaveText("5");
  await expect(rows.nth(2).getByRole("cell").nth(1)).toHaveText("3");
  await expect.poll(() => searchInUrl(page).numeric.seqNo).toBeGreaterThan(0);
  await expectAccessible(page);
  await screenshot(page, "sok-listfiler");

  await popup.getByRole("checkbox", { name: "Inkludera kunder.txt" }).check();
  await expectHitCount(page, 5);
  await expect(page.getByRole("button", { name: /^Listfiler\s*, 1 används$/ })).toBeVisible();
  await popup.getByRole("checkbox", { name: "Exkludera kunder.txt" }).check();
  await expect(popup.getByRole("checkbox", { name: "Inkludera kunder.txt" })).not.toBeChecked();
  await expectHitCount(page, total - 5);
  await popup.getByRole("checkbox", { name: "Exkludera sparrlista.csv" }).check();
  await expectHitCount(page, total - 8);
  await expect(page.getByRole("button", { name: /^Listfiler\s*, 2 används$/ })).toBeVisible();

  // Deleting asks first (issue 25): 'Avbryt' keeps the file.
  await popup.getByRole("button", { name: "Ta bort kunder.txt" }).click();
  const confirm = popup.getByRole("group", { name: "Ta bort kunder.txt?" });
  await expect(confirm.getByRole("button", { name: "Avbryt" })).toBeFocused();
  await confirm.getByRole("button", { name: "Avbryt" }).click();
  await expect(rows).toHaveCount(3);
  await expect(popup.getByRole("button", { name: "Ta bort kunder.txt" })).toBeFocused();
  await popup.getByRole("button", { name: "Ta bort kunder.txt" }).click();
  await confirm.getByRole("button", { name: "Ja, ta bort" }).click();
  await expect(rows).toHaveCount(2);
  await expectHitCount(page, total - 3);
  await expect.poll(() => searchInUrl(page).numSet).toEqual({ excludeFile: [expect.any(Number)] });
});

test("the start page has Exportera and Dela too, for all of Sweden", async ({ page, local }) => {
  await signInByApi(page, await local.createUser({ quota: 9_686 }));
  const total = (await apiSearch(page, {})).results.hitCount;
  await page.goto("/");
  await page.getByRole("button", { name: "Exportera" }).click();
  await expect(page.getByRole("menuitem")).toHaveText(["Exportera alla"]);
  await page.getByRole("menuitem", { name: "Exportera alla" }).click();
  const dialog = page.getByRole("dialog", { name: "Exportera urval" });
  await expect(dialog).toContainText(`Urvalet innehåller ${total.toLocaleString("sv-SE")} organisationer.`);
  // The count with the Swedish thousands space (issue 38): "9 686", not "9686"; what the user types is still taken,
  // grouped or not, and only as plain digits.
  const count = dialog.getByLabel("Ange antal att exportera");
  await expect(count).toHaveValue(Math.min(total, 9_686).toLocaleString("sv-SE"));
  const download = dialog.getByRole("button", { name: "Ladda ner urval" });
  await count.fill("1e3");
  await expect(dialog.getByText("Ange antalet som ett heltal, till exempel 1 000.")).toBeVisible();
  await expect(count).toHaveAttribute("aria-invalid", "true");
  await expect(download).toBeDisabled();
  await count.fill("1500");
  await count.blur();
  await expect(count).toHaveValue((1500).toLocaleString("sv-SE"));
  await expect(download).toBeEnabled();
  await count.fill("2 500");
  await expect(count).toHaveValue("2 500");
  await dialog.getByRole("button", { name: "Stäng" }).click();
  await page.getByRole("button", { name: "Dela", exact: true }).click();
  await expect(page.getByRole("region", { name: "Dela urval" }).getByRole("textbox", { name: "Länk" })).toHaveValue(
    /\/u\/[A-Za-z0-9]{16}$/,
  );
  await expectAccessible(page);
});

// Issue 38 point 2: one confirmation before an export of more than half of the records left (or over 10 000).
for (const [device, viewport] of [
  ["desktop", { width: 1366, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    // The phone in the full run only (npm test's budget).
    test(
      "an export of more than half of the records left asks once, with the count and what remains",
      { tag: device === "phone" ? "@full" : [] },
      async ({ page, local }) => {
        await signedIn({ page, local });
        await openSearch(page);
        await page.getByRole("button", { name: "Exportera" }).click();
        await page.getByRole("menuitem", { name: "Exportera alla" }).click();
        const dialog = page.getByRole("dialog", { name: "Exportera urval" });
        const count = dialog.getByLabel("Ange antal att exportera");
        await expect(count).toHaveValue("500");
        await dialog.getByRole("button", { name: "Ladda ner urval" }).click();
        const confirm = dialog.getByRole("group", { name: "Vill du exportera 500 organisationer?" });
        await expect(confirm).toContainText("Exporten drar 500 poster från ditt abonnemang. Efteråt har du 0 poster kvar att exportera.");
        await expect(confirm.getByRole("button", { name: "Avbryt" })).toBeFocused();
        await expect(dialog.getByRole("button", { name: "Ladda ner urval" })).toHaveCount(0);
        // The spec's texts of the popup stay as they were.
        await expect(dialog).toContainText("Ditt abonnemang har 500 poster kvar att exportera.");
        await expect(confirm).toBeInViewport();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await confirm.getByRole("button", { name: "Avbryt" }).click();
        await expect(count).toBeFocused();
        if (device === "phone") {
          // One scan of the confirmation (the same markup on the desktop).
          await dialog.getByRole("button", { name: "Ladda ner urval" }).click();
          await expectAccessible(page);
          await screenshot(page, "export-bekrafta-mobil");
          return;
        }

        // 251 of 500 is still more than half: confirmed, it runs; records left then show on Mina exporter and in Konto.
        await count.fill("251");
        await dialog.getByRole("button", { name: "Ladda ner urval" }).click();
        await expect(confirm).toHaveCount(0);
        await dialog
          .getByRole("group", { name: "Vill du exportera 251 organisationer?" })
          .getByRole("button", { name: "Ja, ladda ner" })
          .click();
        await expect(dialog.getByRole("button", { name: "Urval nedladdat!" })).toBeVisible({ timeout: 30_000 });
        await expect(dialog).toContainText("Ditt abonnemang har 249 poster kvar att exportera.");
        await dialog.getByRole("button", { name: "Stäng" }).click();
        await page.getByRole("button", { name: "Konto", exact: true }).click();
        await expect(page.getByRole("region", { name: "Konto" })).toContainText("Ditt abonnemang har 249 poster kvar att exportera.");
        await page
          .getByRole("navigation", { name: "Huvudmeny" })
          .getByRole("link", { name: /^Mina exporter/ })
          .click();
        await expect(page.getByRole("main")).toContainText("Ditt abonnemang har 249 poster kvar att exportera.");
      },
    );
  });
}
