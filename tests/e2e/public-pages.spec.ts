/** Public pages (spec §1, §2): signed-out header, footer, content, contact form, terms from the server, redirects. */
import { CONTACT_EMAIL_MESSAGE } from "#shared/api-contracts/subscription";
import { SIGN_IN_REASONS } from "#app/lib/sign-in-reason";
import { expect, expectAccessible, screenshot, signInByApi, test } from "./support/test";

const PUBLIC_PAGES = [
  { path: "/om", heading: "Om oss", name: "om" },
  { path: "/kontakt", heading: "Kontakt", name: "kontakt" },
  { path: "/anvandarvillkor", heading: "Användarvillkor", name: "anvandarvillkor" },
  { path: "/personuppgiftspolicy", heading: "Personuppgiftspolicy", name: "personuppgiftspolicy" },
  { path: "/logga-in", heading: "Logga in", name: "logga-in" },
  { path: "/verifiera-inloggning/abc123", heading: "Den angivna länker är inte längre aktiv", name: "verifiera-inloggning" },
];

// npm test checks two of the pages (one static, the sign-in form); the full run all six (npm test's budget).
const FAST_PAGES = new Set(["/om", "/logga-in"]);

for (const { path, heading, name } of PUBLIC_PAGES) {
  test(`${path} is public, with the signed-out header and the footer`, { tag: FAST_PAGES.has(path) ? [] : "@full" }, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Huvudmeny" });
    for (const link of ["Hem", "Om oss", "Kontakt"]) await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Konto", exact: true })).toHaveCount(0);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Kundservice", { exact: true })).toBeVisible();
    await expect(footer.getByText(/© \d{4} Urval AB/)).toBeVisible();
    await expect(footer.getByText(/redaktionell prenumerationstjänst med utgivningsbevis/)).toBeVisible();
    await expect(footer.getByRole("link", { name: "Användarvillkor" })).toHaveAttribute("href", "/anvandarvillkor");
    await expect(footer.getByRole("link", { name: "Personuppgiftspolicy" })).toHaveAttribute("href", "/personuppgiftspolicy");
    await expectAccessible(page);
    await screenshot(page, `${name}-1280`);
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await screenshot(page, `${name}-768`);
  });
}

test("the about page lists staff contacts for a demo and trial period", async ({ page }) => {
  await page.goto("/om");
  await expect(page.getByText("Kontakta oss för en demo och en kostnadsfri provperiod")).toBeVisible();
  await expect(page.getByRole("link", { name: /@urval\.se$/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /^031-390 06 0\d$/ }).first()).toBeVisible();
  await expect(page.getByText("Källa: SCB", { exact: false })).toBeVisible();
});

test("the terms of use come from the server", async ({ page, request }) => {
  const answer = await request.get("/api/subscription/terms-of-use");
  const paragraphs = (await answer.json()) as string[];
  expect(paragraphs.length).toBeGreaterThan(0);
  await page.goto("/anvandarvillkor");
  const firstText = paragraphs[0]!.replace(/<[^>]+>/g, "").slice(0, 40);
  await expect(page.getByRole("main")).toContainText(firstText);
  await expect(page.locator("main p")).toHaveCount(paragraphs.length);
});

