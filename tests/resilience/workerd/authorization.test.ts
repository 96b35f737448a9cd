/**
 * Scenario 6 of the resilience suite (issue 14): the authorization matrix. Every route of the API worker's own route
 * table (createApp().routes) × every principal (no session, a token signed with another key, expired access token,
 * expired session, revoked refresh token, a family revoked by refresh-token reuse, another subscriber presenting user
 * A's ids, terms not signed, disabled account, expired subscription, and A itself as the baseline) answers the status
 * and error body tests/resilience/support/route-access.ts expects, through the
 * web worker into the API worker with real D1, R2 and Queues. No call of anyone but A reads or changes A's data, and a
 * refused call changes nothing. The matrix is the same in the short and the full form.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordScenario } from "../support/report";
import { createApp } from "#api/app";
import { issueAccessToken } from "#api/auth/access-token";
import { authConfig } from "#api/auth/auth-config";
import { ErrorBodySchema } from "#shared/errors";
import {
  expectedAnswer,
  listFileUpload,
  pathVariants,
  PRINCIPALS,
  ROUTE_ACCESS,
  routerRouteKeys,
  tableDrift,
  vad,
  type ConsumedId,
  type OwnedIds,
  type PrincipalName,
  type RequestFixtures,
  type RouteAccess,
  type RouteRequest,
} from "../support/route-access";
import {
  authedFetch,
  cookieHeaderFrom,
  createTestUser,
  signIn,
  uniqueClientIp,
  type HarnessResponse,
  type TestUser,
} from "../../support/factories";
import { createUrvalHarness } from "../../support/worker-harness";
import { seedIndex } from "../../support/seed-index";

const harness = createUrvalHarness();
const TAG = crypto.randomUUID().slice(0, 8);

interface Principal {
  name: PrincipalName;
  userId: string | undefined;
  cookie: string;
}

let owner: TestUser;
let other: TestUser;
let ids: OwnedIds;
let fixtures: RequestFixtures;
/** Strings that identify user A; none may appear in anyone else's answers. */
let ownerSecrets: string[];

const env = () => harness.api().getEnv();
const JSON_HEADERS = { "Content-Type": "application/json" };

async function call(cookie: string, request: RouteRequest): Promise<HarnessResponse> {
  return authedFetch(harness, cookie, request.path, { method: request.method, headers: request.headers ?? {}, body: request.body });
}

async function callOk(cookie: string, request: RouteRequest, status = 200): Promise<HarnessResponse> {
  const response = await call(cookie, request);
  if (response.status !== status) throw new Error(`${request.method} ${request.path}: ${response.status} ${await response.text()}`);
  return response;
}

async function uploadListFile(user: TestUser, seqNo: string): Promise<string> {
  const response = await callOk(user.cookie, listFileUpload(`/sapi/list-file/add/${seqNo}`, fixtures.listFileBytes, `kunder-${TAG}.txt`));
  const [file] = (await response.json()) as { id: number }[];
  return String(file?.id);
}

async function createSharedLink(user: TestUser): Promise<string> {
  const response = await callOk(user.cookie, { method: "POST", path: `/sapi/search/create-shared-link/${vad({ text: "bygg" })}` });
  return ((await response.json()) as string).split("/u/")[1] ?? "";
}

let savedSearches = 0;

/**
 * A saved search of the user's (Bevakning), named so that its name is one of the owner's secrets; a search of its own
 * each time (the same search saved twice is refused).
 */
async function createSavedSearch(user: TestUser): Promise<string> {
  const body = { name: `Bevakning${TAG}`, serializedSearch: vad({ text: `bygg ${++savedSearches}` }) };
  const request: RouteRequest = { method: "POST", path: "/sapi/monitoring/searches", headers: JSON_HEADERS, body: JSON.stringify(body) };
  return ((await (await callOk(user.cookie, request)).json()) as { id: string }).id;
}

async function watchCompany(user: TestUser, orgSeqNo: string): Promise<string> {
  await callOk(user.cookie, { method: "POST", path: `/sapi/monitoring/companies/${orgSeqNo}` });
  return orgSeqNo;
}

