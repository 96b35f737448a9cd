/**
 * Scenario 6 (issue 14), the authorization matrix's expectation table: one entry per route of the API worker's router,
 * keyed "METHOD path" exactly as `createApp().routes` names it. The matrix test walks the router's own route table, so a
 * route without an entry here (or an entry for a route that no longer exists) fails it.
 *
 * Per route: who may call it (public, subscriber, or subscriber before signing the terms), which user-owned ids the
 * request carries (path, query or body), how to build a request that succeeds for the ids' owner, and where a
 * principal's answer differs from the general rule in `expectedAnswer`.
 */
import { IDEMPOTENCY_KEY_HEADER } from "#shared/api-contracts/extraction";
import { SearchSchema, type SearchInput } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";

/** The callers of every route: the ids' owner (the baseline) and the ones the issue names. */
export const PRINCIPALS = [
  "anonymous",
  "expiredAccessToken",
  "expiredSession",
  "revokedRefreshToken",
  "reusedRefreshToken",
  "otherUser",
  "termsNotSigned",
  "disabledAccount",
  "expiredSubscription",
  "forgedToken",
  "owner",
] as const;
export type PrincipalName = (typeof PRINCIPALS)[number];

export type Access = "public" | "subscriber" | "terms-exempt";

/** Owned resources a route deletes (the owner's cell gets a fresh one). */
export type ConsumedId = "listFileId" | "sharedLinkId" | "templateId" | "savedSearchId" | "watchedOrgSeqNo" | "webhookId" | "apiKeyId";

/** An expected answer: the status and, for an error, the error body's code. */
export interface Expected {
  status: number;
  code?: string;
}

/** The owner's (user A's) resources, as they appear in requests. */
export interface OwnedIds {
  /** A search context holding one of A's list files. */
  seqNo: string;
  listFileId: string;
  sharedLinkId: string;
  /** A finished (DONE) export job of A's. */
  jobId: string;
  /** One of A's saved export templates. */
  templateId: string;
  /** One of A's saved searches (Bevakning). */
  savedSearchId: string;
  /** A company A watches (not the fixtures' `company`, which every principal may watch). */
  watchedOrgSeqNo: string;
  /** One of A's webhook endpoints (Bevakning, issue 47) and an event of it. */
  webhookId: string;
  webhookEventId: string;
  /** One of A's API keys (its id, as the revoke route takes it). */
  apiKeyId: string;
}

export interface RequestFixtures {
  ids: OwnedIds;
  /** An account kept for the public password sign-in route. */
  signInAccount: { id: string; password: string };
  /** A one-time code just sent to a fresh account (for confirm and abort). */
  pendingCode(): Promise<{ codeId: string; code: string }>;
  /** A list file's bytes (organisation numbers of the register, one per line). */
  listFileBytes: Uint8Array;
  /** A company of the register and one of its annual reports. */
  company: { orgSeqNo: number; orgNo: string; refNo: string; periodEnd: string };
}

export interface RouteRequest {
  path: string;
  method: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface RouteAccess {
  access: Access;
  /** User-owned ids the request carries; "otherUser" presents user A's. */
  owned: readonly (keyof OwnedIds)[];
  /** The owner's call deletes this resource: the owner's cell gets a fresh one. */
  consumes?: ConsumedId;
  /** The call ends, rotates or changes the caller's session or terms: each cell gets a fresh principal. */
  freshSession?: boolean;
  /** What the owner's valid call answers. */
  ok: Expected;
  /** Principals whose answer differs from the general rule of `expectedAnswer`. */
  overrides?: Partial<Record<PrincipalName, Expected>>;
  build(fixtures: RequestFixtures): RouteRequest | Promise<RouteRequest>;
}

const UNAUTHENTICATED: Expected = { status: 401, code: "UNAUTHENTICATED" };
const SESSION_ENDED: Expected = { status: 401, code: "SESSION_EXPIRED" };
const VALIDATION: Expected = { status: 400, code: "VALIDATION_FAILED" };
const OK: Expected = { status: 200 };
const NO_CONTENT: Expected = { status: 204 };

const get = (path: string): RouteRequest => ({ method: "GET", path });
function post(path: string, body?: unknown, headers: Record<string, string> = {}, method = "POST"): RouteRequest {
  if (body === undefined) return { method, path, headers };
  return { method, path, headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) };
}

const TEMPLATE_NOT_FOUND: Expected = { status: 404, code: "EXPORT_TEMPLATE_NOT_FOUND" };

