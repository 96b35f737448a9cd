/**
 * Issue 48 point 8: every popup of the signed-in header and the search screen opens wholly inside the window at every
 * width from 320 to 1920 px (the Exportera menu opened 50–133 px past the left edge at 1100–1366 px, Dela and
 * Listfiler too; on phones 'Välj kolumner' hid its ↑/↓ buttons and the Listfiler table its last columns): its box
 * within [0, width] × [0, height] and none of its controls or column headers cut off. Each popup is opened afresh at
 * each width, as a user opens it; narrow-layout.spec.ts resizes popups that stay open.
 */
import type { Locator, Page } from "@playwright/test";
import type { CompanyRecord } from "#shared/search/result-schemas";
import { ALL_LAYOUT_WIDTHS, LAYOUT_WIDTHS, outsideWindow, windowHeight } from "./layout-helpers";
import { apiSearch, openSearch, signedIn } from "./search-helpers";
import { expect, expectAccessible, screenshot, test } from "./support/test";

const WIDTHS = ALL_LAYOUT_WIDTHS ? [320, ...LAYOUT_WIDTHS] : LAYOUT_WIDTHS;
const isPhone = (width: number) => width < 768;
// The header's links (and Konto) fold behind 'Meny' up to 1024 px (narrow.css).
const isFolded = (width: number) => width <= 1024;

interface Popup {
  name: string;
  /** Opens it and gives the box that must lie inside the window. */
  open: () => Promise<Locator>;
  close?: () => Promise<void>;
  /** The widths it exists at; all when left out. */
  at?: (width: number) => boolean;
  /** The widths at which a screenshot of the window with it open is kept (artifacts/pages/<page>-<name>-<width>.png). */
  shots?: { name: string; widths: number[] };
}

/** Opens each popup at each width, collects how its box misses the window, and closes it again. */
async function popupsOutsideWindow(page: Page, where: string, popups: Popup[], widths: readonly number[] = WIDTHS): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: windowHeight(width) });
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const popup of popups) {
      if (popup.at && !popup.at(width)) continue;
      const box = await popup.open();
      await expect(box, `${popup.name} at ${width} px`).toBeVisible();
      for (const miss of await outsideWindow(box)) found.push(`${popup.name} at ${width} px: ${miss}`);
      if (popup.shots?.widths.includes(width)) await screenshot(page, `${where}-${popup.shots.name}-${width}`, { fullPage: false });
      await (popup.close ?? (() => page.keyboard.press("Escape")))();
      await expect(box, `${popup.name} closed at ${width} px`).toBeHidden();
    }
  }
  return found;
}

function headerPopups(page: Page) {
  const header = page.getByRole("banner");
  const button = (name: string | RegExp) => header.getByRole("button", { name });
  const region = (label: string | RegExp, name: string): Popup => ({
    name,
    open: async () => {
      await button(label).click();
      return page.getByRole("region", { name });
    },
  });
  const exportDialog = async () => {
    await button("Exportera").click();
    await page.getByRole("menuitem", { name: "Exportera alla" }).click();
    return page.getByRole("dialog", { name: "Exportera urval" });
  };
  const mainMenu = page.getByRole("navigation", { name: "Huvudmeny" });
  return {
    exportMenu: {
      name: "Exportera",
      shots: { name: "exportera", widths: [1100, 1366] },
      open: async () => {
        await button("Exportera").click();
        return page.getByRole("menu", { name: "Exportera" });
      },
    },
    exportDialog: { name: "Exportera urval", open: exportDialog },
    columns: {
      name: "Välj kolumner",
      shots: { name: "valj-kolumner", widths: [360] },
      open: async () => {
        const dialog = await exportDialog();
        await dialog.getByRole("button", { name: /^Välj kolumner/ }).click();
        // Scrolled to within the designer: the chosen columns with their ↑/↓ buttons in the screenshot.
        await dialog.getByRole("list", { name: /Valda kolumner/ }).scrollIntoViewIfNeeded();
        return dialog;
      },
    },
    share: region("Dela", "Dela urval"),
    save: region("Spara bevakning", "Spara bevakning"),
    listFiles: { ...region(/^Listfiler/, "Listfiler"), shots: { name: "listfiler", widths: [390] } },
    listFileDelete: {
      name: "Listfiler, Ta bort?",
      open: async () => {
        await button(/^Listfiler/).click();
        const popup = page.getByRole("region", { name: "Listfiler" });
        await popup
          .getByRole("button", { name: /^Ta bort / })
          .first()
          .click();
        await expect(popup.getByRole("group", { name: /^Ta bort .+\?$/ })).toBeVisible();
        return popup;
      },
    },
    account: { ...region("Konto", "Konto"), at: (width) => !isFolded(width) },
    menu: {
      name: "Meny",
      at: isFolded,
      open: async () => {
        await button("Meny").click();
        return mainMenu;
      },
    },
    menuAccount: {
      name: "Meny, Konto",
      at: isFolded,
      open: async () => {
        await button("Meny").click();
        await mainMenu.getByRole("button", { name: "Konto", exact: true }).click();
        return page.getByRole("region", { name: "Konto" });
      },
      // Escape closes Konto, then the menu.
      close: async () => {
        await page.keyboard.press("Escape");
        await page.keyboard.press("Escape");
        await expect(mainMenu).toBeHidden();
      },
    },
    suggestions: {
      name: "Förslag",
      open: async () => {
        await header.getByRole("combobox").fill("bygg");
        return page.getByRole("listbox", { name: "Förslag" });
      },
      close: async () => {
        await page.keyboard.press("Escape");
        await header.getByRole("combobox").fill("");
        await header.getByRole("combobox").blur();
      },
    },
  } satisfies Record<string, Popup>;
}