async function doneExportJob(user: TestUser): Promise<string> {
  const request = ROUTE_ACCESS["POST /sapi/extraction/spreadsheet"]!.build(fixtures) as RouteRequest;
  const { jobId } = (await (await callOk(user.cookie, request, 202)).json()) as { jobId: string };
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const job = (await (await callOk(user.cookie, { method: "GET", path: `/sapi/extraction/${jobId}` })).json()) as { status: string };
    if (job.status === "DONE") return jobId;
    if (job.status === "ERROR") break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`export job ${jobId} did not finish`);
}

async function pendingCode(): Promise<{ codeId: string; code: string }> {
  const user = await createTestUser(harness, { signIn: false });
  const response = await harness.server.fetch("/api/auth/sign-in/one-time-code/create", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "CF-Connecting-IP": uniqueClientIp(),
      Origin: (await harness.server.listen()).url.origin,
    },
    body: JSON.stringify({ id: user.username, type: "EMAIL", secret: "" }),
  });
  const { codeId } = (await response.json()) as { codeId: string };
  const mail = await (
    await env()
  ).DB.prepare("SELECT body FROM dev_mailbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
    .bind(user.email)
    .first<{ body: string }>();
  const code = /\b(\d{6})\b/.exec(mail?.body ?? "")?.[1];
  if (!code) throw new Error(`no one-time code for ${user.email}`);
  return { codeId, code };
}

const withSessionCookie = (cookie: string, token: string) => cookie.replace(/__Host-urval-session=[^;]*/, `__Host-urval-session=${token}`);

/** A correctly signed access token of the user's latest session, issued at `issuedAt` (15 minutes' lifetime). */
async function accessTokenAt(userId: string, issuedAt: number): Promise<string> {
  const db = (await env()).DB;
  const family = await db
    .prepare("SELECT id FROM session_families WHERE user_id = ? ORDER BY created_at DESC LIMIT 1")
    .bind(userId)
    .first<{ id: string }>();
  const { token } = await issueAccessToken(authConfig(await env()).JWT_SIGNING_KEY, { userId, familyId: family!.id }, issuedAt);
  return token;
}

/** Builds the principal; each call gives a new session (and, except for A and B, a new account). */
async function makePrincipal(name: PrincipalName): Promise<Principal> {
  const db = (await env()).DB;
  const fresh = async (overrides = {}) => createTestUser(harness, overrides);
  switch (name) {
    case "anonymous":
      return { name, userId: undefined, cookie: "" };
    case "forgedToken": {
      // A's own user and session ids, signed with a key that is not the server's; no refresh cookie.
      const familyId = (await db
        .prepare("SELECT id FROM session_families WHERE user_id = ? LIMIT 1")
        .bind(owner.userId)
        .first<{ id: string }>())!.id;
      const { token } = await issueAccessToken(`not-the-server-key-${crypto.randomUUID()}`, { userId: owner.userId, familyId });
      return { name, userId: undefined, cookie: `__Host-urval-session=${token}` };
    }
    case "owner":
      return { name, userId: owner.userId, cookie: await signIn(harness, owner.username, owner.password) };
    case "otherUser":
      return { name, userId: other.userId, cookie: await signIn(harness, other.username, other.password) };
    case "termsNotSigned": {
      const user = await fresh({ signedTerms: false });
      return { name, userId: user.userId, cookie: user.cookie };
    }
    case "expiredAccessToken": {
      const user = await fresh();
      const token = await accessTokenAt(user.userId, Date.now() - 16 * 60_000);
      return { name, userId: user.userId, cookie: withSessionCookie(user.cookie, token) };
    }
    case "expiredSession": {
      const user = await fresh();
      await db
        .prepare("UPDATE session_families SET expires_at = ? WHERE user_id = ?")
        .bind(Date.now() - 1, user.userId)
        .run();
      return { name, userId: user.userId, cookie: user.cookie };
    }
    case "revokedRefreshToken": {
      const user = await fresh();
      await callOk(user.cookie, { method: "POST", path: "/api/auth/sign-out" });
      return { name, userId: user.userId, cookie: user.cookie };
    }
    case "reusedRefreshToken": {
      // A stolen refresh token used after its owner's refresh revokes the family: the owner's new cookies stop too.
      // (Within 10 s of the rotation it would get the owner's new pair, docs/decisions/0038: the theft comes later.)
      const user = await fresh();
      const rotated = cookieHeaderFrom(await callOk(user.cookie, { method: "POST", path: "/api/auth/refresh" }));
      const stolenId = /__Host-urval-refresh=([0-9a-f-]{36})\./.exec(user.cookie)?.[1] ?? "";
      await db.prepare("UPDATE refresh_tokens SET used_at = used_at - 10001 WHERE id = ?").bind(stolenId).run();
      const reuse = await call(user.cookie, { method: "POST", path: "/api/auth/refresh" });
      if (reuse.status !== 401) throw new Error(`refresh-token reuse answered ${reuse.status}`);
      return { name, userId: user.userId, cookie: rotated };
    }
    case "disabledAccount": {
      const user = await fresh();
      await db.prepare("UPDATE users SET disabled = 1 WHERE id = ?").bind(user.userId).run();
      return { name, userId: user.userId, cookie: user.cookie };
    }
    case "expiredSubscription": {
      const user = await fresh();
      const past = new Date(Date.now() - 1000).toISOString();
      await db.prepare("UPDATE users SET subscription_expires_at = ? WHERE id = ?").bind(past, user.userId).run();
      return { name, userId: user.userId, cookie: user.cookie };
    }
  }
}

