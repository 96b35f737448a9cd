/** The API client's rules in the browser (spec §7–§8): new version, 401 refresh and retry, 401 → sign-in and back. */
import { SIGN_IN_REASONS } from "#app/lib/sign-in-reason";
import { facetCounts, openSearch } from "./search-helpers";
import { expect, expectAccessible, screenshot, signInByApi, signInByForm, test } from "./support/test";

const ACCESS_COOKIE = "__Host-urval-session";

test("HTTP 418 opens the 'Ny version' modal; 'Ladda om' saves the reload state and reloads", async ({ page, local }) => {
  await signInByApi(page, await local.createUser());
  // The start page's reference data and search are read on the server; the header's unread count is the browser's own.
  await page.route("**/sapi/monitoring/unread", (route) =>
    route.fulfill({
      status: 418,
      contentType: "application/json",
      body: JSON.stringify({ type: "NEW_VERSION", message: "Ny version av Urval finns.", code: "CLIENT_OUTDATED", requestId: "r1" }),
    }),
  );
  await page.goto("/");
  const modal = page.getByRole("dialog", { name: "Ny version" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("button", { name: "Ladda om" })).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, "ny-version");

  await page.unroute("**/sapi/monitoring/unread");
  await Promise.all([page.waitForEvent("load"), modal.getByRole("button", { name: "Ladda om" }).click()]);
  await expect(page.getByRole("dialog", { name: "Ny version" })).toHaveCount(0);
  const saved = await page.evaluate(() => window.localStorage.getItem("urval.reloadState"));
  expect(JSON.parse(saved ?? "{}")).toMatchObject({ path: "/" });
});

test("an answer announcing a newer client version opens 'Ny version' too", async ({ page, local }) => {
  await signInByApi(page, await local.createUser());
  await page.route("**/sapi/monitoring/unread", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), "x-client-version": "999" } });
  });
  await page.goto("/");
  await expect(page.getByRole("dialog", { name: "Ny version" })).toBeVisible();
});

test("a 401 is answered by one token refresh and one retry of the call", async ({ page, context, local }) => {
  await signInByApi(page, await local.createUser({ signedTerms: false }));
  await page.goto("/");
  const modal = page.getByRole("dialog", { name: "Användarvillkor" });
  await expect(modal).toBeVisible();

  await context.clearCookies({ name: ACCESS_COOKIE });
  const calls: string[] = [];
  page.on("response", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/api/") || path.startsWith("/sapi/subscription")) calls.push(`${r.request().method()} ${path} ${r.status()}`);
  });
  await modal.getByRole("button", { name: "Godkänn" }).click();
  await expect(modal).toBeHidden();
  expect(calls.slice(0, 3)).toEqual([
    "POST /sapi/subscription/accept-terms 401",
    "POST /api/auth/refresh 200",
    "POST /sapi/subscription/accept-terms 200",
  ]);
});

test("when the refresh fails too, the state is saved, the user signs in and comes back", async ({ page, context, local }) => {
  const user = await local.createUser({ signedTerms: false });
  await signInByApi(page, user);
  await page.goto("/sok?vad=jeyJxIjoiYnlnZyJ9");
  const modal = page.getByRole("dialog", { name: "Användarvillkor" });
  await expect(modal).toBeVisible();

  await context.clearCookies();
  const refresh = page.waitForResponse((r) => r.url().endsWith("/api/auth/refresh"));
  await modal.getByRole("button", { name: "Godkänn" }).click();
  expect((await refresh).status()).toBe(401);
  await expect(page).toHaveURL("/logga-in?till=%2Fsok%3Fvad%3DjeyJxIjoiYnlnZyJ9&orsak=session");
  await expect(page.getByText(SIGN_IN_REASONS.sessionEnded)).toBeVisible();
  const saved = await page.evaluate(() => window.localStorage.getItem("urval.appState"));
  expect(JSON.parse(saved ?? "{}")).toMatchObject({ path: "/sok?vad=jeyJxIjoiYnlnZyJ9" });

  await signInByForm(page, user);
  await expect(page).toHaveURL("/sok?vad=jeyJxIjoiYnlnZyJ9");
  await expect(page.getByRole("dialog", { name: "Användarvillkor" })).toBeVisible();
});

test("a session that ends mid-search leads to sign-in with the reason, and back to the search", async ({ page, context, local }) => {
  const user = await local.createUser();
  await signInByApi(page, user);
  await openSearch(page, { codeSet: { location: ["01"] } });
  const before = page.url();
  await context.clearCookies();
  await (await facetCounts(page, "12", "Län")).checkbox.check();
  await expect(page).toHaveURL(/\/logga-in\?till=%2Fsok%3Fvad%3D.+&orsak=session$/);
  await expect(page.getByText(SIGN_IN_REASONS.sessionEnded)).toBeVisible();
  await signInByForm(page, user);
  await expect(page).toHaveURL(before);
});

test("an expired access token is refreshed on the server when a page loads", async ({ page, context, local }) => {
  const user = await local.createUser();
  await signInByApi(page, user);
  await context.clearCookies({ name: ACCESS_COOKIE });
  await page.goto("/om");
  await expect(page.getByRole("button", { name: "Konto", exact: true })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.map((c) => c.name)).toContain(ACCESS_COOKIE);
});
