/**
 * The UI benchmark's measurements in Chromium: the time from a click on a sidebar filter to the new hit count on
 * screen and to the updated result cards (measured inside the page, to the frame after each), a cold load of
 * /sok?vad= (first contentful paint and hydration in a fresh browser context), and the JavaScript that load fetches
 * (raw and gzip-compressed as a CDN would send it).
 */
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { applyThrottling, type UiProfile } from "./ui-profiles";

/**
 * Runs inside the page: checks the filter and times two moments, each to the frame after it: the new hit count shown
 * (the summary leaves its stale state) and the result cards and filter counts updated (the results section is no
 * longer busy; they render right after the count). Kept as source text because tsx's name helpers (__name) do not
 * exist in the page.
 */
const CLICK_TO_UPDATE = `(selector) => new Promise((resolve, reject) => {
  const box = document.querySelector(selector);
  const count = document.querySelector(".summary__count");
  const results = document.querySelector(".results");
  if (!box || !count || !results) return reject(new Error("missing " + selector + ", the hit count or the results"));
  performance.clearResourceTimings();
  const started = performance.now();
  const timer = setTimeout(() => reject(new Error("no update after clicking " + selector)), 30000);
  const seen = { count: false, results: false };
  const done = {};
  const painted = (name) => requestAnimationFrame(() => setTimeout(() => {
    done[name] = performance.now() - started;
    if (done.count !== undefined && done.results !== undefined) {
      observer.disconnect();
      clearTimeout(timer);
      const answers = performance.getEntriesByType("resource").filter((e) => e.name.includes("/sapi/search/") && e.startTime >= started);
      done.answer = answers.length > 0 ? Math.max(...answers.map((e) => e.responseEnd)) - started : NaN;
      resolve(done);
    }
  }, 0));
  const observer = new MutationObserver(check);
  function check() {
    if (count.classList.contains("summary__count--stale")) seen.count = true;
    else if (seen.count && !done.countMarked) { done.countMarked = true; painted("count"); }
    if (results.getAttribute("aria-busy") === "true") seen.results = true;
    else if (seen.results && !done.resultsMarked) { done.resultsMarked = true; painted("results"); }
  }
  observer.observe(count, { attributes: true, childList: true, subtree: true, characterData: true });
  observer.observe(results, { attributes: true, attributeFilter: ["aria-busy"] });
  box.click();
  check();
})`;

export interface ClickSample {
  count: number;
  results: number;
  /** From the click to the last byte of the search's answer (NaN if the click asked nothing). */
  answer: number;
}

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
): Promise<ClickSample[]> {
  const samples: ClickSample[] = [];
  for (const { list, code } of rows) {
    const selector = `ul[aria-label="${list}"] input[data-code="${code}"]`;
    samples.push(await page.evaluate<ClickSample>(`(${CLICK_TO_UPDATE})(${JSON.stringify(selector)})`));
    await page.locator(selector).click();
    await settle(page);
    onSample();
  }
  return samples;
}

export interface ColdLoad {
  firstContentfulPaint: number;
  hydrated: number;
  /** When the last of the page's scripts had arrived (the latest end of a script asked for before hydration). */
  scriptsLoaded: number;
  scripts: { url: string; bytes: number; gzipBytes: number }[];
}

/** A load of `url` in a fresh browser context with `session`'s cookies (a signed-in context, or a signed-out one). */
export async function measureColdLoad(browser: Browser, session: BrowserContext, url: string, profile: UiProfile): Promise<ColdLoad> {
  const context = await browser.newContext({ ...profile.context, storageState: await session.storageState() });
  const page = await context.newPage();
  await applyThrottling(page, profile);
  const scripts: Promise<ColdLoad["scripts"][number]>[] = [];
  page.on("response", (response) => {
    if (!new URL(response.url()).pathname.endsWith(".js")) return;
    scripts.push(
      response.body().then((body) => ({ url: response.url(), bytes: body.length, gzipBytes: gzipSync(body, { level: 6 }).length })),
    );
  });
  try {
    const timing = await measureLoad(page, url);
    return { ...timing, scripts: await Promise.all(scripts) };
  } finally {
    await context.close();
  }
}

/** When a load painted first and when React had hydrated, in ms from its navigation. */
type LoadTiming = Pick<ColdLoad, "firstContentfulPaint" | "hydrated" | "scriptsLoaded">;

export interface RepeatLoad extends LoadTiming {
  /** The scripts and stylesheets the load asked the server for (a 304 counts), rather than took from the browser's cache. */
  assetsAsked: number;
}

/**
 * A returning subscriber's load: a fresh browser context loads `before` (another search) and waits until the page is
 * idle, then loads `url` as a new document, which is measured.
 */
export async function measureRepeatLoad(
  browser: Browser,
  signedIn: BrowserContext,
  before: string,
  url: string,
  profile: UiProfile,
): Promise<RepeatLoad> {
  const context = await browser.newContext({ ...profile.context, storageState: await signedIn.storageState() });
  const page = await context.newPage();
  await applyThrottling(page, profile);
  try {
    await page.goto(before, { waitUntil: "load" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    const load = await measureLoad(page, url);
    // A response from the browser's cache transfers nothing; a 304 transfers its headers.
    const assetsAsked = await page.evaluate<number>(
      `performance.getEntriesByType("resource").filter((e) => new URL(e.name).pathname.startsWith("/assets/") && e.transferSize > 0).length`,
    );
    return { ...load, assetsAsked };
  } finally {
    await context.close();
  }
}

async function measureLoad(page: Page, url: string): Promise<LoadTiming> {
  // Notes when React has hydrated (root.tsx sets <html data-hydrated>); injected by the browser, not by the page.
  await page.addInitScript(`new MutationObserver(function (_, observer) {
    if (!document.documentElement || !document.documentElement.dataset.hydrated) return;
    window.hydratedAt = performance.now();
    observer.disconnect();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });`);
  await page.goto(url, { waitUntil: "load" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  const timing = await page.evaluate<{ fcp: number | null; hydrated: number | null; scriptsLoaded: number | null }>(
    `(() => {
      const hydrated = window.hydratedAt ?? null;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((e) => /^\\/assets\\/.*\\.js$/.test(new URL(e.name).pathname) && (hydrated === null || e.startTime < hydrated));
      return {
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        hydrated,
        scriptsLoaded: scripts.length > 0 ? Math.max(...scripts.map((e) => e.responseEnd)) : null,
      };
    })()`,
  );
  return {
    firstContentfulPaint: timing.fcp ?? Number.NaN,
    hydrated: timing.hydrated ?? Number.NaN,
    scriptsLoaded: timing.scriptsLoaded ?? Number.NaN,
  };
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