/** Every row of user A's data, in a stable order: compared before and after everyone else's calls. */
async function ownerData(): Promise<unknown[]> {
  const db = (await env()).DB;
  const rows = async (sql: string) => (await db.prepare(sql).bind(owner.userId).all()).results;
  return Promise.all([
    rows("SELECT * FROM users WHERE id = ?"),
    rows("SELECT * FROM session_families WHERE user_id = ? ORDER BY id"),
    rows("SELECT t.* FROM refresh_tokens t JOIN session_families f ON f.id = t.family_id WHERE f.user_id = ? ORDER BY t.id"),
    rows("SELECT * FROM shared_links WHERE owner_user_id = ? ORDER BY id"),
    rows("SELECT * FROM list_files WHERE user_id = ? ORDER BY id"),
    rows(
      "SELECT n.file_id, n.chunk, hex(n.keys) AS keys FROM list_file_numbers n JOIN list_files f ON f.id = n.file_id WHERE f.user_id = ?",
    ),
    rows("SELECT * FROM export_jobs WHERE user_id = ? ORDER BY id"),
    rows("SELECT * FROM user_config WHERE user_id = ?"),
    rows("SELECT * FROM saved_searches WHERE user_id = ? ORDER BY id"),
    rows("SELECT * FROM watched_companies WHERE user_id = ? ORDER BY org_seq_no"),
    rows("SELECT * FROM monitoring_settings WHERE user_id = ?"),
    rows("SELECT * FROM monitoring_alerts WHERE user_id = ? ORDER BY id"),
  ]);
}

/** Row counts of the subscriber data every /sapi write goes to: a refused principal's column must not move them. */
async function subscriberDataCounts(): Promise<Record<string, unknown>> {
  const db = (await env()).DB;
  const tables = [
    "shared_links",
    "list_files",
    "list_file_numbers",
    "export_jobs",
    "user_config",
    "saved_searches",
    "watched_companies",
    "monitoring_settings",
    "monitoring_alerts",
  ];
  const counts = await Promise.all(tables.map((t) => db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).first<{ n: number }>()));
  return Object.fromEntries(tables.map((t, i) => [t, counts[i]?.n]));
}

