/**
 * Urval on a phone (390 × 844, touch) and a tablet (820 × 1180) (issue 29): sign in, a search with two filters (from
 * the filter drawer on the phone, from the sidebar beside the results on the tablet), a detail, an export, a saved
 * Bevakning and sign-out through the folded header menu; nothing wider than the screen, every control finger-sized,
 * no serious or critical axe violations, and a screenshot of each step under tests/e2e/artifacts/pages/. On the phone
 * the system Back closes the drawer, the detail sheet and the menu; the tablet keeps the filters beside the results
 * in portrait and landscape.
 */
import type { Locator, Page } from "@playwright/test";
import { expectNoSidewaysScroll } from "./layout-helpers";
import { apiSearch, expectHitCount, midWordBreaks, openSearch } from "./search-helpers";
import { expect, expectAccessible, screenshot, signInByForm, test, waitForApp } from "./support/test";

const TWO_FILTERS = { codeSet: { sni: ["F"], location: ["01"] } };

/**
 * Every visible control smaller than a finger (issue 29: 44 × 44 CSS px, WCAG 2.5.5), named with its size. A control's
 * labels count as part of it (a tap on a label works the control). Left out, as WCAG 2.5.5 allows: the map's counties
 * and the range sliders, whose equivalents stand on the same screen at full size ('Alla län' under the map lists every
 * county; the fields 'från' and 'till' take the same values). No inline link inside a sentence is left out: the audit
 * found none on these screens.
 */
