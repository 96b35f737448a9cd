/**
 * Resilience scenario 7 (issue 14), browser-facing security over HTTP: the three real workers in workerd.
 *
 * - every HTML page (public, signed in, error, 404) has a nonce Content-Security-Policy without 'unsafe-inline' or
 *   'unsafe-eval' for scripts, every inline <script> carries that response's nonce, and the nonce differs per answer;
 *   redirects, Remix data, API JSON and static assets carry nosniff, no framing and a deny-all policy; HSTS over https;
 * - every Set-Cookie (sign-in by password, by one-time code and by the form, refresh, sign-out) is __Host-, HttpOnly,
 *   Secure, SameSite, Path=/;
 * - every state-changing route of the API router (read from createApp().routes, so a new one is covered) and every
 *   Remix action (read from app/routes) refuses cross-site requests with 403 CROSS_SITE_REQUEST and changes nothing,
 *   while the same request from the site itself succeeds;
 * - the workers' log lines of a realistic session hold none of the user's data (identity, password, code, tokens,
 *   search text, serialized search, link ids, list-file name).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { recordScenario } from "../support/report";
import { createApp } from "#api/app";
import { ErrorBodySchema } from "#shared/errors";
import { postExport, settledJob, vad } from "../../integration/support/export-support";
import {
  authedFetch,
  cookieHeaderFrom,
  createTestUser,
  randomPersonalId,
  sameOriginHeaders,
  signIn,
  uniqueClientIp,
  type HarnessResponse,
  type TestUser,
} from "../../support/factories";
import { createUrvalHarness, ROOT } from "../../support/worker-harness";
import { fixtureCompanies } from "../../fixtures/search/fixture-dataset";
import { seedIndex } from "../../support/seed-index";

const harness = createUrvalHarness();
const started = performance.now();
const figures = { pages: 0, nonDocuments: 0, cookies: 0, apiRoutes: 0, remixActions: 0, crossSiteRefused: 0, logLines: 0, leaks: 0 };
const failures: string[] = [];
const track = ({ task, onTestFailed }: TestContext) => onTestFailed(() => void failures.push(task.name));

beforeAll(async () => {
  await harness.start();
  await seedIndex(harness);
}, 180_000);

afterAll(async () => {
  recordScenario({
    scenario: "7-browser-security",
    title: "Browser-facing security",
    pass: failures.length === 0,
    figures: { ...figures, seconds: Math.round((performance.now() - started) / 100) / 10 },
    ...(failures.length > 0 ? { notes: failures } : {}),
  });
  await harness.server.close();
});

const json = { "Content-Type": "application/json" };
const fetchPage = (pathname: string, cookie = "") =>
  harness.server.fetch(pathname, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

/** The policy's directives by name. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** Checks one HTML page; returns its nonce. */
async function expectSecurePage(label: string, response: HarnessResponse, status: number): Promise<string> {
  expect(response.status, label).toBe(status);
  expect(response.headers.get("Content-Type"), label).toMatch(/^text\/html/);
  const policy = directives(response.headers.get("Content-Security-Policy"));
  const scriptSrc = policy.get("script-src") ?? [];
  expect(scriptSrc, label).not.toContain("'unsafe-inline'");
  expect(scriptSrc, label).not.toContain("'unsafe-eval'");
  const nonce = /^'nonce-([A-Za-z0-9+/=]{16,})'$/.exec(scriptSrc.find((v) => v.startsWith("'nonce-")) ?? "")?.[1] ?? "";
  expect(nonce, `${label}: script-src names a nonce`).not.toBe("");
  expect(policy.get("frame-ancestors"), label).toEqual(["'none'"]);
  expect(policy.get("object-src"), label).toEqual(["'none'"]);
  expect(policy.get("default-src"), label).toEqual(["'self'"]);
  expect(policy.get("style-src") ?? [], label).not.toContain("'unsafe-inline'");
  expect(response.headers.get("X-Frame-Options"), label).toBe("DENY");
  expect(response.headers.get("X-Content-Type-Options"), label).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy"), label).toBe("same-origin");
  expect(response.headers.get("Strict-Transport-Security"), `${label}: no HSTS over http`).toBeNull();
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? "");
  expect(scripts.length, `${label}: Remix's scripts`).toBeGreaterThan(0);
  for (const attributes of scripts) {
    const src = /\bsrc="([^"]*)"/.exec(attributes)?.[1];
    if (src !== undefined) expect(src, `${label}: scripts only from this origin`).toMatch(/^\/(?!\/)/);
    else expect(attributes, `${label}: inline script carries the nonce`).toContain(`nonce="${nonce}"`);
  }
  expect(html, `${label}: no inline event handlers`).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
  figures.pages += 1;
  return nonce;
}