test("the personal-data policy states collection, use, sharing, rights, retention and security", async ({ page }) => {
  await page.goto("/personuppgiftspolicy");
  for (const heading of [
    "Vilka uppgifter vi samlar in",
    "Hur vi använder uppgifterna",
    "Vilka vi delar uppgifterna med",
    "Dina rättigheter",
    "Hur länge vi sparar uppgifterna",
    "Så skyddar vi uppgifterna",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  const retention = page.locator("h2:has-text('Hur länge vi sparar uppgifterna') + p");
  await expect(retention).toContainText("Kunduppgifter sparas i 24 månader efter att kundförhållandet har upphört.");
  await expect(retention).toContainText("Köphistorik används för marknadsföring i 12 månader.");
});

test("the contact form sends, shows 'Meddelande skickat!' for 2 s, then clears", async ({ page }) => {
  await page.goto("/kontakt");
  const values = {
    Namn: "Eva Ek",
    Företag: "Ek & Söner AB",
    Telefon: "070-123 45 67",
    "E-post": "eva@example.se",
    Meddelande: "Hej! Jag vill gärna boka en demo av Urval.",
  };
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  const sent = page.waitForResponse((r) => r.url().endsWith("/api/contact/message"));
  await page.getByRole("button", { name: "Skicka" }).click();
  expect((await sent).ok()).toBe(true);
  const shownAt = Date.now();
  await expect(page.getByText("Meddelande skickat!")).toBeVisible();
  await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Eva Ek");
  await expect(page.getByText("Meddelande skickat!")).toBeHidden({ timeout: 5_000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_500);
  for (const label of Object.keys(values)) await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
});

test("the contact form shows field messages at their fields, the page's own and the server's alike", async ({ page }) => {
  await page.goto("/kontakt");
  const email = page.getByLabel("E-post", { exact: true });
  const message = page.getByLabel("Meddelande", { exact: true });
  let posts = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/contact/message")) posts += 1;
  });
  await email.fill("inte-en-epost");
  await page.getByRole("button", { name: "Skicka" }).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription(CONTACT_EMAIL_MESSAGE);
  await expect(email).toBeFocused();
  await expect(message).toHaveAccessibleDescription("Skriv ett meddelande.");
  expect(posts).toBe(0);

  // The server checks the same: a request that steps around the page's check gets its field messages back.
  await page.route("**/api/contact/message", (route) =>
    route.continue({
      postData: JSON.stringify({ ...(JSON.parse(route.request().postData() ?? "{}") as object), email: "inte-en-epost", message: "" }),
    }),
  );
  await email.fill("eva@example.se");
  await message.fill("Hej! Ring mig gärna.");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/contact/message"));
  await page.getByRole("button", { name: "Skicka" }).click();
  expect((await answer).status()).toBe(400);
  await expect(email).toHaveAccessibleDescription(CONTACT_EMAIL_MESSAGE);
  await expect(message).toHaveAccessibleDescription("Skriv ett meddelande.");
  await expect(page.getByRole("alert")).toBeEmpty();
  await expect(page.getByText("Meddelande skickat!")).toHaveCount(0);
});

test("an unknown address answers 404 'Sidan finns inte' with the header and footer, signed out and signed in", async ({ page, local }) => {
  const response = await page.goto("/finns-inte/alls");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Sidan finns inte" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Hem" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Kundservice");

  await signInByApi(page, await local.createUser());
  expect((await page.goto("/bevakningar/finns-inte"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Sidan finns inte" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Konto", exact: true })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Kundservice");
  await expectAccessible(page);
});

test("the short links redirect as the spec says", async ({ page }) => {
  await page.goto("/v/link-42");
  await expect(page).toHaveURL("/verifiera-inloggning/link-42");
  await expect(page.getByText("Den angivna länker är inte längre aktiv")).toBeVisible();

  const hops: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 302) hops.push(new URL(response.headers()["location"] ?? "", response.url()).pathname);
  });
  await page.goto("/e/code-42");
  expect(hops).toEqual(["/engangskod/code-42", "/logga-in/code-42"]);
  await expect(page.getByLabel("Ange engångskod")).toBeVisible();
  // The code id is taken into the page and removed from the address.
  await expect(page).toHaveURL("/logga-in");
  await expect(page.getByLabel("Ange engångskod")).toBeVisible();
});

test("protected pages send a signed-out visitor to sign in, keeping where they were going", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL("/logga-in");
  await page.goto("/sok?vad=jeyJxIjoiYnlnZyJ9");
  await expect(page).toHaveURL("/logga-in?till=%2Fsok%3Fvad%3DjeyJxIjoiYnlnZyJ9");
  await expect(page.getByText(SIGN_IN_REASONS.protectedPage)).toBeVisible();
  await page.goto("/u/share-77");
  await expect(page).toHaveURL("/logga-in?till=%2Fsok%3Freferens%3Dshare-77");
  await expect(page.getByRole("heading", { name: "Logga in" })).toBeVisible();
  await expect(page.getByText(SIGN_IN_REASONS.sharedSearch)).toBeVisible();
  await page.goto("/logga-in");
  await expect(page.locator(".sign-in__reason")).toHaveCount(0);
});

test("a signed-in user who opens /logga-in goes home, or where 'till' says", async ({ page, local }) => {
  await signInByApi(page, await local.createUser());
  await page.goto("/logga-in");
  await expect(page).toHaveURL("/");
  await page.goto("/logga-in?till=%2Fom");
  await expect(page).toHaveURL("/om");
  await page.goto("/logga-in/code-42?till=%2F%2Fevil.example");
  await expect(page).toHaveURL("/");
});

test("pages are rendered on the server with the stylesheet first and security headers set", async ({ request }) => {
  const response = await request.get("/om");
  const html = await response.text();
  const headers = response.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/);
  expect(html).toContain("<h1>Om oss</h1>");
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
});

test("the build's files, named by their content, are kept by the browser for a year, and the icon for a day", async ({ request }) => {
  const html = await (await request.get("/om")).text();
  const assets = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/g)].map((match) => match[1] ?? ""));
  expect(assets.size).toBeGreaterThan(2);
  for (const asset of assets) {
    const response = await request.get(asset);
    expect(response.status(), asset).toBe(200);
    expect(response.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
    // The rules add to the site-wide one, which still applies.
    expect(response.headers()["x-content-type-options"], asset).toBe("nosniff");
  }
  const icon = await request.get("/favicon.svg");
  expect(icon.headers()["cache-control"]).toBe("public, max-age=86400");
  expect(icon.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
});