/** The principal's own account row (quota, terms, status): a refused call must not change it. */
async function accountRow(userId: string | undefined): Promise<unknown> {
  if (!userId) return null;
  return (await env()).DB.prepare("SELECT * FROM users WHERE id = ?").bind(userId).first();
}

/** Any of A's identifying strings, or A's list file as an item, in an answer to someone else. */
function leaksOwnerData(text: string): string | undefined {
  const secret = ownerSecrets.find((s) => text.includes(s));
  if (secret) return secret;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const items = Array.isArray(parsed) ? (parsed as unknown[]) : [];
  return items.some((item) => (item as { id?: unknown }).id === Number(ids.listFileId)) ? `list file ${ids.listFileId}` : undefined;
}

/** One cell: builds the request, calls it as the principal, returns what was wrong (nothing when it passed). */
async function checkCell(key: string, route: RouteAccess, principal: Principal): Promise<string[]> {
  const freshIds = principal.name === "owner" && route.consumes ? await freshOwnerResource(route.consumes) : ids;
  const request = await route.build({ ...fixtures, ids: freshIds });
  const response = await call(principal.cookie, request);
  const expected = expectedAnswer(route, principal.name);
  const text = await response.text();
  const where = `${key} as ${principal.name}`;
  const problems: string[] = [];
  if (response.status !== expected.status)
    problems.push(`${where}: status ${response.status}, expected ${expected.status}: ${text.slice(0, 200)}`);
  if (response.status >= 400) {
    const body = ErrorBodySchema.safeParse(JSON.parse(text || "null"));
    if (!body.success) problems.push(`${where}: error body not in the spec's format: ${text.slice(0, 200)}`);
    else if (expected.code && body.data.code !== expected.code)
      problems.push(`${where}: code ${body.data.code}, expected ${expected.code}`);
    else if (body.data.requestId !== response.headers.get("X-Request-Id")) problems.push(`${where}: requestId differs from X-Request-Id`);
  }
  if (/\n\s+at /.test(text)) problems.push(`${where}: stack trace in the answer`);
  // No cache may keep an answer of /sapi (signed-in data, or a refusal): private at most, never public (issue 25).
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (key.includes(" /sapi/") && (!/\b(private|no-store)\b/.test(cacheControl) || /\bpublic\b/.test(cacheControl)))
    problems.push(`${where}: Cache-Control "${cacheControl}", expected private or no-store`);
  const leak = principal.name === "owner" ? undefined : leaksOwnerData(text);
  if (leak) problems.push(`${where}: answer contains user A's ${leak}`);
  return problems;
}

async function createTemplate(user: TestUser): Promise<string> {
  const body = { name: `Mall-${TAG}`, resultType: "COMPANY", columns: [{ id: "name" }] };
  const request = { method: "POST", path: "/sapi/extraction/templates", headers: { "Content-Type": "application/json" } };
  const response = await callOk(user.cookie, { ...request, body: JSON.stringify(body) }, 201);
  return ((await response.json()) as { id: string }).id;
}

/** A webhook endpoint of the user's (a loopback address: allowed in local development) and a test event of it. */
async function createWebhook(user: TestUser): Promise<{ webhookId: string; webhookEventId: string }> {
  const request = { method: "POST", path: "/sapi/monitoring/webhooks", headers: { "Content-Type": "application/json" } };
  const made = await callOk(
    user.cookie,
    { ...request, body: JSON.stringify({ url: "http://127.0.0.1:9/hook", savedSearchId: null }) },
    200,
  );
  const webhookId = ((await made.json()) as { webhook: { id: string } }).webhook.id;
  const sent = await callOk(user.cookie, { method: "POST", path: `/sapi/monitoring/webhooks/${webhookId}/test` }, 200);
  return { webhookId, webhookEventId: ((await sent.json()) as { id: string }).id };
}

async function createApiKey(user: TestUser): Promise<string> {
  const request = { method: "POST", path: "/sapi/api-keys", headers: { "Content-Type": "application/json" } };
  const made = await callOk(user.cookie, { ...request, body: JSON.stringify({ name: `Nyckel-${TAG}`, scopes: ["search"] }) }, 201);
  return ((await made.json()) as { apiKey: { keyId: string } }).apiKey.keyId;
}