/** Checks an answer that is not a page: nothing in it may run, be sniffed or be framed. */
async function expectSecureNonDocument(label: string, response: HarnessResponse) {
  const policy = directives(response.headers.get("Content-Security-Policy"));
  expect(policy.get("default-src"), label).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors"), label).toEqual(["'none'"]);
  expect(response.headers.get("X-Content-Type-Options"), label).toBe("nosniff");
  expect(response.headers.get("X-Frame-Options"), label).toBe("DENY");
  expect(response.headers.get("Referrer-Policy"), label).toBe("same-origin");
  await response.arrayBuffer();
  figures.nonDocuments += 1;
}

describe("security headers", () => {
  it("every page: nonce CSP without unsafe-inline scripts, nonce on each inline script, fresh per answer", async (context) => {
    track(context);
    const user = await createTestUser(harness);
    const refused = await createTestUser(harness);
    await expireSubscription(refused);
    const pages: [string, string, number][] = [
      ["/logga-in", "", 200],
      ["/logga-in/00000000-0000-4000-8000-000000000000", "", 200],
      ["/om", "", 200],
      ["/kontakt", "", 200],
      ["/anvandarvillkor", "", 200],
      ["/personuppgiftspolicy", "", 200],
      ["/verifiera-inloggning/abc", "", 200],
      ["/ingen-sadan-sida", "", 404],
      ["/", user.cookie, 200],
      ["/sok", user.cookie, 200],
      [`/sok?vad=${encodeURIComponent(vad({ text: "bygg" }))}`, user.cookie, 200],
      ["/sok", refused.cookie, 403],
    ];
    const nonces = new Set<string>();
    for (const [pathname, cookie, status] of pages) nonces.add(await expectSecurePage(pathname, await fetchPage(pathname, cookie), status));
    nonces.add(await expectSecurePage("/logga-in again", await fetchPage("/logga-in"), 200));
    expect(nonces.size, "a fresh nonce per answer").toBe(pages.length + 1);
  });

  it("redirects, Remix data, API JSON and static assets: nosniff, no framing, deny-all policy", async (context) => {
    track(context);
    const user = await createTestUser(harness);
    const asset = readdirSync(path.join(ROOT, "build/client/assets")).find((name) => name.endsWith(".js"));
    const answers: [string, string, number][] = [
      ["/e/abc", "", 302],
      ["/v/abc", "", 302],
      ["/u/abc", user.cookie, 302],
      ["/sok", "", 302],
      ["/logga-in.data", "", 200],
      ["/sapi/health", "", 200],
      ["/sapi/subscription/active-user", "", 401],
      ["/sapi/subscription/active-user", user.cookie, 200],
      ["/api/no-such-route", "", 404],
      ["/favicon.svg", "", 200],
      [`/assets/${asset}`, "", 200],
    ];
    for (const [pathname, cookie, status] of answers) {
      const response = await fetchPage(pathname, cookie);
      expect(response.status, pathname).toBe(status);
      await expectSecureNonDocument(pathname, response);
    }
  });

  it("signed-in Remix data and a decoded search are private and never stored (the matrix checks every /sapi route)", async (context) => {
    track(context);
    const user = await createTestUser(harness);
    const serialized = encodeURIComponent(vad({ text: "bygg" }));
    for (const pathname of ["/_root.data", "/sok.data", "/bevakningar.data", `/sapi/search/serialized?serializedSearch=${serialized}`]) {
      const response = await fetchPage(pathname, user.cookie);
      expect(response.status, pathname).toBeLessThan(400);
      expect(response.headers.get("Cache-Control"), pathname).toBe("private, no-store");
      await response.arrayBuffer();
    }
  });

  it("a ?_data request (Remix before single fetch) is refused with 400 and no error log line", async (context) => {
    track(context);
    harness.server.clearLogs();
    for (const cookie of ["", (await createTestUser(harness)).cookie]) {
      const response = await fetchPage("/logga-in?_data=root", cookie);
      expect(response.status).toBe(400);
      await expectSecureNonDocument("/logga-in?_data=root", response);
    }
    expect(harness.server.getLogs().filter((line) => line.level === "error")).toEqual([]);
  });

  it("HSTS and upgrade-insecure-requests when served over https", async (context) => {
    track(context);
    const web = harness.server.getWorker("urval-web");
    for (const pathname of ["/logga-in", "/e/abc", "/sapi/health"]) {
      const response = await web.fetch(`https://urval.example${pathname}`, { redirect: "manual" });
      expect(response.headers.get("Strict-Transport-Security"), pathname).toBe("max-age=31536000; includeSubDomains");
      await response.arrayBuffer();
    }
    const page = await web.fetch("https://urval.example/logga-in");
    expect(page.headers.get("Content-Security-Policy")).toContain("upgrade-insecure-requests");
    await page.arrayBuffer();
  });
});

async function expireSubscription(user: TestUser): Promise<void> {
  const env = await harness.api().getEnv();
  await env.DB.prepare("UPDATE users SET subscription_expires_at = ? WHERE id = ?")
    .bind(new Date(Date.now() - 86_400_000).toISOString(), user.userId)
    .run();
}