async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex="0"]';
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(controls)) {
      if (el.closest(".county-map__svg") || (el instanceof HTMLInputElement && el.type === "range")) continue;
      if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === "hidden") continue;
      const boxes = [el, ...(el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? [...(el.labels ?? [])] : [])].map((part) =>
        part.getBoundingClientRect(),
      );
      const width = Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left));
      const height = Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top));
      // Visually hidden (1 px) controls, such as the file input behind its button, are not touch targets.
      if (width <= 1 || height <= 1) continue;
      if (width < 43.5 || height < 43.5) {
        const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
        const name = el.getAttribute("aria-label") ?? (label || el.textContent)?.trim().slice(0, 40) ?? "";
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(width)} × ${Math.round(height)}`);
      }
    }
    return small;
  });
}

async function expectTouchSized(page: Page) {
  expect(await smallTouchTargets(page), "controls under 44 × 44 px").toEqual([]);
}

/**
 * On tablets the filters stand beside the results (issue 29): portrait and landscape at 768, 820 and 1024 px, the
 * sidebar's labels whole or hyphenated, nothing wider than the screen and every control finger-sized (wider than
 * 1024 px the desktop's layout applies, with the touch sizes of a coarse pointer, issue 38).
 */
async function expectTabletLayouts(page: Page, restore: { width: number; height: number }) {
  const sidebar = page.getByRole("complementary", { name: "Filter" });
  for (const [width, height] of [
    [768, 1024],
    [1024, 768],
    [820, 1180],
    [1180, 820],
    [1024, 1366],
    [1366, 1024],
  ] as const) {
    const size = `${width} × ${height}`;
    await page.setViewportSize({ width, height });
    await expect(sidebar).toBeVisible();
    const side = await sidebar.boundingBox();
    const results = await page.locator(".search-main").boundingBox();
    expect((side?.x ?? 0) + (side?.width ?? 0), `filters beside the results at ${size}`).toBeLessThanOrEqual(results?.x ?? 0);
    expect(await sidebar.evaluate((el) => el.scrollWidth - el.clientWidth), `sidebar wider than its box at ${size}`).toBe(0);
    expect(await midWordBreaks(page), `labels broken inside a word at ${size}`).toEqual([]);
    await expectNoSidewaysScroll(page);
    // A tablet's pointer is coarse at every width: finger-sized beyond 1024 px too (issue 38).
    await expectTouchSized(page);
  }
  await page.setViewportSize(restore);
}

/** The filter rows of the two groups used here, inside the drawer or the sidebar. */
const codeBox = (filters: Locator, group: string, code: string) =>
  filters.getByRole("list", { name: group, exact: true }).locator(`input[data-code="${code}"]`);

const DEVICES = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, drawer: true },
  // The tablet's walk in the full run only (npm test's budget): the tablet's layout is checked at its width there too.
  { name: "tablet", viewport: { width: 820, height: 1180 }, isMobile: false, hasTouch: true, drawer: false, tag: "@full" },
] as const;

for (const device of DEVICES) {
  test.describe(`on a ${device.name}`, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch });

    test("sign in, filter, detail, export, Bevakning and sign out", { tag: "tag" in device ? device.tag : [] }, async ({ page, local }) => {
      // Five axe scans and an export on a busy 2-core machine.
      test.setTimeout(240_000);
      const shot = (step: string) => screenshot(page, `mobil-${device.name}-${step}`);
      const user = await local.createUser();
      await page.goto("/logga-in");
      await expectNoSidewaysScroll(page);
      await expectTouchSized(page);
      await shot("1-logga-in");
      await signInByForm(page, user);
      await expect(page).toHaveURL("/");
      await waitForApp(page);
      await expectNoSidewaysScroll(page);

      // The county map without hover: the first tap names the county and its count, a second one searches there.
      if (device.hasTouch) {
        const skane = page.getByRole("link", { name: /^Skåne län/ });
        await skane.tap();
        await expect(page.locator(".county-map__caption")).toContainText("Skåne län");
        await expect(page).toHaveURL("/");
        await shot("2-karta");
      }
      await expectTouchSized(page);

      await openSearch(page);
      await expectNoSidewaysScroll(page);
      const expected = (await apiSearch(page, TWO_FILTERS)).results.hitCount;
      const oneFilter = (await apiSearch(page, { codeSet: { sni: ["F"] } })).results.hitCount;
      let filters: Locator = page.getByRole("complementary", { name: "Filter" });
      if (device.drawer) {
        // Results first: the filters wait behind 'Filter'.
        await expect(filters).toBeHidden();
        await expect(page.locator(".record-card").first()).toBeInViewport();
        await page.getByRole("button", { name: "Filter", exact: true }).click();
        filters = page.getByRole("dialog", { name: "Filter" });
        await expect(filters.getByRole("button", { name: "Stäng" })).toBeFocused();
      }
      await codeBox(filters, "Branscher", "F").check();
      if (device.drawer)
        await expect(filters.getByRole("button", { name: /^Visa .* organisationer$/ })).toHaveText(
          `Visa ${oneFilter.toLocaleString("sv-SE")} organisationer`,
        );
      await codeBox(filters, "Län", "01").check();
      await expectHitCount(page, expected);
      await expectNoSidewaysScroll(page);
      await expectTouchSized(page);
      await expectAccessible(page);
      await shot("3-filter");
      const withFilters = page.url();
      if (device.drawer) {
        await filters.getByRole("button", { name: `Visa ${expected.toLocaleString("sv-SE")} organisationer` }).click();
        await expect(filters).toHaveCount(0);
        await expect(page.getByRole("button", { name: "Filter (2)" })).toBeFocused();
        // The system Back closes the drawer and keeps the search; the industry tree over the drawer closes first, back
        // to the drawer (issue 38).
        await page.getByRole("button", { name: "Filter (2)" }).click();
        await expect(filters).toBeVisible();
        const opener = filters.getByRole("button", { name: "Redigera bransch" });
        await opener.click();
        const tree = page.getByRole("region", { name: "Redigera bransch" });
        await expect(tree.getByRole("searchbox", { name: "Sök bransch" })).toBeFocused();
        await page.goBack();
        await expect(tree).toHaveCount(0);
        await expect(opener).toBeFocused();
        expect(page.url()).toBe(withFilters);
        await page.goBack();
        await expect(filters).toHaveCount(0);
        await expect(page.getByRole("button", { name: "Filter (2)" })).toBeFocused();
        expect(page.url()).toBe(withFilters);
      } else {
        await expectTabletLayouts(page, device.viewport);
      }
      await shot("4-resultat");

      // The detail: a full-screen sheet on the phone; back returns to the same place in the results.
      const card = page.locator(".record-card__open").nth(2);
      await card.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      const name = (await card.textContent()) ?? "";
      await card.click();
      const pane = page.getByRole("complementary", { name });
      await expect(pane.getByRole("heading", { name: "Ekonomi" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectTouchSized(page);
      await expectAccessible(page);
      await shot("5-detalj");
      await pane.getByRole("button", { name: device.drawer ? "Tillbaka till resultaten" : "Stäng" }).click();
      await expect(pane).toHaveCount(0);
      await expect(card).toBeFocused();
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      if (device.drawer) {
        // The system Back closes the sheet and keeps the search with its filters; the button left no entry behind, so
        // the next Back leaves for the search before, as it would have without the sheet.
        await card.click();
        await expect(pane.getByRole("heading", { name: "Ekonomi" })).toBeVisible();
        await page.goBack();
        await expect(pane).toHaveCount(0);
        await expect(card).toBeFocused();
        expect(page.url()).toBe(withFilters);
        await expectHitCount(page, expected);
        await page.goBack();
        await expectHitCount(page, oneFilter);
        await page.goForward();
        await expectHitCount(page, expected);
        expect(page.url()).toBe(withFilters);
      }

      // Export two rows.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole("button", { name: "Exportera" }).click();
      await page.getByRole("menuitem", { name: "Exportera alla" }).click();
      const dialog = page.getByRole("dialog", { name: "Exportera urval" });
      await dialog.getByLabel("Ange antal att exportera").fill("2");
      // The column chooser's boxes and arrows are finger-sized too (issue 38).
      await dialog.getByRole("button", { name: /^Välj kolumner/ }).click();
      await expect(dialog.getByRole("button", { name: /^Flytta ned / }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectTouchSized(page);
      await expectAccessible(page);
      await shot("6-exportera");
      const download = page.waitForEvent("download", { timeout: 60_000 });
      await dialog.getByRole("button", { name: "Ladda ner urval" }).click();
      expect((await download).suggestedFilename()).toMatch(/^urval-foretag-\d{8}-\d{4}\.xlsx$/);
      await dialog.getByRole("button", { name: "Stäng" }).click();

      // Save the search as a Bevakning.
      await page.getByRole("button", { name: "Spara bevakning" }).click();
      const popup = page.getByRole("region", { name: "Spara bevakning" });
      await popup.getByLabel("Namn på bevakningen").fill("Byggbolag i Stockholm");
      await popup.getByRole("button", { name: "Spara" }).click();
      await expect(popup).toContainText("Bevakningen är sparad.");
      await expectNoSidewaysScroll(page);
      await expectTouchSized(page);
      await shot("7-bevakning");
      await page.keyboard.press("Escape");

      // A list file: its boxes and its delete button are finger-sized too.
      await page.getByRole("button", { name: "Listfiler" }).click();
      const listFiles = page.getByRole("region", { name: "Listfiler" });
      await listFiles
        .locator("input[type=file]")
        .setInputFiles({ name: "kunder.txt", mimeType: "text/plain", buffer: Buffer.from("5560000001\n") });
      await expect(listFiles.getByRole("button", { name: "Ta bort kunder.txt" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectTouchSized(page);
      await page.keyboard.press("Escape");

      // Sign out through the folded menu: keyboard-friendly, Escape closes it, focus stays inside while open.
      const menuButton = page.getByRole("button", { name: "Meny" });
      await menuButton.click();
      const nav = page.getByRole("navigation", { name: "Huvudmeny" });
      await expect(nav.getByRole("link", { name: "Bevakningar" })).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(menuButton).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(nav.getByRole("button", { name: "Konto", exact: true })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();
      await expect(menuButton).toBeFocused();
      // The system Back closes it too, and the page stays.
      const here = page.url();
      await menuButton.click();
      await expect(nav).toBeVisible();
      await page.goBack();
      await expect(nav).toBeHidden();
      await expect(menuButton).toBeFocused();
      expect(page.url()).toBe(here);
      await menuButton.click();
      await expectAccessible(page);
      await nav.getByRole("button", { name: "Konto", exact: true }).click();
      await expectTouchSized(page);
      await shot("8-meny-konto");
      await nav.getByRole("button", { name: "Logga ut" }).click();
      await expect(page).toHaveURL("/logga-in");
      await shot("9-utloggad");
    });
  });
}