async function freshOwnerResource(kind: ConsumedId): Promise<OwnedIds> {
  const create: Record<ConsumedId, () => Promise<string>> = {
    listFileId: () => uploadListFile(owner, "99"),
    sharedLinkId: () => createSharedLink(owner),
    templateId: () => createTemplate(owner),
    savedSearchId: () => createSavedSearch(owner),
    watchedOrgSeqNo: () => watchCompany(owner, ids.watchedOrgSeqNo),
    webhookId: async () => (await createWebhook(owner)).webhookId,
    apiKeyId: () => createApiKey(owner),
  };
  return { ...ids, [kind]: await create[kind]() };
}

/** Runs every route for one principal; returns the cells checked and the problems found. */
async function checkColumn(name: PrincipalName): Promise<{ cells: number; problems: string[] }> {
  const shared = await makePrincipal(name);
  const accountBefore = JSON.stringify(await accountRow(shared.userId));
  const problems: string[] = [];
  const keys = routerRouteKeys(createApp().routes);
  for (const key of keys) {
    const route = ROUTE_ACCESS[key];
    if (!route) continue; // reported by the route-table test
    const principal = route.freshSession ? await makePrincipal(name) : shared;
    problems.push(...(await checkCell(key, route, principal)));
  }
  const refused = name !== "owner" && name !== "otherUser";
  if (refused && JSON.stringify(await accountRow(shared.userId)) !== accountBefore) problems.push(`${name}: its account row changed`);
  return { cells: keys.length, problems };
}

/** Every guarded route, spelt differently and called without a session: refused or unknown, never answered. */
async function checkPathVariants(): Promise<{ cells: number; problems: string[] }> {
  const { url } = await harness.server.listen();
  const problems: string[] = [];
  let cells = 0;
  for (const key of routerRouteKeys(createApp().routes)) {
    const route = ROUTE_ACCESS[key];
    if (!route || route.access === "public") continue;
    const request = await route.build(fixtures);
    const variants = pathVariants(request.path);
    cells += variants.length;
    const answers = await Promise.all(
      variants.map(async (variant) => {
        const response = await call("", { ...request, path: `${url.origin}${variant}` });
        return { variant, status: response.status, text: await response.text() };
      }),
    );
    for (const { variant, status, text } of answers) {
      if (status < 400 || status >= 500) problems.push(`${key} as ${variant}: status ${status}: ${text.slice(0, 120)}`);
      if (/\n\s+at /.test(text)) problems.push(`${key} as ${variant}: stack trace in the answer`);
    }
  }
  return { cells, problems };
}

beforeAll(async () => {
  await harness.start();
  const seeded = await seedIndex(harness);
  const company = seeded.companies.find((c) => c.annualReports.length > 0)!;
  const report = company.annualReports[0]!;
  const signInAccount = await createTestUser(harness, { signIn: false });
  owner = await createTestUser(harness, { firstName: `Astrid${TAG}`, lastName: `Ägare${TAG}`, quota: 100 });
  other = await createTestUser(harness, { firstName: "Bertil", lastName: "Annan", quota: 100 });
  fixtures = {
    ids: {
      ...{ seqNo: "7", listFileId: "0", sharedLinkId: "", jobId: "", templateId: "", savedSearchId: "", watchedOrgSeqNo: "" },
      ...{ webhookId: "", webhookEventId: "", apiKeyId: "" },
    },
    signInAccount: { id: signInAccount.username, password: signInAccount.password },
    pendingCode,
    listFileBytes: new TextEncoder().encode(seeded.companies.map((c) => c.orgNo).join("\r\n")),
    company: { orgSeqNo: company.orgSeqNo, orgNo: company.orgNo, refNo: report.refNo, periodEnd: report.periodEnd },
  };
  const listFileId = await uploadListFile(owner, "7");
  const watched = seeded.companies.find((c) => c.orgSeqNo !== company.orgSeqNo)!;
  ids = {
    seqNo: "7",
    listFileId,
    sharedLinkId: await createSharedLink(owner),
    jobId: "",
    templateId: await createTemplate(owner),
    savedSearchId: await createSavedSearch(owner),
    watchedOrgSeqNo: await watchCompany(owner, String(watched.orgSeqNo)),
    ...(await createWebhook(owner)),
    apiKeyId: await createApiKey(owner),
  };
  fixtures.ids = ids;
  ids.jobId = await doneExportJob(owner);
  ownerSecrets = [
    owner.userId,
    owner.username,
    owner.email,
    `Astrid${TAG}`,
    `Ägare${TAG}`,
    `kunder-${TAG}`,
    `Mall-${TAG}`,
    ids.jobId,
    ids.templateId,
    `Bevakning${TAG}`,
  ];
}, 180_000);
afterAll(() => harness.server.close());

