/**
 * The UI benchmark's measurements in Chromium: the time from a click on a sidebar filter to the new hit count on
 * screen (measured inside the page, from the click to the frame after the count is updated), a cold load of
 * /sok?vad= (first contentful paint and hydration in a fresh browser context), and the JavaScript that load fetches
 * (raw and gzip-compressed as a CDN would send it).
 */
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";

/**
 * Runs inside the page: checks the filter, waits until the search has answered and the count is painted. Kept as
 * source text because tsx's name helpers (__name) do not exist in the page.
 */
const CLICK_TO_UPDATE = `(selector) => new Promise((resolve, reject) => {
  const box = document.querySelector(selector);
  const count = document.querySelector(".summary__count");
  if (!box || !count) return reject(new Error("missing " + selector + " or the hit count"));
  let sawStale = false;
  const started = performance.now();
  const timer = setTimeout(() => reject(new Error("no update after clicking " + selector)), 30000);
  const observer = new MutationObserver(check);
  function check() {
    if (count.classList.contains("summary__count--stale")) sawStale = true;
    else if (sawStale) {
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
    }
  }
  observer.observe(count, { attributes: true, childList: true, subtree: true, characterData: true });
  box.click();
  check();
})`;

/** Waits until no search is running (after an unmeasured click). */
async function settle(page: Page): Promise<void> {
  await page.locator(".summary__count:not(.summary__count--stale)").waitFor({ timeout: 30_000 });
}

/** The sidebar lists whose rows the benchmark clicks: counties, industries and company forms, as shown by default. */
export const CLICK_LISTS = ["Län", "Branscher", "Bolagsform"];

/** The codes of the rows a list shows. */
export async function visibleCodes(page: Page, list: string): Promise<string[]> {
  return page
    .locator(`ul[aria-label="${list}"] input[data-code]`)
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute("data-code") ?? ""));
}

export async function measureFilterClicks(
  page: Page,
  rows: readonly { list: string; code: string }[],
  onSample: () => void,
): Promise<number[]> {
  const samples: number[] = [];
  for (const { list, code } of rows) {
    const selector = `ul[aria-label="${list}"] input[data-code="${code}"]`;
    samples.push(await page.evaluate<number>(`(${CLICK_TO_UPDATE})(${JSON.stringify(selector)})`));
    await page.locator(selector).click();
    await settle(page);
    onSample();
  }
  return samples;
}

export interface ColdLoad {
  firstContentfulPaint: number;
  hydrated: number;
  scripts: { url: string; bytes: number; gzipBytes: number }[];
}

export async function measureColdLoad(browser: Browser, signedIn: BrowserContext, url: string): Promise<ColdLoad> {
  const context = await browser.newContext({ storageState: await signedIn.storageState(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Notes when React has hydrated (root.tsx sets <html data-hydrated>); injected by the browser, not by the page.
  await page.addInitScript(`new MutationObserver(function (_, observer) {
    if (!document.documentElement || !document.documentElement.dataset.hydrated) return;
    window.hydratedAt = performance.now();
    observer.disconnect();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });`);
  const scripts: Promise<ColdLoad["scripts"][number]>[] = [];
  page.on("response", (response) => {
    if (!new URL(response.url()).pathname.endsWith(".js")) return;
    scripts.push(
      response.body().then((body) => ({ url: response.url(), bytes: body.length, gzipBytes: gzipSync(body, { level: 6 }).length })),
    );
  });
  await page.goto(url, { waitUntil: "load" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  const timing = await page.evaluate<{ fcp: number | null; hydrated: number | null }>(
    `({ fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null, hydrated: window.hydratedAt ?? null })`,
  );
  const fetched = await Promise.all(scripts);
  await context.close();
  return { firstContentfulPaint: timing.fcp ?? Number.NaN, hydrated: timing.hydrated ?? Number.NaN, scripts: fetched };
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