export const vad = (input: SearchInput = {}) => serializeSearch(SearchSchema.parse(input));
/** A search naming A's list file: only A may use it (anyone else gets VALIDATION "Okänd listfil"). */
const searchWithFile = (ids: OwnedIds): SearchInput => ({ numSet: { includeFile: [Number(ids.listFileId)] } });

/** multipart/form-data by hand (the harness's fetch does not serialise Node's FormData). */
export function listFileUpload(path: string, bytes: Uint8Array, name = "kunder.txt"): RouteRequest {
  const boundary = `----urval${crypto.randomUUID()}`;
  const encoder = new TextEncoder();
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="listFile"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`;
  const body = Buffer.concat([encoder.encode(head), bytes, encoder.encode(`\r\n--${boundary}--\r\n`)]);
  return { method: "POST", path, headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, body };
}

const subscriberGet = (path: string): RouteAccess => ({ access: "subscriber", owned: [], ok: OK, build: () => get(path) });

const SAVED_SEARCH_NOT_FOUND: Expected = { status: 404, code: "SAVED_SEARCH_NOT_FOUND" };

/** A's saved search by id: another user gets 404 (Bevakning, issue 16). */
let savedSearches = 0;

const ownSavedSearch = (ok: Expected, build: (ids: OwnedIds) => RouteRequest, consumes?: ConsumedId): RouteAccess => ({
  access: "subscriber",
  owned: ["savedSearchId"],
  ...(consumes ? { consumes } : {}),
  ok,
  overrides: { otherUser: SAVED_SEARCH_NOT_FOUND },
  build: (f) => build(f.ids),
});

const WEBHOOK_NOT_FOUND: Expected = { status: 404, code: "WEBHOOK_NOT_FOUND" };

/** A's webhook endpoint by id: another user gets 404 (issue 47 point 4). */
const ownWebhook = (
  ok: Expected,
  build: (ids: OwnedIds) => RouteRequest,
  extra: (keyof OwnedIds)[] = [],
  consumes?: ConsumedId,
): RouteAccess => ({
  access: "subscriber",
  owned: ["webhookId", ...extra],
  ...(consumes ? { consumes } : {}),
  ok,
  overrides: { otherUser: WEBHOOK_NOT_FOUND },
  build: (f) => build(f.ids),
});

/**
 * /v1 reads an API key and never a cookie (docs/decisions/0054): every principal of this matrix, the owner's session
 * included, is API_KEY_MISSING there; what keys may do is tested in tests/integration/api-keys.test.ts.
 */
const KEY_ONLY: Expected = { status: 401, code: "API_KEY_MISSING" };
const keyOnly = (build: (f: RequestFixtures) => RouteRequest): RouteAccess => ({ access: "public", owned: [], ok: KEY_ONLY, build });

/**
 * /api/auth/refresh reads only the refresh cookie: an expired access token refreshes (that is what refresh is for);
 * an ended session is SESSION_EXPIRED; a disabled or expired account is refused (and its family revoked).
 */
const REFRESH_OVERRIDES: Partial<Record<PrincipalName, Expected>> = {
  anonymous: SESSION_ENDED,
  forgedToken: SESSION_ENDED,
  expiredSession: SESSION_ENDED,
  revokedRefreshToken: SESSION_ENDED,
  reusedRefreshToken: SESSION_ENDED,
  disabledAccount: { status: 403, code: "ACCOUNT_DISABLED" },
  expiredSubscription: { status: 403, code: "SUBSCRIPTION_EXPIRED" },
};

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  "GET /sapi/health": { access: "public", owned: [], ok: OK, build: () => get("/sapi/health") },
  "POST /api/auth/sign-in/username-password": {
    access: "public",
    owned: [],
    ok: OK,
    build: (f) => post("/api/auth/sign-in/username-password", { id: f.signInAccount.id, secret: f.signInAccount.password }),
  },
  "POST /api/auth/sign-in/one-time-code/create": {
    access: "public",
    owned: [],
    ok: OK,
    // An unknown identity answers like a known one (no account enumeration); each cell uses a new one (3 sends an hour).
    build: () =>
      post("/api/auth/sign-in/one-time-code/create", { id: `okand-${crypto.randomUUID()}@test.urval.se`, type: "EMAIL", secret: "" }),
  },
  "POST /api/auth/login/one-time-code/confirm": {
    access: "public",
    owned: [],
    ok: OK,
    build: async (f) => post("/api/auth/login/one-time-code/confirm", await f.pendingCode()),
  },
  "POST /api/auth/login/one-time-code/abort": {
    access: "public",
    owned: [],
    ok: OK,
    build: async (f) => post("/api/auth/login/one-time-code/abort", (await f.pendingCode()).codeId),
  },
  "POST /api/auth/refresh": {
    access: "public",
    owned: [],
    freshSession: true,
    ok: OK,
    overrides: REFRESH_OVERRIDES,
    build: () => post("/api/auth/refresh"),
  },
  "POST /api/auth/sign-out": { access: "public", owned: [], freshSession: true, ok: OK, build: () => post("/api/auth/sign-out") },
  "GET /api/subscription/terms-of-use": { access: "public", owned: [], ok: OK, build: () => get("/api/subscription/terms-of-use") },
  "POST /api/contact/message": {
    access: "public",
    owned: [],
    ok: OK,
    build: () => post("/api/contact/message", { name: "Behörighetstest", email: "test@test.urval.se", message: "Hej från testet." }),
  },
  "GET /sapi/subscription/active-user": { access: "terms-exempt", owned: [], ok: OK, build: () => get("/sapi/subscription/active-user") },
  "POST /sapi/subscription/accept-terms": {
    access: "terms-exempt",
    owned: [],
    freshSession: true,
    ok: OK,
    build: () => post("/sapi/subscription/accept-terms", {}),
  },
  "GET /sapi/preflight": { access: "terms-exempt", owned: [], ok: OK, build: () => get("/sapi/preflight") },
  "GET /sapi/refdata/sni-aggregation": subscriberGet("/sapi/refdata/sni-aggregation"),
  "GET /sapi/refdata/sni-tree": subscriberGet("/sapi/refdata/sni-tree"),
  "GET /sapi/refdata/location-tree": subscriberGet("/sapi/refdata/location-tree"),
  "GET /sapi/refdata/company-form-entries": subscriberGet("/sapi/refdata/company-form-entries"),
  "GET /sapi/refdata/fiscal-year-entries": subscriberGet("/sapi/refdata/fiscal-year-entries"),
  "GET /sapi/refdata/employee-range-entries": subscriberGet("/sapi/refdata/employee-range-entries"),
  "GET /sapi/refdata/sni-keywords": subscriberGet("/sapi/refdata/sni-keywords"),
  "POST /sapi/search/page/:page": {
    access: "subscriber",
    owned: ["listFileId"],
    ok: OK,
    overrides: { otherUser: VALIDATION },
    build: (f) => post("/sapi/search/page/0", searchWithFile(f.ids), { "X-Search-Request-Id": "1" }),
  },
  "GET /sapi/search/suggest": subscriberGet("/sapi/search/suggest?text=bygg%20stock&type=COMPANY"),
  "GET /sapi/search/serialized": subscriberGet(`/sapi/search/serialized?serializedSearch=${vad({ text: "bygg" })}`),
  // A link's search may name the creator's own list files only (issue 38), like every other route taking a search.
  "POST /sapi/search/create-shared-link/:serializedSearch": {
    access: "subscriber",
    owned: ["listFileId"],
    ok: OK,
    overrides: { otherUser: VALIDATION },
    build: (f) => post(`/sapi/search/create-shared-link/${vad({ text: "konsult", ...searchWithFile(f.ids) })}`),
  },
  // Spec §6: "A shared link requires the recipient to have their own account": any subscriber reads it.
  "GET /sapi/search/shared-link/:id": {
    access: "subscriber",
    owned: ["sharedLinkId"],
    ok: OK,
    build: (f) => get(`/sapi/search/shared-link/${f.ids.sharedLinkId}`),
  },
  // Only its creator deletes it; the link is readable by anyone signed in, so 403 (not 404) reveals nothing.
  "DELETE /sapi/search/shared-link/:id": {
    access: "subscriber",
    owned: ["sharedLinkId"],
    consumes: "sharedLinkId",
    ok: NO_CONTENT,
    overrides: { otherUser: { status: 403, code: "SHARED_LINK_NOT_OWNER" } },
    build: (f) => ({ method: "DELETE", path: `/sapi/search/shared-link/${f.ids.sharedLinkId}` }),
  },
  "GET /sapi/details/entity/:id": {
    access: "subscriber",
    owned: [],
    ok: OK,
    build: (f) => get(`/sapi/details/entity/${f.company.orgSeqNo}`),
  },
  "GET /sapi/annual-report/open/:refNo": {
    access: "subscriber",
    owned: [],
    ok: OK,
    build: ({ company }) => get(`/sapi/annual-report/open/${company.refNo}?orgNo=${company.orgNo}&period=${company.periodEnd}`),
  },
  "GET /sapi/annual-report/:orgSeqNo": {
    access: "subscriber",
    owned: [],
    ok: OK,
    build: (f) => get(`/sapi/annual-report/${f.company.orgSeqNo}`),
  },
  "POST /sapi/user-config/store-user-company-financial-config": {
    access: "subscriber",
    owned: [],
    ok: OK,
    build: () => post("/sapi/user-config/store-user-company-financial-config", "CONCERN"),
  },
  // A seqNo is a search context within the caller's own files: another user's seqNo lists the caller's (none of A's).
  "GET /sapi/list-file/get/:seqNo?": {
    access: "subscriber",
    owned: ["seqNo"],
    ok: OK,
    build: (f) => get(`/sapi/list-file/get/${f.ids.seqNo}`),
  },
  "GET /sapi/list-file/get/": { access: "subscriber", owned: [], ok: VALIDATION, build: () => get("/sapi/list-file/get/") },
  "POST /sapi/list-file/add/:seqNo?": {
    access: "subscriber",
    owned: ["seqNo"],
    ok: OK,
    build: (f) => listFileUpload(`/sapi/list-file/add/${f.ids.seqNo}`, f.listFileBytes),
  },
  "POST /sapi/list-file/add/": {
    access: "subscriber",
    owned: [],
    ok: VALIDATION,
    build: (f) => listFileUpload("/sapi/list-file/add/", f.listFileBytes),
  },
  "POST /sapi/list-file/delete/:fileId": {
    access: "subscriber",
    owned: ["listFileId"],
    consumes: "listFileId",
    ok: NO_CONTENT,
    overrides: { otherUser: { status: 404, code: "LIST_FILE_NOT_FOUND" } },
    build: (f) => post(`/sapi/list-file/delete/${f.ids.listFileId}`),
  },
  "POST /sapi/extraction/spreadsheet": {
    access: "subscriber",
    owned: ["listFileId"],
    ok: { status: 202 },
    overrides: { otherUser: VALIDATION },
    build: (f) =>
      post(
        `/sapi/extraction/spreadsheet?${new URLSearchParams({ serializedSearch: vad(searchWithFile(f.ids)), count: "1" })}`,
        { exclude: false, idNumbers: [] },
        { [IDEMPOTENCY_KEY_HEADER]: `matrix-${crypto.randomUUID()}` },
      ),
  },
  // A search naming A's list file is refused for anyone else, as for the export request itself.
  "POST /sapi/extraction/preview": {
    access: "subscriber",
    owned: ["listFileId"],
    ok: OK,
    overrides: { otherUser: VALIDATION },
    build: (f) =>
      post(`/sapi/extraction/preview?${new URLSearchParams({ serializedSearch: vad(searchWithFile(f.ids)) })}`, {
        exclude: false,
        idNumbers: [],
      }),
  },
  "GET /sapi/extraction/templates": subscriberGet("/sapi/extraction/templates"),
  "POST /sapi/extraction/templates": {
    access: "subscriber",
    owned: [],
    ok: { status: 201 },
    build: () => post("/sapi/extraction/templates", { name: "Matris", resultType: "COMPANY", columns: [{ id: "name" }, { id: "orgNo" }] }),
  },
  // Templates are the caller's own: another user's template id is not found.
  "PATCH /sapi/extraction/templates/:templateId": {
    access: "subscriber",
    owned: ["templateId"],
    ok: OK,
    overrides: { otherUser: TEMPLATE_NOT_FOUND },
    build: (f) => post(`/sapi/extraction/templates/${f.ids.templateId}`, { columns: [{ id: "name" }, { id: "city" }] }, {}, "PATCH"),
  },
  "DELETE /sapi/extraction/templates/:templateId": {
    access: "subscriber",
    owned: ["templateId"],
    consumes: "templateId",
    ok: NO_CONTENT,
    overrides: { otherUser: TEMPLATE_NOT_FOUND },
    build: (f) => ({ method: "DELETE", path: `/sapi/extraction/templates/${f.ids.templateId}` }),
  },
  "PUT /sapi/extraction/templates/:templateId/default": {
    access: "subscriber",
    owned: ["templateId"],
    ok: OK,
    overrides: { otherUser: TEMPLATE_NOT_FOUND },
    build: (f) => ({ method: "PUT", path: `/sapi/extraction/templates/${f.ids.templateId}/default` }),
  },
  "GET /sapi/extraction": subscriberGet("/sapi/extraction"),
  "GET /sapi/extraction/:jobId": {
    access: "subscriber",
    owned: ["jobId"],
    ok: OK,
    overrides: { otherUser: { status: 404, code: "EXPORT_NOT_FOUND" } },
    build: (f) => get(`/sapi/extraction/${f.ids.jobId}`),
  },
  "GET /sapi/extraction/:jobId/file": {
    access: "subscriber",
    owned: ["jobId"],
    ok: OK,
    overrides: { otherUser: { status: 404, code: "EXPORT_NOT_FOUND" } },
    build: (f) => get(`/sapi/extraction/${f.ids.jobId}/file`),
  },
  "GET /sapi/monitoring": subscriberGet("/sapi/monitoring"),
  "GET /sapi/monitoring/unread": subscriberGet("/sapi/monitoring/unread"),
  "GET /sapi/monitoring/companies": subscriberGet("/sapi/monitoring/companies"),
  "POST /sapi/monitoring/mark-read": { access: "subscriber", owned: [], ok: NO_CONTENT, build: () => post("/sapi/monitoring/mark-read") },
  "POST /sapi/monitoring/settings": {
    access: "subscriber",
    owned: [],
    ok: OK,
    build: () => post("/sapi/monitoring/settings", { digest: "WEEKLY" }),
  },
  "POST /sapi/monitoring/searches": {
    access: "subscriber",
    owned: [],
    ok: OK,
    // A search of its own each time: the same search saved twice is refused (SAVED_SEARCH_EXISTS).
    build: () =>
      post("/sapi/monitoring/searches", { name: "Matrisens bevakning", serializedSearch: vad({ text: `bygg ${++savedSearches}` }) }),
  },
  "POST /sapi/monitoring/searches/:id/rename": ownSavedSearch(OK, (ids) =>
    post(`/sapi/monitoring/searches/${ids.savedSearchId}/rename`, { name: "Nytt namn" }),
  ),
  "DELETE /sapi/monitoring/searches/:id": ownSavedSearch(
    NO_CONTENT,
    (ids) => ({ method: "DELETE", path: `/sapi/monitoring/searches/${ids.savedSearchId}` }),
    "savedSearchId",
  ),
  "GET /sapi/monitoring/searches/:id/new": ownSavedSearch(OK, (ids) => get(`/sapi/monitoring/searches/${ids.savedSearchId}/new`)),
  // Anyone signed in may watch any company of the register.
  "POST /sapi/monitoring/companies/:orgSeqNo": {
    access: "subscriber",
    owned: [],
    ok: OK,
    build: (f) => post(`/sapi/monitoring/companies/${f.company.orgSeqNo}`),
  },
  // Unwatching a company the caller does not watch (A's watch, seen by another user) is 404.
  "DELETE /sapi/monitoring/companies/:orgSeqNo": {
    access: "subscriber",
    owned: ["watchedOrgSeqNo"],
    consumes: "watchedOrgSeqNo",
    ok: NO_CONTENT,
    overrides: { otherUser: { status: 404, code: "WATCH_NOT_FOUND" } },
    build: (f) => ({ method: "DELETE", path: `/sapi/monitoring/companies/${f.ids.watchedOrgSeqNo}` }),
  },
  "GET /sapi/monitoring/webhooks": subscriberGet("/sapi/monitoring/webhooks"),
  "POST /sapi/monitoring/webhooks": {
    access: "subscriber",
    owned: [],
    ok: OK,
    build: () => post("/sapi/monitoring/webhooks", { url: "http://127.0.0.1:9/hook", savedSearchId: null }),
  },
  "DELETE /sapi/monitoring/webhooks/:id": ownWebhook(
    NO_CONTENT,
    (ids) => ({ method: "DELETE", path: `/sapi/monitoring/webhooks/${ids.webhookId}` }),
    [],
    "webhookId",
  ),
  "POST /sapi/monitoring/webhooks/:id/rotate": ownWebhook(OK, (ids) => post(`/sapi/monitoring/webhooks/${ids.webhookId}/rotate`)),
  "POST /sapi/monitoring/webhooks/:id/test": ownWebhook(OK, (ids) => post(`/sapi/monitoring/webhooks/${ids.webhookId}/test`)),
  "GET /sapi/monitoring/webhooks/:id/deliveries": ownWebhook(OK, (ids) => get(`/sapi/monitoring/webhooks/${ids.webhookId}/deliveries`)),
  "POST /sapi/monitoring/webhooks/:id/deliveries/:eventId/replay": ownWebhook(
    OK,
    (ids) => post(`/sapi/monitoring/webhooks/${ids.webhookId}/deliveries/${ids.webhookEventId}/replay`),
    ["webhookEventId"],
  ),
  "GET /sapi/api-keys": subscriberGet("/sapi/api-keys"),
  "POST /sapi/api-keys": {
    access: "subscriber",
    owned: [],
    ok: { status: 201 },
    build: () => post("/sapi/api-keys", { name: "Matrisens nyckel", scopes: ["search"] }),
  },
  "DELETE /sapi/api-keys/:keyId": {
    access: "subscriber",
    owned: ["apiKeyId"],
    consumes: "apiKeyId",
    ok: NO_CONTENT,
    overrides: { otherUser: { status: 404, code: "API_KEY_NOT_FOUND" } },
    build: (f) => ({ method: "DELETE", path: `/sapi/api-keys/${f.ids.apiKeyId}` }),
  },
  "GET /v1/openapi.json": { access: "public", owned: [], ok: OK, build: () => get("/v1/openapi.json") },
  "GET /v1/docs": { access: "public", owned: [], ok: OK, build: () => get("/v1/docs") },
  "POST /v1/search": keyOnly(() => post("/v1/search", {})),
  "GET /v1/companies/:orgNo": keyOnly((f) => get(`/v1/companies/${f.company.orgNo}`)),
  "GET /v1/worksites/:cfarNo": keyOnly(() => get("/v1/worksites/12345678")),
  "POST /v1/exports": keyOnly(() => post("/v1/exports", { search: {}, count: 1 })),
  "GET /v1/exports": keyOnly(() => get("/v1/exports")),
  "GET /v1/exports/:jobId": keyOnly((f) => get(`/v1/exports/${f.ids.jobId}`)),
  "GET /v1/exports/:jobId/file": keyOnly((f) => get(`/v1/exports/${f.ids.jobId}/file`)),
};

/** The general rule: public routes answer alike for everyone; /sapi checks the session, the account, then the terms. */
export function expectedAnswer(route: RouteAccess, principal: PrincipalName): Expected {
  const override = route.overrides?.[principal];
  if (override) return override;
  if (route.access === "public") return route.ok;
  switch (principal) {
    case "anonymous":
    case "forgedToken":
    case "expiredAccessToken":
    case "expiredSession":
    case "revokedRefreshToken":
    case "reusedRefreshToken":
      return UNAUTHENTICATED;
    case "disabledAccount":
      return { status: 403, code: "ACCOUNT_DISABLED" };
    case "expiredSubscription":
      return { status: 403, code: "SUBSCRIPTION_EXPIRED" };
    case "termsNotSigned":
      return route.access === "terms-exempt" ? route.ok : { status: 403, code: "TERMS_NOT_ACCEPTED" };
    case "otherUser":
    case "owner":
      return route.ok;
  }
}

export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** The router's routes ("METHOD path"), middleware ("ALL") left out. */
export function routerRouteKeys(routes: readonly { method: string; path: string }[]): string[] {
  return [...new Set(routes.filter((r) => r.method !== "ALL").map(routeKey))];
}

/** Routes of the router without an entry, and entries naming no route of the router. */
export function tableDrift(routerKeys: readonly string[], table: Record<string, unknown> = ROUTE_ACCESS) {
  const tableKeys = Object.keys(table);
  return {
    missing: routerKeys.filter((key) => !(key in table)),
    stale: tableKeys.filter((key) => !routerKeys.includes(key)),
  };
}

/**
 * Other spellings of a /sapi path that a router or a proxy might treat differently from the guard in front of it:
 * upper case, doubled and trailing slashes, percent-encoded letters and slashes, a matrix parameter. Without a
 * session each must be refused or unknown, never answered.
 */
export function pathVariants(path: string): string[] {
  const [pathname = "", query] = path.split("?");
  const rest = pathname.replace(/^\/sapi\//, "");
  const variants = [
    `/SAPI/${rest}`,
    `/Sapi/${rest}`,
    `//sapi/${rest}`,
    `/sapi//${rest}`,
    `/sapi/${rest}/`,
    `/sapi%2F${rest}`,
    `/%73api/${rest}`,
    `/sapi/%${rest.charCodeAt(0).toString(16)}${rest.slice(1)}`,
    `/sapi/${rest};x=1`,
  ];
  return variants.map((v) => (query ? `${v}?${query}` : v));
}