describe("scenario 6: the route table", () => {
  it("has an entry for every route of the router and none for a route that does not exist", () => {
    expect(tableDrift(routerRouteKeys(createApp().routes))).toEqual({ missing: [], stale: [] });
  });

  it("fails for a new route without an entry and for an entry without a route", () => {
    const app = createApp().get("/sapi/new-feature/:id", (c) => c.body(null, 204));
    expect(tableDrift(routerRouteKeys(app.routes)).missing).toEqual(["GET /sapi/new-feature/:id"]);
    const keys = routerRouteKeys(createApp().routes).filter((key) => key !== "GET /sapi/preflight");
    expect(tableDrift(keys).stale).toEqual(["GET /sapi/preflight"]);
  });

  it("builds honest principals: a token signed the same way but not expired is accepted", async () => {
    const user = await createTestUser(harness);
    const token = await accessTokenAt(user.userId, Date.now());
    const response = await call(withSessionCookie(user.cookie, token), { method: "GET", path: "/sapi/preflight" });
    expect(response.status).toBe(200);
  });
});

describe("scenario 6: every route × every principal", () => {
  it("answers each cell as expected, leaks and changes none of user A's data, and refused calls change nothing", async () => {
    const started = performance.now();
    const failures: string[] = [];
    let cells = 0;
    const before = await ownerData();
    // Every principal but A and B is refused everywhere on /sapi: their columns (and the path spellings without a
    // session) run side by side, and none of them may move a row of subscriber data.
    const refused = PRINCIPALS.filter((p) => p !== "owner" && p !== "otherUser");
    const counts = await subscriberDataCounts();
    const [variants, ...columns] = await Promise.all([checkPathVariants(), ...refused.map(checkColumn)]);
    const after = await subscriberDataCounts();
    if (JSON.stringify(after) !== JSON.stringify(counts)) {
      failures.push(`refused calls changed subscriber data: ${JSON.stringify(counts)} → ${JSON.stringify(after)}`);
    }
    columns.push(await checkColumn("otherUser"));
    for (const column of [variants, ...columns]) failures.push(...column.problems);
    cells += columns.reduce((sum, column) => sum + column.cells, 0);
    if (JSON.stringify(await ownerData()) !== JSON.stringify(before)) failures.push("user A's data changed by another principal");
    // The baseline last: A's own calls with A's ids succeed, so every refusal above was the principal's doing.
    const baseline = await checkColumn("owner");
    cells += baseline.cells;
    failures.push(...baseline.problems);

    const routes = routerRouteKeys(createApp().routes).length;
    recordScenario({
      scenario: "6-authorization",
      title: "Authorization matrix",
      pass: failures.length === 0,
      figures: {
        routes,
        principals: PRINCIPALS.length,
        cells,
        "path-variant cells": variants.cells,
        failures: failures.length,
        seconds: Math.round((performance.now() - started) / 100) / 10,
      },
      ...(failures.length > 0 ? { notes: failures.slice(0, 20) } : {}),
    });
    expect(failures).toEqual([]);
  }, 180_000);
});