test("on /sok every popup opens inside the window at 320–1920 px, with list files and with marked results", async ({ page, local }) => {
  test.setTimeout(420_000);
  await signedIn({ page, local });
  const search = { codeSet: { sni: ["F", "41", "43"], location: ["01", "0180", "14"] }, text: "bygg" };
  await openSearch(page, search);
  // Two list files, so that the Listfiler table has rows with its checkboxes and delete buttons.
  const orgNos = ((await apiSearch(page, search)).results.records as CompanyRecord[]).map((record) => record.orgNo);
  await page.getByRole("button", { name: "Listfiler" }).click();
  const listFiles = page.getByRole("region", { name: "Listfiler" });
  await listFiles.locator("input[type=file]").setInputFiles([
    { name: "kunder-i-stockholms-lan-2026.txt", mimeType: "text/plain", buffer: Buffer.from(orgNos.slice(0, 2).join("\n")) },
    { name: "sparrlista.csv", mimeType: "text/csv", buffer: Buffer.from(`orgnr\n${orgNos.slice(2, 3).join("\n")}\n`) },
  ]);
  await expect(listFiles.getByRole("row")).toHaveCount(3);
  // On a phone the rows are cards, the header row kept for screen readers: still a table to axe.
  await page.setViewportSize({ width: 390, height: windowHeight(390) });
  await expect(listFiles.getByRole("columnheader")).toHaveText(["Filnamn", "Antal", "Inkludera", "Exkludera", "Ta bort"]);
  await expectAccessible(page);
  await page.keyboard.press("Escape");

  const popups = headerPopups(page);
  const found = await popupsOutsideWindow(page, "sok", [
    popups.exportMenu,
    popups.exportDialog,
    popups.columns,
    popups.share,
    popups.save,
    popups.listFiles,
    popups.listFileDelete,
    popups.account,
    popups.menu,
    popups.menuAccount,
    popups.suggestions,
    {
      name: "Kortkommandon",
      open: async () => {
        await page.keyboard.press("?");
        return page.getByRole("dialog", { name: "Kortkommandon" });
      },
    },
    {
      name: "Filter",
      at: isPhone,
      open: async () => {
        await page.getByRole("button", { name: /^Filter/ }).click();
        return page.getByRole("dialog", { name: "Filter" });
      },
    },
  ]);

  // Selection mode with one result marked: the Exportera menu at its widest ('Exportera ej markerade (1 st)').
  await page.setViewportSize({ width: 1280, height: 768 });
  await page.getByRole("banner").getByRole("button", { name: "Exportera" }).click();
  await page.getByRole("menuitem", { name: /^Markera/ }).click();
  await page.locator(".record-card").first().getByRole("checkbox").check();
  found.push(
    ...(await popupsOutsideWindow(page, "sok", [
      { ...popups.exportMenu, name: "Exportera, 1 markerad", shots: { name: "exportera-markerade", widths: [1100, 1366] } },
    ])),
  );
  expect(found, "popups outside the window").toEqual([]);
});

test("on the start page Exportera, Dela, Konto and Meny open inside the window at 320–1920 px", async ({ page, local }) => {
  test.setTimeout(180_000);
  await signedIn({ page, local });
  await page.goto("/");
  const popups = headerPopups(page);
  const found = await popupsOutsideWindow(page, "start", [
    popups.exportMenu,
    popups.share,
    popups.account,
    popups.menu,
    popups.menuAccount,
  ]);
  expect(found, "popups outside the window").toEqual([]);
});
