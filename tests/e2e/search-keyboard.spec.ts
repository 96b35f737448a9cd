/**
 * Keyboard-first (issue 38 point 7): the shortcuts' help overlay in Swedish as a modal dialog, j/k through the results
 * with the current one marked, Enter and Escape on the detail pane, no shortcut while typing in the search box (other
 * letters still start a search), b and o to the editors and Escape out of them, no letter while the Exportera menu is
 * open (issue 48), x marks, e to the export popup, and turning them off. Which key is a shortcut when is unit-tested in
 * app/lib/search/keyboard-shortcuts.test.ts.
 */
import { openSearch, signedIn } from "./search-helpers";
import { expect, expectAccessible, test } from "./support/test";

test("shortcuts: '?' lists them, j/k move, Enter opens, Escape closes, typing is left alone, b, x and e, turned off", async ({
  page,
  local,
}) => {
  await signedIn({ page, local });
  await openSearch(page);
  const cards = page.locator(".results__list .record-card");
  await expect(cards).toHaveCount(20);

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Kortkommandon" });
  await expect(help.locator(".shortcuts__row")).toHaveText([
    "jNästa träff",
    "kFöregående träff",
    "EnterVisa detaljer om aktuell träff",
    "EscStäng detaljerna",
    "xMarkera eller avmarkera aktuell träff för export",
    "eExportera urval (de markerade träffarna om du har markerat några)",
    "bRedigera bransch",
    "oRedigera plats (ort)",
    "?Visa kortkommandon",
  ]);
  await expect(help.getByRole("button", { name: "Stäng" })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(help).toHaveCount(0);
  // The visible hint opens it too, and the focus returns to it.
  const hint = page.getByRole("button", { name: "Kortkommandon" });
  await hint.click();
  await help.getByRole("button", { name: "Stäng" }).click();
  await expect(hint).toBeFocused();

  await page.keyboard.press("j");
  await expect(cards.nth(0).getByRole("button").first()).toBeFocused();
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  const current = cards.nth(1);
  const opener = current.locator(".record-card__open");
  await expect(opener).toBeFocused();
  await expect(current).toHaveCSS("outline-style", "solid");
  await expect(current).toBeInViewport();

  await page.keyboard.press("Enter");
  const pane = page.locator(".detail-pane");
  await expect(pane).toBeVisible();
  await expect(current).toHaveClass(/record-card--open/);
  await page.keyboard.press("Escape");
  await expect(pane).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Any other letter still moves typing into the search box (spec §2), where every letter is text.
  const box = page.getByRole("combobox", { name: "Sök företag" });
  await page.keyboard.press("s");
  await expect(box).toBeFocused();
  await page.keyboard.type("jobex");
  await expect(box).toHaveValue("sjobex");
  await expect(page.locator(".tree-editor")).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await opener.focus();
  await page.keyboard.press("b");
  await expect(page.locator(".tree-editor__search")).toBeFocused();
  // Issue 48 point 8: Escape empties the editor's search box, then closes the editor with the focus back on its opener.
  await page.keyboard.type("bygg");
  await page.keyboard.press("Escape");
  await expect(page.locator(".tree-editor__search")).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(page.locator(".tree-editor")).toHaveCount(0);
  await expect(page.locator("[data-tree-opener='sni']").first()).toBeFocused();
  await opener.focus();
  await page.keyboard.press("o");
  await expect(page.locator(".tree-editor__search")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.locator(".tree-editor")).toHaveCount(0);
  // With the Exportera menu open, a letter is neither a shortcut nor typing for the search box.
  const exportMenuButton = page.getByRole("button", { name: "Exportera", exact: true });
  await exportMenuButton.click();
  const menu = page.getByRole("menu", { name: "Exportera" });
  await expect(menu).toBeVisible();
  await page.keyboard.press("j");
  await expect(menu).toBeVisible();
  await expect(box).toHaveValue("sjobex");
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await opener.focus();
  await page.keyboard.press("x");
  await expect(current.getByRole("checkbox")).toBeChecked();
  await page.keyboard.press("e");
  const exportPopup = page.getByRole("dialog", { name: "Exportera urval" });
  await expect(exportPopup).toContainText("ingår i exporten");
  await page.keyboard.press("Escape");
  await expect(exportPopup).toHaveCount(0);

  // Turned off in the overlay (WCAG 2.1.4), j is a letter for the search box again.
  await hint.click();
  await help.getByRole("checkbox", { name: "Använd kortkommandon" }).uncheck();
  await page.keyboard.press("Escape");
  await opener.focus();
  await page.keyboard.press("j");
  await expect(box).toBeFocused();
  await expect(box).toHaveValue("j");
});

test("Escape before the detail has loaded: the focus stays on the card when the detail arrives during the close", async ({
  page,
  local,
}) => {
  await signedIn({ page, local });
  await openSearch(page);
  // The detail's answer is fetched from the server at once but held until Escape, then handed over at once, so it
  // arrives during the pane's 200 ms slide-out however slow the machine. (Released later, it would meet a request the
  // pane had already dropped: the pane aborts its fetch when it has gone.)
  let release = () => {};
  const closed = new Promise<void>((resolve) => (release = resolve));
  let answered = () => {};
  const delivered = new Promise<void>((resolve) => (answered = resolve));
  await page.route("**/sapi/details/entity/**", async (route) => {
    const response = await route.fetch();
    await closed;
    // A request the page has dropped meanwhile cannot be answered; the focus must stay on the card all the same.
    await route.fulfill({ response }).catch(() => {});
    answered();
  });
  await page.keyboard.press("j");
  const opener = page.locator(".results__list .record-card").nth(0).locator(".record-card__open");
  await expect(opener).toBeFocused();
  await page.keyboard.press("Enter");
  const pane = page.locator(".detail-pane");
  await expect(pane).toBeVisible();
  await page.keyboard.press("Escape");
  release();
  await expect(opener).toBeFocused();
  await delivered;
  await expect(pane).toHaveCount(0);
  await expect(opener).toBeFocused();
});
