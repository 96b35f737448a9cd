/**
 * The e2e test object: Playwright's test with the local D1 state (one per worker), a guard failing any test whose page
 * throws, violates the Content-Security-Policy or fails hydration, and helpers for signing in, accessibility scans
 * and page screenshots.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import path from "node:path";
import { sameOriginHeadersOf, SIGN_IN_PATH, signInBody } from "../../support/stack-client";
import { ARTIFACTS_DIR, BASE_URL } from "./e2e-env";
import type { TestUser } from "../../support/test-user";
import { type LocalState, openLocalState } from "./local-state";

const FATAL_CONSOLE = [/Content.Security.Policy/i, /Hydration/i, /did not match/i, /Minified React error/i, /Uncaught/i];

/** Waits until React has hydrated the page (root.tsx marks <html data-hydrated>), so handlers are attached. */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export const test = base.extend<{ guard: void }, { local: LocalState }>({
  // Each worker drives a stack of its own (e2e-env.ts); the config's baseURL is the first one's.
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
  baseURL: async ({}, provide) => provide(BASE_URL),
  page: async ({ page, javaScriptEnabled }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false) await waitForApp(page);
      return response;
    };
    await provide(page);
  },
  local: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
    async ({}, provide) => {
      const local = await openLocalState();
      await provide(local);
      await local.dispose();
    },
    { scope: "worker" },
  ],
  guard: [
    async ({ page, local }, provide) => {
      await local.resetRateLimits();
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && FATAL_CONSOLE.some((pattern) => pattern.test(message.text()))) problems.push(message.text());
      });
      await provide();
      expect(problems, "page errors, CSP violations or hydration failures").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Signs in through the real API in the page's browser context (cookies land in the browser, which is why this is
 * Playwright's request client and not stack-client's signInToStack).
 */
export async function signInByApi(page: Page, user: Pick<TestUser, "username" | "password">): Promise<void> {
  const response = await page.request.post(SIGN_IN_PATH, { data: signInBody(user), headers: sameOriginHeadersOf(BASE_URL) });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the sign-in form with a password. */
export async function signInByForm(page: Page, user: Pick<TestUser, "username" | "password">): Promise<void> {
  await page.getByLabel("E-post / Personnr / Användarnamn").fill(user.username);
  await page.getByLabel("Lösenord", { exact: true }).fill(user.password);
  await page.getByLabel("Lösenord", { exact: true }).press("Enter");
}

/**
 * Parts of the search screen dimmed while a search is on its way (an inactive state, which WCAG's contrast rule
 * exempts, and axe does not know). The scan waits for them to settle: a hit count can be fresh a frame or more
 * before the deferred lists are (search-context.tsx), and a slow machine showed the gap.
 */
const LOADING_STATES = ".facet-list--stale, .results--loading, .histogram--stale";

/** axe-core scan of the page once settled: no serious or critical violations (WCAG 2.x A and AA rules). */
export async function expectAccessible(page: Page): Promise<void> {
  await expect(page.locator(LOADING_STATES)).toHaveCount(0);
  // Only the violations are wanted: axe then records one node per passed or incomplete rule instead of every node it
  // checked (the same violations; on the 2-core test machine the scans took 171 s of the suite's time without it).
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, "serious or critical accessibility violations").toEqual([]);
}

/**
 * Full-page screenshot kept under tests/e2e/artifacts/pages/, for people to look at (no test compares them); with
 * `fullPage` false, the window only (an open popup as the user sees it). E2E_SCREENSHOTS=0 leaves them out: `npm test`
 * does (about 0.5 s of a loaded machine each, 60 of them); `npm run test:e2e` and `npm run test:full` keep them.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === "0") return;
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "pages", `${name}.png`), fullPage });
}