/** The newest one-time code sent to a recipient (development mailbox in D1). */
async function codeFor(recipient: string): Promise<string> {
  const env = await harness.api().getEnv();
  const message = await env.DB.prepare("SELECT body FROM dev_mailbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
    .bind(recipient)
    .first<{ body: string }>();
  const code = /\b(\d{6})\b/.exec(message?.body ?? "")?.[1];
  if (!code) throw new Error(`no code in the mailbox of ${recipient}`);
  return code;
}

const post = (pathname: string, body: unknown, cookie = "") =>
  authedFetch(harness, cookie, pathname, { method: "POST", headers: json, body: JSON.stringify(body) });

async function requestCode(id: string, type: "EMAIL" | "SMS"): Promise<string> {
  const response = await post("/api/auth/sign-in/one-time-code/create", { id, type, secret: "" });
  expect(response.status).toBe(200);
  return ((await response.json()) as { codeId: string }).codeId;
}

function expectSecureCookies(label: string, response: HarnessResponse, count: number) {
  const lines = response.headers.getSetCookie();
  expect(lines, label).toHaveLength(count);
  for (const line of lines) {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const has = (pattern: RegExp) => attributes.some((attribute) => pattern.test(attribute));
    expect(pair, label).toMatch(/^__Host-/);
    expect(has(/^HttpOnly$/i), `${label}: HttpOnly`).toBe(true);
    expect(has(/^Secure$/i), `${label}: Secure`).toBe(true);
    expect(has(/^SameSite=(Lax|Strict)$/i), `${label}: SameSite`).toBe(true);
    expect(has(/^Path=\/$/i), `${label}: Path=/`).toBe(true);
    expect(has(/^Domain=/i), `${label}: no Domain`).toBe(false);
    figures.cookies += 1;
  }
}

const formBody = (fields: Record<string, string>) => ({
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("session cookies", () => {
  it("every Set-Cookie is __Host-, HttpOnly, Secure, SameSite, Path=/", async (context) => {
    track(context);
    const user = await createTestUser(harness, { signIn: false });
    const password = await post("/api/auth/sign-in/username-password", { id: user.username, secret: user.password });
    expectSecureCookies("password sign-in", password, 2);
    const cookie = cookieHeaderFrom(password);

    const codeId = await requestCode(user.username, "EMAIL");
    expectSecureCookies(
      "code sign-in",
      await post("/api/auth/login/one-time-code/confirm", { codeId, code: await codeFor(user.email) }),
      2,
    );

    const form = await authedFetch(harness, "", "/logga-in?till=%2Fsok", {
      method: "POST",
      redirect: "manual",
      ...formBody({ intent: "password", id: user.username, secret: user.password }),
    });
    expect(form.status).toBe(302);
    expectSecureCookies("form sign-in", form, 2);

    const refresh = await post("/api/auth/refresh", null, cookie);
    expect(refresh.status).toBe(200);
    expectSecureCookies("refresh", refresh, 2);
    const signOut = await post("/api/auth/sign-out", null, cookieHeaderFrom(refresh));
    expect(signOut.status).toBe(200);
    expectSecureCookies("sign-out", signOut, 2);
  });
});

/** Every row of every table of DB and every key of the exports bucket: what "no change of state" compares. */
async function stateDigest(): Promise<string> {
  const env = await harness.api().getEnv();
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
  ).all<{ name: string }>();
  // One batch: every table read in one round trip to the runtime (see the cross-site test's figures).
  const contents = await env.DB.batch(tables.results.map(({ name }) => env.DB.prepare(`SELECT * FROM "${name}"`)));
  const parts = tables.results.flatMap(({ name }, i) => [name, JSON.stringify(contents[i]!.results)]);
  const objects = await env.EXPORTS.list();
  parts.push(JSON.stringify(objects.objects.map((object) => object.key)));
  return parts.join("\n");
}

/** The ways a request can come from another site (or hide where it comes from). */
const CROSS_SITE: [string, Record<string, string>][] = [
  ["Sec-Fetch-Site cross-site", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }],
  ["Sec-Fetch-Site same-site", { "Sec-Fetch-Site": "same-site", Origin: "https://www.localhost" }],
  ["Origin https://evil.example", { Origin: "https://evil.example" }],
  ["Origin null", { Origin: "null" }],
  ["neither header", {}],
];

interface StateChange {
  path: string;
  method: string;
  cookie: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** The status of the same request from the site itself. */
  status: number;
}

function multipartFile(name: string, text: string): { body: Uint8Array; contentType: string } {
  const boundary = `----urval${crypto.randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="listFile"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`;
  return {
    body: new TextEncoder().encode(`${head}${text}\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const jsonCall = (path: string, cookie: string, body: unknown, status: number, method = "POST"): StateChange => ({
  path,
  method,
  cookie,
  headers: json,
  body: body === undefined ? undefined : JSON.stringify(body),
  status,
});

const TEMPLATE = { name: "Mall", resultType: "COMPANY", columns: [{ id: "name" }] };
const SAVED_SEARCH = { name: "Bevakning", serializedSearch: vad({ text: "bygg" }) };
/** A company of the seeded index (any one: every subscriber may watch any company). */
const companyId = () => fixtureCompanies()[0]?.orgSeqNo ?? 0;

/** Creates a resource as the given user (a same-origin call); its id, when the answer names one. */
async function created(cookie: string, path: string, body: unknown): Promise<string> {
  const response = await authedFetch(harness, cookie, path, {
    method: "POST",
    ...(body === undefined ? {} : { headers: json, body: JSON.stringify(body) }),
  });
  expect(response.status, `creating ${path}`).toBeLessThan(300);
  const answer = (await response.json()) as { id?: string | number };
  return String(answer.id ?? "");
}

async function createLink(cookie: string): Promise<string> {
  const response = await authedFetch(harness, cookie, `/sapi/search/create-shared-link/${encodeURIComponent(vad({ text: "länk" }))}`, {
    method: "POST",
  });
  expect(response.status).toBe(200);
  return new URL((await response.json()) as string).pathname.split("/").pop() ?? "";
}

async function uploadListFile(cookie: string, name = "kunder.txt", text = "5560000001"): Promise<HarnessResponse> {
  const { body, contentType } = multipartFile(name, text);
  return authedFetch(harness, cookie, "/sapi/list-file/add/1", { method: "POST", headers: { "Content-Type": contentType }, body });
}

/**
 * A webhook endpoint of a fresh account (issue 47), its address then set to one every attempt refuses at once (a private
 * address: FAILED on the first attempt, never retried), so no delivery changes a table in a later route's window.
 */
async function createWebhook(cookie: string): Promise<string> {
  const response = await authedFetch(harness, cookie, "/sapi/monitoring/webhooks", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ url: "http://127.0.0.1:9/hook", savedSearchId: null }),
  });
  expect(response.status).toBe(200);
  const id = ((await response.json()) as { webhook: { id: string } }).webhook.id;
  const env = await harness.api().getEnv();
  await env.DB.prepare("UPDATE webhook_endpoints SET url = 'https://10.0.0.1/hook' WHERE id = ?").bind(id).run();
  return id;
}

/** Waits until no event of the endpoint is still owed (its one attempt made). */
async function webhookSettled(cookie: string, webhookId: string): Promise<void> {
  await expect
    .poll(async () => {
      const response = await authedFetch(harness, cookie, `/sapi/monitoring/webhooks/${webhookId}/deliveries`);
      const { deliveries } = (await response.json()) as { deliveries: { state: string }[] };
      return deliveries.every((d) => d.state !== "PENDING");
    })
    .toBe(true);
}

async function webhookEvent(cookie: string, webhookId: string): Promise<string> {
  const response = await authedFetch(harness, cookie, `/sapi/monitoring/webhooks/${webhookId}/test`, { method: "POST" });
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: string };
  await webhookSettled(cookie, webhookId);
  return id;
}

/** After the site's own call of these routes, what they queued is let to settle before the next route's digest. */
const SETTLES_WEBHOOK = /^POST \/sapi\/monitoring\/webhooks\/:id\/(test|deliveries\/:eventId\/replay)$/;

/**
 * A valid request per state-changing route of the API router, made for a fresh account: sent from another site it
 * must be refused and change nothing; sent from the site it must do its work. A new route needs an entry here.
 */
const STATE_CHANGES: Record<string, () => Promise<StateChange>> = {
  "POST /api/auth/sign-in/username-password": async () => {
    const user = await createTestUser(harness, { signIn: false });
    return jsonCall("/api/auth/sign-in/username-password", "", { id: user.username, secret: user.password }, 200);
  },
  "POST /api/auth/sign-in/one-time-code/create": async () => {
    const user = await createTestUser(harness, { signIn: false });
    return jsonCall("/api/auth/sign-in/one-time-code/create", "", { id: user.username, type: "EMAIL", secret: "" }, 200);
  },
  "POST /api/auth/login/one-time-code/confirm": async () => {
    const user = await createTestUser(harness, { signIn: false });
    const codeId = await requestCode(user.username, "EMAIL");
    return jsonCall("/api/auth/login/one-time-code/confirm", "", { codeId, code: await codeFor(user.email) }, 200);
  },
  "POST /api/auth/login/one-time-code/abort": async () => {
    const user = await createTestUser(harness, { signIn: false });
    return jsonCall("/api/auth/login/one-time-code/abort", "", { codeId: await requestCode(user.username, "EMAIL") }, 200);
  },
  "POST /api/auth/refresh": async () => jsonCall("/api/auth/refresh", (await createTestUser(harness)).cookie, undefined, 200),
  "POST /api/auth/sign-out": async () => jsonCall("/api/auth/sign-out", (await createTestUser(harness)).cookie, undefined, 200),
  "POST /api/contact/message": async () => {
    const message = { name: "Eva Ek", company: "Ek AB", phone: "0701234567", email: "eva@ek.se", message: "Hej" };
    return jsonCall("/api/contact/message", "", message, 200);
  },
  "POST /sapi/subscription/accept-terms": async () => {
    const user = await createTestUser(harness, { signedTerms: false });
    return jsonCall("/sapi/subscription/accept-terms", user.cookie, undefined, 200);
  },
  "POST /sapi/search/page/:page": async () => jsonCall("/sapi/search/page/0", (await createTestUser(harness)).cookie, {}, 200),
  "POST /sapi/search/create-shared-link/:serializedSearch": async () => {
    const path = `/sapi/search/create-shared-link/${encodeURIComponent(vad({ text: "bygg" }))}`;
    return jsonCall(path, (await createTestUser(harness)).cookie, undefined, 200);
  },
  "DELETE /sapi/search/shared-link/:id": async () => {
    const { cookie } = await createTestUser(harness);
    return jsonCall(`/sapi/search/shared-link/${await createLink(cookie)}`, cookie, undefined, 204, "DELETE");
  },
  "POST /sapi/user-config/store-user-company-financial-config": async () =>
    jsonCall("/sapi/user-config/store-user-company-financial-config", (await createTestUser(harness)).cookie, "BUSINESS", 200),
  "POST /sapi/list-file/add/:seqNo?": async () => {
    const { body, contentType } = multipartFile("kunder.txt", "5560000001");
    const { cookie } = await createTestUser(harness);
    return { path: "/sapi/list-file/add/1", method: "POST", cookie, headers: { "Content-Type": contentType }, body, status: 200 };
  },
  "POST /sapi/list-file/add/": async () => {
    const { body, contentType } = multipartFile("kunder.txt", "5560000001");
    const { cookie } = await createTestUser(harness);
    return { path: "/sapi/list-file/add/", method: "POST", cookie, headers: { "Content-Type": contentType }, body, status: 400 };
  },
  "POST /sapi/list-file/delete/:fileId": async () => {
    const { cookie } = await createTestUser(harness);
    const [file] = (await (await uploadListFile(cookie)).json()) as { id: number }[];
    return jsonCall(`/sapi/list-file/delete/${file?.id}`, cookie, undefined, 204);
  },
  "POST /sapi/extraction/preview": async () => {
    const query = new URLSearchParams({ serializedSearch: vad({}) });
    return jsonCall(`/sapi/extraction/preview?${query}`, (await createTestUser(harness)).cookie, { exclude: false, idNumbers: [] }, 200);
  },
  "POST /sapi/extraction/templates": async () =>
    jsonCall("/sapi/extraction/templates", (await createTestUser(harness)).cookie, TEMPLATE, 201),
  "PATCH /sapi/extraction/templates/:templateId": async () => {
    const { cookie } = await createTestUser(harness);
    const path = `/sapi/extraction/templates/${await created(cookie, "/sapi/extraction/templates", TEMPLATE)}`;
    return jsonCall(path, cookie, { columns: [{ id: "name" }, { id: "city" }] }, 200, "PATCH");
  },
  "DELETE /sapi/extraction/templates/:templateId": async () => {
    const { cookie } = await createTestUser(harness);
    const path = `/sapi/extraction/templates/${await created(cookie, "/sapi/extraction/templates", TEMPLATE)}`;
    return jsonCall(path, cookie, undefined, 204, "DELETE");
  },
  "PUT /sapi/extraction/templates/:templateId/default": async () => {
    const { cookie } = await createTestUser(harness);
    const path = `/sapi/extraction/templates/${await created(cookie, "/sapi/extraction/templates", TEMPLATE)}/default`;
    return jsonCall(path, cookie, undefined, 200, "PUT");
  },
  "POST /sapi/monitoring/mark-read": async () =>
    jsonCall("/sapi/monitoring/mark-read", (await createTestUser(harness)).cookie, undefined, 204),
  "POST /sapi/monitoring/settings": async () =>
    jsonCall("/sapi/monitoring/settings", (await createTestUser(harness)).cookie, { digest: "WEEKLY" }, 200),
  "POST /sapi/monitoring/searches": async () =>
    jsonCall("/sapi/monitoring/searches", (await createTestUser(harness)).cookie, SAVED_SEARCH, 200),
  "POST /sapi/monitoring/searches/:id/rename": async () => {
    const { cookie } = await createTestUser(harness);
    const id = await created(cookie, "/sapi/monitoring/searches", SAVED_SEARCH);
    return jsonCall(`/sapi/monitoring/searches/${id}/rename`, cookie, { name: "Nytt namn" }, 200);
  },
  "DELETE /sapi/monitoring/searches/:id": async () => {
    const { cookie } = await createTestUser(harness);
    const id = await created(cookie, "/sapi/monitoring/searches", SAVED_SEARCH);
    return jsonCall(`/sapi/monitoring/searches/${id}`, cookie, undefined, 204, "DELETE");
  },
  "POST /sapi/monitoring/companies/:orgSeqNo": async () =>
    jsonCall(`/sapi/monitoring/companies/${companyId()}`, (await createTestUser(harness)).cookie, undefined, 200),
  "DELETE /sapi/monitoring/companies/:orgSeqNo": async () => {
    const { cookie } = await createTestUser(harness);
    await created(cookie, `/sapi/monitoring/companies/${companyId()}`, undefined);
    return jsonCall(`/sapi/monitoring/companies/${companyId()}`, cookie, undefined, 204, "DELETE");
  },
  "POST /sapi/monitoring/webhooks": async () =>
    jsonCall(
      "/sapi/monitoring/webhooks",
      (await createTestUser(harness)).cookie,
      { url: "http://127.0.0.1:9/hook", savedSearchId: null },
      200,
    ),
  "DELETE /sapi/monitoring/webhooks/:id": async () => {
    const { cookie } = await createTestUser(harness);
    return jsonCall(`/sapi/monitoring/webhooks/${await createWebhook(cookie)}`, cookie, undefined, 204, "DELETE");
  },
  "POST /sapi/monitoring/webhooks/:id/rotate": async () => {
    const { cookie } = await createTestUser(harness);
    return jsonCall(`/sapi/monitoring/webhooks/${await createWebhook(cookie)}/rotate`, cookie, undefined, 200);
  },
  "POST /sapi/monitoring/webhooks/:id/test": async () => {
    const { cookie } = await createTestUser(harness);
    return jsonCall(`/sapi/monitoring/webhooks/${await createWebhook(cookie)}/test`, cookie, undefined, 200);
  },
  "POST /sapi/monitoring/webhooks/:id/deliveries/:eventId/replay": async () => {
    const { cookie } = await createTestUser(harness);
    const webhookId = await createWebhook(cookie);
    const eventId = await webhookEvent(cookie, webhookId);
    return jsonCall(`/sapi/monitoring/webhooks/${webhookId}/deliveries/${eventId}/replay`, cookie, undefined, 200);
  },
  "POST /sapi/api-keys": async () =>
    jsonCall("/sapi/api-keys", (await createTestUser(harness)).cookie, { name: "Nyckel", scopes: ["search"] }, 201),
  "DELETE /sapi/api-keys/:keyId": async () => {
    const { cookie } = await createTestUser(harness);
    const response = await authedFetch(harness, cookie, "/sapi/api-keys", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: "Nyckel", scopes: ["search"] }),
    });
    const { apiKey } = (await response.json()) as { apiKey: { keyId: string } };
    return jsonCall(`/sapi/api-keys/${apiKey.keyId}`, cookie, undefined, 204, "DELETE");
  },
  "POST /sapi/extraction/spreadsheet": async () => {
    const { cookie } = await createTestUser(harness);
    const query = new URLSearchParams({ serializedSearch: vad({}), count: "2" });
    const call = jsonCall(`/sapi/extraction/spreadsheet?${query}`, cookie, { exclude: false, idNumbers: [] }, 202);
    return { ...call, headers: { ...call.headers, "Idempotency-Key": `sec-${crypto.randomUUID()}` } };
  },
};

/** Sends a request with exactly the given origin headers (no same-origin defaults). */
function sendAs(change: StateChange, originHeaders: Record<string, string>): Promise<HarnessResponse> {
  return harness.server.fetch(change.path, {
    method: change.method,
    redirect: "manual",
    headers: {
      ...change.headers,
      ...originHeaders,
      "CF-Connecting-IP": uniqueClientIp(),
      ...(change.cookie ? { Cookie: change.cookie } : {}),
    },
    body: change.body,
  });
}

async function expectRefusedWithoutChange(label: string, change: StateChange, isApi: boolean) {
  const before = await stateDigest();
  for (const [variant, headers] of CROSS_SITE) {
    const response = await sendAs(change, headers);
    expect(response.status, `${label}, ${variant}`).toBe(403);
    expect(response.headers.getSetCookie(), `${label}, ${variant}: no cookies`).toEqual([]);
    if (isApi) expect(ErrorBodySchema.parse(await response.json()), `${label}, ${variant}`).toMatchObject({ code: "CROSS_SITE_REQUEST" });
    else await response.arrayBuffer();
    figures.crossSiteRefused += 1;
  }
  expect(await stateDigest(), `${label}: nothing changed`).toBe(before);
}

/** Remix routes (app/routes, flat-routes file names) that export an action, as addresses. */
function remixActionPaths(): string[] {
  const dir = path.join(ROOT, "app/routes");
  return readdirSync(dir)
    .filter((file) => /^export (const|async function|function) action\b/m.test(readFileSync(path.join(dir, file), "utf8")))
    .map((file) =>
      file
        .replace(/\.tsx?$/, "")
        .split(".")
        .filter((segment) => !segment.startsWith("_") && !segment.startsWith("("))
        .map((segment) => (segment === "$" ? "x" : segment))
        .join("/"),
    )
    .map((route) => `/${route}`);
}

describe("cross-site requests", () => {
  it("every state-changing API route refuses another site's request and changes nothing", async (context) => {
    track(context);
    const all = [
      ...new Set(
        createApp()
          .routes.filter((route) => route.method !== "ALL" && route.method !== "GET")
          .map((route) => `${route.method} ${route.path}`),
      ),
    ];
    // /v1 takes an API key and never reads a cookie (docs/decisions/0054): another site's request carrying the user's
    // cookie is API_KEY_MISSING there and changes nothing.
    const routes = all.filter((route) => !route.includes(" /v1/"));
    const keyRoutes = all.filter((route) => route.includes(" /v1/"));
    expect(keyRoutes.length).toBeGreaterThan(0);
    const victim = await createTestUser(harness);
    for (const route of keyRoutes) {
      const [method, template] = route.split(" ") as [string, string];
      const before = await stateDigest();
      for (const [variant, headers] of CROSS_SITE) {
        const response = await harness.server.fetch(template.replace(/:(\w+)/g, "x1"), {
          method,
          headers: { Cookie: victim.cookie, ...json, ...headers },
          body: "{}",
        });
        expect(response.status, `${route}, ${variant}`).toBe(401);
        expect(ErrorBodySchema.parse(await response.json()).code).toBe("API_KEY_MISSING");
      }
      expect(await stateDigest(), `${route}: nothing changed`).toBe(before);
    }
    expect(
      routes.filter((route) => !(route in STATE_CHANGES)),
      "state-changing routes without an entry in STATE_CHANGES",
    ).toEqual([]);
    for (const route of routes) {
      const change = await STATE_CHANGES[route]!();
      await expectRefusedWithoutChange(route, change, true);
      const own = await sendAs(change, await sameOriginHeaders(harness));
      expect(own.status, `${route} from the site itself`).toBe(change.status);
      if (route === "POST /sapi/extraction/spreadsheet") {
        const { jobId } = (await own.json()) as { jobId: string };
        const owner = { cookie: change.cookie } as TestUser;
        expect((await settledJob(harness, owner, jobId)).status).toBe("DONE");
      } else await own.arrayBuffer();
      if (SETTLES_WEBHOOK.test(route)) await webhookSettled(change.cookie, change.path.split("/")[4]!);
      figures.apiRoutes += 1;
    }
    // 28 routes, each with a fresh user, five cross-site variants and two digests of every table: 22 s on the quiet
    // 2-core machine of session 25 with each digest one batch, 51 s when every table was a round trip of its own.
  }, 300_000);

  it("every Remix action refuses another site's form post (also as single-fetch .data) and changes nothing", async (context) => {
    track(context);
    const actions = remixActionPaths();
    // api.$ and sapi.$ forward to the API under the Vite dev server only; the worker sends /api and /sapi to the API first.
    expect(actions.sort()).toEqual(["/api/x", "/kontakt", "/logga-in", "/sapi/x"]);
    const user = await createTestUser(harness, { signIn: false });
    const forms: Record<string, Record<string, string>> = {
      "/logga-in": { intent: "password", id: user.username, secret: user.password },
      "/kontakt": { name: "Eva Ek", company: "Ek AB", phone: "0701234567", email: "eva@ek.se", message: "Hej" },
    };
    for (const pathname of actions) {
      const isApi = pathname.endsWith("/x");
      const fields = forms[pathname] ?? {};
      const form = formBody(fields);
      for (const target of isApi ? [pathname] : [pathname, `${pathname}.data`]) {
        const change: StateChange = { path: target, method: "POST", cookie: "", headers: form.headers, body: form.body, status: 0 };
        await expectRefusedWithoutChange(`POST ${target}`, change, isApi);
      }
      figures.remixActions += 1;
    }
    const own = await sendAs(
      { path: "/logga-in", method: "POST", cookie: "", ...formBody(forms["/logga-in"]!), status: 302 },
      await sameOriginHeaders(harness),
    );
    expect(own.status, "the sign-in form from the site itself").toBe(302);
    expect(own.headers.getSetCookie()).toHaveLength(2);
  });
});

/** Forms of a value as it could appear in a log line: as is, URL-encoded, and in the form spelling a URL uses. */
const spellings = (value: string) => [
  ...new Set([value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]),
];

describe("logs", () => {
  it("a realistic session leaves none of the user's data in the workers' log lines", async (context) => {
    track(context);
    const tag = crypto.randomUUID().slice(0, 8);
    const personalId = randomPersonalId();
    const user = await createTestUser(harness, {
      username: `logg-${tag}`,
      email: `kund.${tag}@hemligt-foretag.se`,
      personalId,
      password: `Lösen-${tag}-Hemligt`,
      signIn: false,
    });
    const phone = user.phone!;
    const searchText = `Sekretessbolaget ${tag}`;
    const serialized = vad({ text: searchText });
    const listFileName = `Kundlista ${tag}.txt`;
    harness.server.clearLogs();

    const cookie = await signIn(harness, user.email, user.password);
    await signIn(harness, personalId, user.password);
    const emailCodeId = await requestCode(user.username, "EMAIL");
    const emailCode = await codeFor(user.email);
    expect((await post("/api/auth/login/one-time-code/confirm", { codeId: emailCodeId, code: emailCode })).status).toBe(200);
    const smsCodeId = await requestCode(`0${phone.slice(3)}`, "SMS");
    const smsCode = await codeFor(phone);
    expect((await post("/api/auth/login/one-time-code/confirm", { codeId: smsCodeId, code: smsCode })).status).toBe(200);
    const back = encodeURIComponent(`/sok?vad=${encodeURIComponent(serialized)}`);
    const form = await authedFetch(harness, "", `/logga-in?till=${back}`, {
      method: "POST",
      redirect: "manual",
      ...formBody({ intent: "password", id: user.username, secret: user.password }),
    });
    expect(form.status).toBe(302);

    expect((await fetchPage(`/sok?vad=${encodeURIComponent(serialized)}`, cookie)).status).toBe(200);
    expect((await post("/sapi/search/page/0", { text: searchText }, cookie)).status).toBe(200);
    const all = (await (await post("/sapi/search/page/0", {}, cookie)).json()) as { results: { records: { orgSeqNo: number }[] } };
    expect((await post("/sapi/search/page/1", { text: searchText }, cookie)).status).toBe(200);
    const restored = await authedFetch(harness, cookie, `/sapi/search/serialized?serializedSearch=${encodeURIComponent(serialized)}`);
    expect(restored.status).toBe(200);
    expect((await authedFetch(harness, cookie, `/sapi/details/entity/${all.results.records[0]?.orgSeqNo}`)).status).toBe(200);

    const link = await authedFetch(harness, cookie, `/sapi/search/create-shared-link/${encodeURIComponent(serialized)}`, {
      method: "POST",
    });
    expect(link.status).toBe(200);
    const linkId = new URL((await link.json()) as string).pathname.split("/").pop() ?? "";
    expect((await authedFetch(harness, cookie, `/sapi/search/shared-link/${linkId}`)).status).toBe(200);
    expect((await fetchPage(`/u/${linkId}`, cookie)).status).toBe(302);

    const upload = await uploadListFile(cookie, listFileName, "5569999999\r\n5560000001");
    expect(upload.status).toBe(200);
    const [file] = (await upload.json()) as { id: number }[];
    const withFile = vad({ numSet: { excludeFile: [file!.id] } });
    expect((await post("/sapi/search/page/0", { text: searchText, numSet: { includeFile: [file!.id] } }, cookie)).status).toBe(200);
    const exported = await postExport(harness, { ...user, cookie }, { serializedSearch: withFile, count: 1 });
    expect(exported.status).toBe(202);
    const { jobId } = (await exported.json()) as { jobId: string };
    expect((await settledJob(harness, { ...user, cookie }, jobId)).status).toBe("DONE");
    expect((await authedFetch(harness, cookie, `/sapi/extraction/${jobId}/file`)).status).toBe(200);
    expect((await authedFetch(harness, cookie, `/sapi/list-file/delete/${file!.id}`, { method: "POST" })).status).toBe(204);
    const contact = { name: "Eva Ek", company: "Ek AB", phone, email: user.email, message: `Ring mig om ${searchText}` };
    expect((await post("/api/contact/message", contact)).status).toBe(200);
    const refresh = await post("/api/auth/refresh", null, cookie);
    expect((await post("/api/auth/sign-out", null, cookieHeaderFrom(refresh))).status).toBe(200);

    const tokens = [...cookie.split("; "), ...cookieHeaderFrom(refresh).split("; ")].map((pair) => pair.slice(pair.indexOf("=") + 1));
    const secrets: Record<string, string[]> = {
      email: [user.email, user.email.split("@")[0]!],
      username: [user.username],
      password: [user.password],
      personalId: [personalId, personalId.slice(2)],
      phone: [phone, `0${phone.slice(3)}`, phone.slice(3)],
      oneTimeCode: [emailCode, smsCode].map((code) => `"${code}"`),
      tokens,
      searchText: [searchText, tag],
      serializedSearch: [serialized, withFile],
      sharedLinkId: [linkId],
      listFile: [listFileName, "5569999999"],
    };
    const logs = harness.server.getLogs();
    const messages = logs.map((entry) => entry.message);
    figures.logLines = messages.length;
    expect(messages.filter((line) => line.includes('"msg":"request"')).length, "request lines were captured").toBeGreaterThan(20);
    expect(messages.some((line) => line.includes("/sapi/search/create-shared-link/:serializedSearch"))).toBe(true);
    const leaks = Object.entries(secrets).flatMap(([kind, values]) =>
      values
        .flatMap(spellings)
        .flatMap((value) => messages.filter((line) => line.includes(value)).map((line) => `${kind}: ${line.slice(0, 300)}`)),
    );
    figures.leaks = leaks.length;
    expect(leaks, "user data in log lines").toEqual([]);
    expect(
      logs.filter((entry) => entry.level === "error").map((entry) => entry.message.slice(0, 300)),
      "no error lines",
    ).toEqual([]);
  });
});
