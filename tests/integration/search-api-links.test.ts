/**
 * /sapi/search/create-shared-link, /sapi/search/shared-link, /sapi/user-config and the static /sapi/refdata parts,
 * through the web worker into the API worker with real D1 (spec §7).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INACTIVE_LINK_MESSAGE, RefEntriesSchema, RefTreeSchema, SniKeywordsSchema } from "#shared/api-contracts/search-api";
import { SearchSchema, type SearchInput } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";
import { authedFetch, createTestUser, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();

beforeAll(() => harness.start());
afterAll(() => harness.server.close());

const post = (user: TestUser | null, path: string, body?: unknown) =>
  authedFetch(harness, user?.cookie ?? "", path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const get = (user: TestUser | null, path: string, headers: Record<string, string> = {}) =>
  authedFetch(harness, user?.cookie ?? "", path, { headers });

const SAMPLE: SearchInput = {
  resultType: "COMPANY",
  text: "bygg",
  range: { turnover: "1000000_" },
  bool: { fTax: true, useMainSni: false },
  codeSet: { sni: ["F"], location: ["0180", "14"] },
  // Exclusions ("Uteslut", issue 46) travel with the link: a sub-tree of a chosen industry and place, a company form.
  excludeCodeSet: { sni: ["41"], location: ["1480"], companyForm: ["10"] },
  sort: [{ field: "name", ascending: true }],
};

async function createLink(user: TestUser, search: SearchInput = SAMPLE): Promise<{ link: string; id: string }> {
  const response = await post(user, `/sapi/search/create-shared-link/${serializeSearch(SearchSchema.parse(search))}`);
  expect(response.status).toBe(200);
  const link = (await response.json()) as string;
  const id = link.split("/u/")[1] ?? "";
  return { link, id };
}

describe("shared links", () => {
  it("creates a short unguessable link that another signed-in account reads back as the same search", async () => {
    const owner = await createTestUser(harness);
    const recipient = await createTestUser(harness);
    const { link, id } = await createLink(owner);
    const { url } = await harness.server.listen();
    expect(link).toMatch(new RegExp(`^${url.origin}/u/[A-Za-z0-9]{16}$`));

    const response = await get(recipient, `/sapi/search/shared-link/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual(SearchSchema.parse(SAMPLE));

    const env = await harness.api().getEnv();
    const row = await env.DB.prepare("SELECT owner_user_id, expires_at - created_at AS lifetime FROM shared_links WHERE id = ?")
      .bind(id)
      .first<{ owner_user_id: string; lifetime: number }>();
    expect(row).toEqual({ owner_user_id: owner.userId, lifetime: 180 * 86_400_000 });
  });

  it("gives two links for the same search two different ids", async () => {
    const owner = await createTestUser(harness);
    const first = await createLink(owner);
    const second = await createLink(owner);
    expect(first.id).not.toBe(second.id);
  });

  it("lets another account read but not delete a link; its creator can delete it, then it is inactive", async () => {
    const owner = await createTestUser(harness);
    const other = await createTestUser(harness);
    const { id } = await createLink(owner);

    const refused = await authedFetch(harness, other.cookie, `/sapi/search/shared-link/${id}`, { method: "DELETE" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ type: "USER_MESSAGE", code: "SHARED_LINK_NOT_OWNER" });
    expect((await get(other, `/sapi/search/shared-link/${id}`)).status).toBe(200);

    const deleted = await authedFetch(harness, owner.cookie, `/sapi/search/shared-link/${id}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    const gone = await get(other, `/sapi/search/shared-link/${id}`);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toMatchObject({ type: "USER_MESSAGE", code: "SHARED_LINK_INACTIVE", message: INACTIVE_LINK_MESSAGE });
  });

  it("answers a missing or expired link with the spec's inactive-link message", async () => {
    const user = await createTestUser(harness);
    const env = await harness.api().getEnv();
    const serialized = serializeSearch(SearchSchema.parse(SAMPLE));
    await env.DB.prepare("INSERT INTO shared_links (id, owner_user_id, serialized_search, created_at, expires_at) VALUES (?, ?, ?, ?, ?)")
      .bind("ExpiredLink00001", user.userId, serialized, Date.now() - 10_000, Date.now() - 1)
      .run();
    for (const id of ["ExpiredLink00001", "NoSuchLink000001"]) {
      const response = await get(user, `/sapi/search/shared-link/${id}`);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body).toMatchObject({
        type: "USER_MESSAGE",
        code: "SHARED_LINK_INACTIVE",
        message: "Den angivna länker är inte längre aktiv",
      });
      expect(body).toHaveProperty("requestId", response.headers.get("X-Request-Id"));
    }
  });

  it("refuses a malformed serialised search or id with VALIDATION and stores nothing", async () => {
    const user = await createTestUser(harness);
    const env = await harness.api().getEnv();
    const count = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM shared_links WHERE owner_user_id = ?").bind(user.userId).first<{ n: number }>())?.n;

    const garbage = await post(user, "/sapi/search/create-shared-link/jnot-a-search");
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ type: "VALIDATION", issues: [{ path: "serializedSearch" }] });

    const wrongField = `j${Buffer.from(JSON.stringify({ r: { nope: "1_" } })).toString("base64url")}`;
    const invalid = await post(user, `/sapi/search/create-shared-link/${wrongField}`);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ type: "VALIDATION", issues: [{ path: "serializedSearch.range.nope" }] });
    expect(await count()).toBe(0);

    const badId = await get(user, `/sapi/search/shared-link/${"a".repeat(65)}`);
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ type: "VALIDATION", issues: [{ path: "id" }] });
  });

  it("requires a signed-in subscriber", async () => {
    const owner = await createTestUser(harness);
    const { id } = await createLink(owner);
    const read = await get(null, `/sapi/search/shared-link/${id}`);
    expect(read.status).toBe(401);
    expect(await read.json()).toMatchObject({ type: "UNAUTHORIZED", code: "UNAUTHENTICATED" });
    const create = await post(null, `/sapi/search/create-shared-link/${serializeSearch(SearchSchema.parse(SAMPLE))}`);
    expect(create.status).toBe(401);
    const unsigned = await createTestUser(harness, { signedTerms: false });
    expect((await get(unsigned, `/sapi/search/shared-link/${id}`)).status).toBe(403);
  });
});

describe("user config", () => {
  const path = "/sapi/user-config/store-user-company-financial-config";

  it("stores CONCERN or BUSINESS per user, as a bare string or as { companyFinancialType }", async () => {
    const user = await createTestUser(harness);
    const other = await createTestUser(harness);
    const env = await harness.api().getEnv();
    const stored = async (userId: string) =>
      (await env.DB.prepare("SELECT company_financial_type AS t FROM user_config WHERE user_id = ?").bind(userId).first<{ t: string }>())
        ?.t;

    const first = await post(user, path, "BUSINESS");
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ companyFinancialType: "BUSINESS" });
    expect(await stored(user.userId)).toBe("BUSINESS");

    const second = await post(user, path, { companyFinancialType: "CONCERN" });
    expect(await second.json()).toEqual({ companyFinancialType: "CONCERN" });
    expect(await stored(user.userId)).toBe("CONCERN");
    expect(await stored(other.userId)).toBeUndefined();
  });

  it("refuses other values with VALIDATION and needs a session", async () => {
    const user = await createTestUser(harness);
    for (const body of ["GROUP", { companyFinancialType: "concern" }, { companyFinancialType: "BUSINESS", extra: 1 }, 5]) {
      const response = await post(user, path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ type: "VALIDATION" });
    }
    expect((await post(null, path, "BUSINESS")).status).toBe(401);
  });
});

describe("static reference data", () => {
  const parts = [
    ["sni-tree", RefTreeSchema, 21],
    ["location-tree", RefTreeSchema, 21],
    ["company-form-entries", RefEntriesSchema, 10],
    ["fiscal-year-entries", RefEntriesSchema, 12],
    ["employee-range-entries", RefEntriesSchema, 10],
    ["sni-keywords", SniKeywordsSchema, 800],
  ] as const;

  it.each(parts)("serves %s with an ETag and answers 304 to If-None-Match", async (name, schema, minimum) => {
    const user = await createTestUser(harness);
    const response = await get(user, `/sapi/refdata/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=3600, must-revalidate");
    const body: unknown = await response.json();
    const parsed = schema.parse(body);
    expect(Object.keys(parsed).length).toBeGreaterThanOrEqual(minimum);
    const etag = response.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);

    const again = await get(user, `/sapi/refdata/${name}`, { "If-None-Match": `W/${etag}` });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
  });

  it("has the SNI sections A–U and the 21 counties with their municipalities, in Swedish", async () => {
    const user = await createTestUser(harness);
    const sni = RefTreeSchema.parse(await (await get(user, "/sapi/refdata/sni-tree")).json());
    expect(sni.map((node) => node.code).join("")).toBe("ABCDEFGHIJKLMNOPQRSTU");
    expect(sni[0]?.children[0]).toMatchObject({ code: "01" });
    const locations = RefTreeSchema.parse(await (await get(user, "/sapi/refdata/location-tree")).json());
    const stockholm = locations.find((node) => node.code === "01");
    expect(stockholm?.text).toBe("Stockholms län");
    expect(stockholm?.children.find((node) => node.code === "0180")?.text).toBe("Stockholm");
    expect(locations.flatMap((node) => node.children)).toHaveLength(290);
  });

  it("requires a signed-in subscriber", async () => {
    const response = await get(null, "/sapi/refdata/sni-tree");
    expect(response.status).toBe(401);
  });
});
