/**
 * Urval on a phone (390 × 844, touch) and a tablet (820 × 1180) (issue 29): sign in, a search with two filters (from
 * the filter drawer on the phone, from the sidebar beside the results on the tablet), a detail, an export, a saved
 * Bevakning and sign-out through the folded header menu; nothing wider than the screen, no serious or critical axe
 * violations, and a screenshot of each step under tests/e2e/artifacts/pages/.
 */
import type { Locator, Page } from "@playwright/test";
import { apiSearch, expectHitCount, openSearch } from "./search-helpers";
import { expect, expectAccessible, screenshot, signInByForm, test, waitForApp } from "./support/test";

const TWO_FILTERS = { codeSet: { sni: ["F"], location: ["01"] } };

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page wider than the window").toBeLessThanOrEqual(0);
}

/** The filter rows of the two groups used here, inside the drawer or the sidebar. */
const codeBox = (filters: Locator, group: string, code: string) =>
  filters.getByRole("list", { name: group, exact: true }).locator(`input[data-code="${code}"]`);

const DEVICES = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, drawer: true },
  { name: "tablet", viewport: { width: 820, height: 1180 }, isMobile: false, hasTouch: true, drawer: false },
] as const;

for (const device of DEVICES) {
  test.describe(`on a ${device.name}`, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch });

    test("sign in, filter, detail, export, Bevakning and sign out", async ({ page, local }) => {
      // Five axe scans and an export on a busy 2-core machine.
      test.setTimeout(240_000);
      const shot = (step: string) => screenshot(page, `mobil-${device.name}-${step}`);
      const user = await local.createUser();
      await page.goto("/logga-in");
      await expectNoSidewaysScroll(page);
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
      await expectAccessible(page);
      await shot("3-filter");
      if (device.drawer) {
        await filters.getByRole("button", { name: `Visa ${expected.toLocaleString("sv-SE")} organisationer` }).click();
        await expect(filters).toHaveCount(0);
        await expect(page.getByRole("button", { name: "Filter (2)" })).toBeFocused();
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
      await expectAccessible(page);
      await shot("5-detalj");
      await pane.getByRole("button", { name: device.drawer ? "Tillbaka till resultaten" : "Stäng" }).click();
      await expect(pane).toHaveCount(0);
      await expect(card).toBeFocused();
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

      // Export two rows.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole("button", { name: "Exportera" }).click();
      await page.getByRole("menuitem", { name: "Exportera alla" }).click();
      const dialog = page.getByRole("dialog", { name: "Exportera urval" });
      await dialog.getByLabel("Ange antal att exportera").fill("2");
      await expectNoSidewaysScroll(page);
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
      await shot("7-bevakning");
      await page.keyboard.press("Escape");

      // Sign out through the folded menu: keyboard-friendly, Escape closes it, focus stays inside while open.
      const menuButton = page.getByRole("button", { name: "Meny" });
      await menuButton.click();
      const nav = page.getByRole("navigation", { name: "Huvudmeny" });
      await expect(nav.getByRole("link", { name: "Bevakningar" })).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(menuButton).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(nav.getByRole("button", { name: "Konto" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();
      await expect(menuButton).toBeFocused();
      await menuButton.click();
      await expectAccessible(page);
      await nav.getByRole("button", { name: "Konto" }).click();
      await shot("8-meny-konto");
      await nav.getByRole("button", { name: "Logga ut" }).click();
      await expect(page).toHaveURL("/logga-in");
      await shot("9-utloggad");
    });
  });
}
