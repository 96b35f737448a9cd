/**
 * Scroll positions per history entry (decision 0072): restored after a reload, after Back within the app and after
 * Back to a page loaded again, while an ordinary page load does not look for them in sessionStorage (a page's first
 * storage access waits for the browser to load the site's storage).
 */
import type { Page } from "@playwright/test";
import { openSearch, signedIn } from "./search-helpers";
import { expect, test, waitForApp } from "./support/test";

/** Notes this document's sessionStorage calls and their keys, from before its first script. */
const COUNT_SESSION_STORAGE = `(() => {
  window.__sessionStorageCalls = [];
  for (const name of ["getItem", "setItem", "removeItem", "key", "clear"]) {
    const original = Storage.prototype[name];
    Storage.prototype[name] = function (...args) {
      if (this === window.sessionStorage) window.__sessionStorageCalls.push(name + " " + args[0]);
      return original.apply(this, args);
    };
  }
})()`;

const SCROLLED = 700;

async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

test("scroll positions come back after a reload and after Back, and an ordinary load does not read them from storage", async ({
  page,
  local,
}) => {
  await signedIn({ page, local });
  await page.addInitScript(COUNT_SESSION_STORAGE);
  await openSearch(page);
  await waitForApp(page);
  // The positions are not looked for (react-router reads its view transitions' key when it starts, which we cannot
  // change; that read is in the hydration, not before the first paint).
  const calls = await page.evaluate(() => (window as unknown as { __sessionStorageCalls: string[] }).__sessionStorageCalls);
  expect(calls.filter((call) => call.endsWith(" positions"))).toEqual([]);

  // Down the results, then a reload: the position is stored when the page is hidden and restored before it paints.
  await page.evaluate((y) => window.scrollTo(0, y), SCROLLED);
  await expect.poll(() => scrollY(page)).toBe(SCROLLED);
  await page.reload();
  await waitForApp(page);
  await expect.poll(() => scrollY(page)).toBe(SCROLLED);

  // A page loaded as a new document, then Back, which loads the search again: restored from storage.
  await page.goto("/om");
  await waitForApp(page);
  await page.goBack();
  await waitForApp(page);
  await expect(page).toHaveURL(/\/sok/);
  await expect.poll(() => scrollY(page)).toBe(SCROLLED);

  // Within the app: to the about page (a click that does not scroll the header's link into view) and Back, restored
  // from the router's memory of this document's entries.
  await page.getByRole("link", { name: "Om oss" }).first().dispatchEvent("click");
  await expect(page).toHaveURL(/\/om$/);
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/sok/);
  await expect.poll(() => scrollY(page)).toBe(SCROLLED);
});
