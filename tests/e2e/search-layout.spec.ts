/**
 * The search screen at 1280 and 768 px wide (issue 8): nothing wider than the window, every part reachable, no serious
 * or critical accessibility violations with the tree editor, the detail pane and the list-file popup open, and the
 * header's popups usable from the keyboard alone.
 */
import type { Page } from "@playwright/test";
import { openSearch, signedIn } from "./search-helpers";
import { expect, expectAccessible, screenshot, test } from "./support/test";

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page wider than the window").toBeLessThanOrEqual(0);
}

for (const width of [1280, 768]) {
  test(`at ${width} px: sidebar, summary, tree editor, cards and detail pane fit and pass axe`, async ({ page, local }) => {
    // Four full axe scans of the search screen (now with the export designer's and Bevakning's controls): about
    // 15 s each on a busy 2-core machine, over the default 60 s for the whole test.
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await signedIn({ page, local });
    await openSearch(page, { codeSet: { sni: ["G"], location: ["01"] }, bool: { fTax: true } });
    await expect(page.getByRole("complementary", { name: "Filter" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, `sok-${width}`);

    await page.getByRole("button", { name: "Redigera bransch" }).click();
    await expect(page.getByRole("region", { name: "Redigera bransch" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, `sok-redigera-bransch-${width}`);

    const name = (await page.locator(".record-card__open").first().textContent()) ?? "";
    await page.locator(".record-card__open").first().click();
    const pane = page.getByRole("complementary", { name });
    await expect(pane.getByRole("heading", { name: "Ekonomi" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, `sok-detalj-${width}`);
  });
}

test("the header's popups work from the keyboard alone", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page);
  const exportButton = page.getByRole("button", { name: "Exportera" });
  await exportButton.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Exportera alla" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Markera organisationer" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(exportButton).toBeFocused();

  await page.getByRole("button", { name: "Listfiler" }).focus();
  await page.keyboard.press("Enter");
  const popup = page.getByRole("region", { name: "Listfiler" });
  await expect(popup.getByRole("button", { name: "Lägg till filer" })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);

  await exportButton.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Exportera urval" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Stäng" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});
