/**
 * "Mina exporter" in Chromium (issue 28): an export keeps going when the popup is closed (its progress bar showed the
 * rows), the page is reloaded and the export is found from the header with the keyboard, done; its file is downloaded
 * again at no cost. A running export (as the heartbeat leaves it) shows its progress and "Export pågår" in the header,
 * and the user is told when it is done. The page is axe clean.
 */
import type { Page } from "@playwright/test";
import { serializeSearch } from "#shared/search/search-serialize";
import { openSearch, SAME_ORIGIN, search, signedIn } from "./search-helpers";
import { expect, expectAccessible, test } from "./support/test";

const SEARCH = { codeSet: { location: ["03"] } };

async function recordsLeft(page: Page): Promise<number> {
  const response = await page.request.get("/sapi/subscription/active-user", { headers: SAME_ORIGIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { subscription: { extractionRecordsLeft: number } }).subscription.extractionRecordsLeft;
}

test("a closed popup's export is found on Mina exporter, downloaded again for free, and a running one shows its progress", async ({
  page,
  local,
}) => {
  const user = await signedIn({ page, local });
  await openSearch(page, SEARCH);
  await page.getByRole("button", { name: "Exportera" }).click();
  await page.getByRole("menuitem", { name: "Exportera alla" }).click();
  const dialog = page.getByRole("dialog", { name: "Exportera urval" });
  await dialog.getByLabel("Ange antal att exportera").fill("3");
  await dialog.getByRole("button", { name: "Ladda ner urval" }).click();
  await expect(dialog.getByRole("button", { name: "Laddar ner..." })).toBeVisible();
  await expect(dialog.getByRole("progressbar", { name: /^Exporten: \d+ av 3 rader$/ })).toBeVisible();
  await dialog.getByRole("button", { name: "Stäng" }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();

  const link = page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: /^Mina exporter/ });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Mina exporter" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Plats:" });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(6)).toHaveText("Klar", { timeout: 30_000 });
  await expect(row).toContainText(/Sparas till \d{1,2} [a-z]{3} \d{2}:\d{2}/);
  await expect(row.getByRole("cell").nth(4)).toHaveText("3");
  const left = await recordsLeft(page);
  expect(left).toBe(497);
  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: /^urval-foretag-\d{8}-\d{4}\.xlsx$/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^urval-foretag-\d{8}-\d{4}\.xlsx$/);
  expect(await recordsLeft(page)).toBe(left);

  const jobId = await local.insertRunningExport({
    userId: user.userId,
    serializedSearch: serializeSearch(search({})),
    count: 100_000,
    rowsWritten: 12_000,
  });
  await page.reload();
  const running = page.getByRole("row").filter({ hasText: "Alla företag" });
  await expect(running.getByRole("progressbar")).toHaveAttribute("value", "12000");
  await expect(running).toContainText("12\u00a0000 av 100\u00a0000 rader");
  await expect(page.getByTestId("export-running")).toHaveText(", Export pågår");
  await expectAccessible(page);

  await local.finishExport(jobId);
  await expect(page.getByRole("status").filter({ hasText: "Exporten är klar" })).toContainText(
    "Exporten är klar (100\u00a0000 rader). Filen finns under Mina exporter.",
  );
  await expect(page.getByTestId("export-running")).toHaveCount(0);
  await expect(running.getByRole("cell").nth(6)).toHaveText("Klar");
  await expectAccessible(page);
});
