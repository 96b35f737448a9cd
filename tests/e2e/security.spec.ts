/**
 * Resilience scenario 7 (issue 14) in Chromium: signing in and using /sok (search, a detail, every header popup) raise
 * no Content-Security-Policy violation and every inline script carries the page's nonce; the session cookies are
 * HttpOnly, Secure, SameSite and invisible to scripts; another site can neither frame a page nor post a form or a call
 * with the user's cookies. "Another site" is a page of a small server of the test's own on http://localhost:<port>/
 * (the suite runs on 127.0.0.1, so localhost is another site; both are loopback, so Chromium's private-network rules,
 * which stop a public page's requests to loopback before they leave, do not hide what the server answers).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "@playwright/test";
import { BASE_URL } from "./support/e2e-env";
import { expect, signInByForm, test, waitForApp } from "./support/test";

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Records every securitypolicyviolation event of every document the context opens (before the page's own scripts). */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

/** What the current document saw: violations, and inline scripts without a nonce. */
async function pageSecurity(page: Page) {
  return page.evaluate(() => ({
    violations: window.cspViolations ?? [],
    inlineWithoutNonce: [...document.scripts].filter((script) => !script.src && !script.nonce).map((s) => s.text.slice(0, 80)),
    inlineScripts: [...document.scripts].filter((script) => !script.src).length,
  }));
}

/** Opens `html` as the page of another site, served from loopback by a server that lives as long as the context. */
async function evilPage(context: BrowserContext, html: string): Promise<Page> {
  const server = createServer((_request, response) => response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  context.once("close", () => server.close());
  const page = await context.newPage();
  await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`);
  return page;
}

test("signing in and using /sok: no CSP violation, nonces on inline scripts, cookies out of scripts' reach", async ({
  page,
  local,
  context,
}) => {
  await recordViolations(context);
  const nonces = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "document") return;
    const policy = response.headers()["content-security-policy"] ?? "";
    expect(policy, response.url()).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(policy, response.url()).not.toMatch(/unsafe-inline|unsafe-eval/);
    nonces.add(/'nonce-([^']+)'/.exec(policy)?.[1] ?? "");
  });
  const user = await local.createUser();
  await page.goto("/logga-in");
  await signInByForm(page, user);
  await expect(page).toHaveURL("/");
  await waitForApp(page);
  expect(await pageSecurity(page)).toMatchObject({ violations: [], inlineWithoutNonce: [] });

  await page.goto("/sok");
  const box = page.getByRole("combobox", { name: "Sök företag" });
  await box.fill("Pizzeria");
  await box.press("Enter");
  await expect(page.locator(".summary__count")).not.toHaveClass(/stale/);
  await page.locator(".record-card__open").first().click();
  await expect(page.getByRole("complementary").first()).toBeVisible();
  // This test is about CSP, not the pane's keys: close it with its button (Escape raced the pane's opening).
  await page.getByRole("button", { name: "Stäng" }).click();
  await expect(page.locator("main.search-page--detail")).toHaveCount(0);
  await page.getByRole("button", { name: "Dela", exact: true }).click();
  await expect(page.getByRole("region", { name: "Dela urval" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Listfiler" }).click();
  await expect(page.getByRole("region", { name: "Listfiler" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Exportera" }).click();
  await page.getByRole("menuitem", { name: "Exportera alla" }).click();
  await expect(page.getByRole("dialog", { name: "Exportera urval" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Konto", exact: true }).click();
  await expect(page.getByRole("button", { name: "Logga ut" })).toBeVisible();

  const security = await pageSecurity(page);
  expect(security.violations, "securitypolicyviolation events").toEqual([]);
  expect(security.inlineWithoutNonce, "inline scripts without the nonce").toEqual([]);
  expect(security.inlineScripts, "Remix's inline scripts were checked").toBeGreaterThan(0);
  expect(nonces.size, "a fresh nonce per page").toBe(3);

  expect(await page.evaluate(() => document.cookie), "no cookie readable by scripts").toBe("");
  const cookies = await context.cookies(BASE_URL);
  expect(cookies.map((cookie) => cookie.name).sort()).toEqual(["__Host-urval-refresh", "__Host-urval-session"]);
  for (const cookie of cookies) expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
});

test("another site cannot frame a page", async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await evilPage(context, `<iframe src="${BASE_URL}/logga-in" title="Urval"></iframe>`);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    await expect.poll(() => frame?.url(), "the frame shows Chromium's error page").toMatch(/^chrome-error:/);
    const text = frame ? await frame.evaluate(() => document.body?.innerText ?? "").catch(() => "") : "";
    expect(text).not.toContain("E-post / Personnr / Användarnamn");
  } finally {
    await context.close();
  }
});

test("another site's form post and calls carrying the user's cookies are refused", async ({ browser, local }) => {
  const context = await browser.newContext();
  try {
    const user = await local.createUser();
    const own = await context.newPage();
    await own.goto(`${BASE_URL}/logga-in`);
    await waitForApp(own);
    await signInByForm(own, user);
    await expect(own).toHaveURL(`${BASE_URL}/`);

    const evil = await evilPage(
      context,
      `<form method="post" action="${BASE_URL}/logga-in"><input name="intent" value="password">
       <input name="id" value="${user.username}"><input name="secret" value="${user.password}"><button>Skicka</button></form>`,
    );
    const signOut = evil.waitForResponse(`${BASE_URL}/api/auth/sign-out`);
    await evil.evaluate(
      (url) => void fetch(`${url}/api/auth/sign-out`, { method: "POST", mode: "no-cors", credentials: "include" }),
      BASE_URL,
    );
    expect((await signOut).status(), "a cross-site call").toBe(403);
    const posted = evil.waitForResponse(`${BASE_URL}/logga-in`);
    await evil.getByRole("button", { name: "Skicka" }).click();
    const answer = await posted;
    expect(answer.status(), "a cross-site form post").toBe(403);
    expect(await answer.text()).toBe("Begäran kom inte från Urvals webbplats och har stoppats.");

    await own.goto(`${BASE_URL}/sok`);
    // The search screen stays (and may write the search into ?vad=); a signed-out user would be sent to /logga-in.
    await expect(own, "still signed in: the cross-site sign-out changed nothing").toHaveURL(/\/sok(\?vad=[^&]*)?$/);
    await expect(own).not.toHaveURL(/logga-in/);
  } finally {
    await context.close();
  }
});
