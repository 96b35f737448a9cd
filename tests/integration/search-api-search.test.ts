/**
 * POST /sapi/search/page/{n} and GET /sapi/search/serialized through the web worker into the API worker, on a real
 * embedded index of the search engine's hand-checked fixture (40 companies, 47 worksites) in the harness's D1 and R2.
 * Expected counts are computed here from the source records, independently of the index.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchPageAnswerSchema, type SearchPageAnswer } from "#shared/api-contracts/search-api";
import { ListFileListSchema } from "#shared/api-contracts/list-files";
import { SuggestAnswerSchema } from "#shared/api-contracts/suggest";
import { SearchSchema, type SearchInput } from "#shared/search/search-schema";
import { emptySearch } from "#shared/search/empty-search";
import { deserializeSearch, serializeSearch } from "#shared/search/search-serialize";
import { authedFetch, createTestUser, type HarnessResponse, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";
import { seedIndex, type SeededIndex } from "../support/seed-index";

const harness = createUrvalHarness();
let seeded: SeededIndex;
let user: TestUser;

beforeAll(async () => {
  // The result-cache tests read where results came from, which clients see only with diagnostics on (never production).
  await harness.server.update((options) => ({
    ...options,
    workers: options.workers.map((worker) =>
      "configPath" in worker && String(worker.configPath).includes("workers/api")
        ? { ...worker, vars: { SEARCH_CACHE_DIAGNOSTICS: "1" } }
        : worker,
    ),
  }));
  await harness.start();
  seeded = await seedIndex(harness);
  user = await createTestUser(harness);
}, 180_000);
afterAll(() => harness.server.close());

function searchPage(page: number | string, body: unknown, options: { user?: TestUser | null; headers?: Record<string, string> } = {}) {
  const who = options.user === undefined ? user : options.user;
  return authedFetch(harness, who?.cookie ?? "", `/sapi/search/page/${page}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...options.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function answerOf(response: HarnessResponse): Promise<SearchPageAnswer> {
  expect(response.status, await response.clone().text()).toBe(200);
  return SearchPageAnswerSchema.parse(await response.json());
}

const idsOf = (answer: SearchPageAnswer) => answer.results.records.map((record) => ("cfarNo" in record ? record.cfarNo : record.orgSeqNo));

/** Uploads a list file (kunder.txt) with the numbers of the given companies for the user; its file id. */
async function uploadListFile(who: TestUser, orgSeqNos: number[], fileName = "kunder.txt") {
  const numbers = seeded.companies.filter((c) => orgSeqNos.includes(c.orgSeqNo)).map((c) => c.orgNo);
  const boundary = `----urval${crypto.randomUUID()}`;
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="listFile"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n${numbers.join("\r\n")}\r\n--${boundary}--\r\n`;
  const upload = await authedFetch(harness, who.cookie, "/sapi/list-file/add/5", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
  expect(upload.status, await upload.clone().text()).toBe(200);
  const listed = ListFileListSchema.parse(await (await authedFetch(harness, who.cookie, "/sapi/list-file/get/5")).json());
  return listed.find((file) => file.name === "kunder.txt")?.id ?? -1;
}

describe("POST /sapi/search/page/0", () => {
  it("answers results with aggregations and _all variants, the normalised search, serializedSearch and the echoed ids", async () => {
    const response = await searchPage(0, {}, { headers: { "X-Search-Request-Id": "41" } });
    const answer = await answerOf(response);
    expect(answer.page).toBe(0);
    expect(answer.requestId).toBe(41);
    expect(answer.response.serverRequestId).toBe(response.headers.get("X-Request-Id"));
    expect(response.headers.get("Server-Timing")).toMatch(/^backend;dur=[\d.]+,total;dur=[\d.]+$/);
    expect(answer.search).toEqual(emptySearch("COMPANY"));
    expect(deserializeSearch(answer.serializedSearch)).toEqual({ success: true, data: answer.search });

    expect(answer.results.type).toBe("COMPANY");
    expect(answer.results.hitCount).toBe(seeded.companies.length);
    expect(answer.results.records).toHaveLength(20);
    const byTurnover = [...seeded.companies].sort((a, b) => (b.turnover ?? -Infinity) - (a.turnover ?? -Infinity));
    expect(idsOf(answer).slice(0, 3)).toEqual(byTurnover.slice(0, 3).map((c) => c.orgSeqNo));
    expect(answer.results.nameForOrgSeqNo).toBeNull();

    const { aggregations } = answer.results;
    const inCounty = (code: string) => seeded.companies.filter((c) => c.seatCountyCode === code).length;
    for (const county of ["01", "03", "12", "14", "25"]) {
      expect(aggregations.location?.[county], county).toBe(inCounty(county));
      expect(aggregations.location_all?.[county], county).toBe(inCounty(county));
    }
    expect(Object.keys(aggregations)).toEqual(expect.arrayContaining(["sni", "sni_all", "companyForm", "companyForm_all", "fTax_all"]));
  });

  it("filters by county with disjunctive location counts and all-of-Sweden counts unchanged", async () => {
    const answer = await answerOf(await searchPage(0, { codeSet: { location: ["14"] } }));
    const gothenburg = seeded.companies.filter((c) => c.seatCountyCode === "14");
    expect(answer.results.hitCount).toBe(gothenburg.length);
    expect(answer.results.records.every((r) => "countyCode" in r && r.countyCode === "14")).toBe(true);
    expect(answer.results.aggregations.location?.["01"]).toBe(seeded.companies.filter((c) => c.seatCountyCode === "01").length);
    const fTaxInGothenburg = gothenburg.filter((c) => c.fTaxReg).length;
    expect(answer.results.aggregations.fTax?.true).toBe(fTaxInGothenburg);
    expect(answer.results.aggregations.fTax_all?.true).toBe(seeded.companies.filter((c) => c.fTaxReg).length);
  });

  it("finds a company by organisation number and names the company of numeric.orgSeqNo", async () => {
    const target = seeded.companies.find((c) => c.orgSeqNo === 22);
    const byOrgNo = await answerOf(await searchPage(0, { text: target?.orgNo.replace("-", "") }));
    expect(idsOf(byOrgNo)).toEqual([22]);
    const worksites = await answerOf(await searchPage(0, { resultType: "WORKSITE", numeric: { orgSeqNo: 1 } }));
    expect(worksites.results.nameForOrgSeqNo).toBe("Alfa Data AB");
    expect(worksites.results.hitCount).toBe(seeded.worksites.filter((w) => w.orgSeqNo === 1).length);
  });

  it("searches worksites", async () => {
    const answer = await answerOf(await searchPage(0, { resultType: "WORKSITE" }));
    expect(answer.results.type).toBe("WORKSITE");
    expect(answer.results.hitCount).toBe(seeded.worksites.length);
    expect(idsOf(answer).every((id) => typeof id === "string" && /^\d{8}$/.test(id))).toBe(true);
    expect(answer.results.aggregations).toHaveProperty("employeeRange_all");
  });
});

describe("all-of-Sweden counts held by the client (issue 48 point 6)", () => {
  const allNames = (answer: SearchPageAnswer) => Object.keys(answer.results.aggregations).filter((name) => name.endsWith("_all"));

  it("leaves the _all counts out when X-Held-Index-Version names the answer's version, from the cache too", async () => {
    const search = { codeSet: { location: ["01"] } };
    const whole = await searchPage(0, search);
    const full = await answerOf(whole);
    const version = Number(whole.headers.get("X-Index-Version"));
    expect(full.indexVersion).toBe(version);
    expect(full.allCounts).toBe("included");
    expect(allNames(full).sort()).toEqual(
      Object.keys(full.results.aggregations)
        .filter((n) => !n.endsWith("_all"))
        .map((n) => `${n}_all`)
        .sort(),
    );

    // The same search again (from the isolate's cache) and a new one (from the backend), both without the _all counts.
    for (const body of [search, { codeSet: { location: ["14"] } }]) {
      const held = await answerOf(await searchPage(0, body, { headers: { "X-Held-Index-Version": String(version) } }));
      expect(held.allCounts).toBe("omitted");
      expect(held.indexVersion).toBe(version);
      expect(allNames(held)).toEqual([]);
      const again = await answerOf(await searchPage(0, body));
      expect({
        ...held.results.aggregations,
        ...Object.fromEntries(allNames(again).map((n) => [n, again.results.aggregations[n]])),
      }).toEqual(again.results.aggregations);
      expect({ ...held.results, aggregations: {} }).toEqual({ ...again.results, aggregations: {} });
    }
    // The all-of-Sweden counts are the same for every search of one version: the first answer's serve the second.
    const other = await answerOf(await searchPage(0, { codeSet: { location: ["14"] } }));
    for (const name of allNames(full)) expect(other.results.aggregations[name]).toEqual(full.results.aggregations[name]);
  });

  it("sends the _all counts when the client holds another version's, and refuses a malformed version", async () => {
    const whole = await searchPage(0, { codeSet: { sni: ["47"] } }, { headers: { "X-Held-Index-Version": "999999" } });
    const answer = await answerOf(whole);
    expect(answer.allCounts).toBe("included");
    expect(answer.indexVersion).toBe(Number(whole.headers.get("X-Index-Version")));
    expect(allNames(answer).length).toBeGreaterThan(0);
    const bad = await searchPage(0, {}, { headers: { "X-Held-Index-Version": "senaste" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ type: "VALIDATION", issues: [{ path: "X-Held-Index-Version" }] });
  });
});

describe("range-filter histograms (issue 39)", () => {
  it("answers ?histogram=<field> with the selection's bins without the field's own range and the whole index's", async () => {
    const body = { codeSet: { location: ["14"] }, range: { turnover: "10000000_" } };
    const plain = await answerOf(await searchPage(0, body));
    expect(plain.results.histogram).toBeUndefined();
    // The same search with a histogram is not the cached answer without one.
    const answer = await answerOf(await searchPage("0?histogram=turnover", body));
    expect(answer.results.hitCount).toBe(plain.results.hitCount);
    // The histogram is no part of the search: the same `vad` for shared links and exports (issue 39 point 4).
    expect(answer.serializedSearch).toBe(plain.serializedSearch);
    expect(answer.search).toEqual(plain.search);
    const histogram = answer.results.histogram;
    expect(histogram?.field).toBe("turnover");
    const edges = histogram?.edges ?? [];
    const bins = (values: (number | null)[]) => {
      const counts = new Array<number>(edges.length + 1).fill(0);
      for (const value of values) {
        const bin = value === null ? -1 : edges.filter((edge) => edge <= value).length;
        if (bin >= 0) counts[bin] = (counts[bin] ?? 0) + 1;
      }
      return counts;
    };
    const inCounty = seeded.companies.filter((c) => c.seatCountyCode === "14");
    expect(histogram?.counts).toEqual(bins(inCounty.map((c) => c.turnover)));
    expect(histogram?.all).toEqual(bins(seeded.companies.map((c) => c.turnover)));
    expect(histogram?.counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(answer.results.hitCount);
  });

  it.each([
    ["an unknown field", "COMPANY", "colour"],
    ["a field worksites do not have", "WORKSITE", "createdDate"],
  ])("refuses %s with VALIDATION naming histogram", async (_name, resultType, field) => {
    const response = await searchPage(`0?histogram=${field}`, { resultType });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: "VALIDATION", issues: [{ path: "histogram" }] });
  });
});

describe("tree counts at the top level only (?facets=top, issue 48 point 6)", () => {
  it("keeps the sections, the counties and the search's own codes of the tree counts, the rest whole, and says so", async () => {
    const body = { codeSet: { location: ["14", "0180"] } };
    const full = await answerOf(await searchPage(0, body));
    expect(full.facetLevels).toBe("all");
    const top = await answerOf(await searchPage("0?facets=top", body));
    expect(top.facetLevels).toBe("top");
    expect(top.results.hitCount).toBe(full.results.hitCount);
    expect(top.results.records).toEqual(full.results.records);
    // Not the cached answer of the other depth, either way.
    expect((await answerOf(await searchPage(0, body))).facetLevels).toBe("all");
    const aggregations = full.results.aggregations;
    const sni = aggregations.sni ?? {};
    const location = aggregations.location ?? {};
    expect(Object.keys(sni).some((code) => code.length > 1)).toBe(true);
    expect(Object.keys(location).some((code) => code.length > 2 && code !== "0180")).toBe(true);
    const kept = (counts: Record<string, number>, keep: (code: string) => boolean) =>
      Object.fromEntries(Object.entries(counts).filter(([code]) => keep(code)));
    expect(top.results.aggregations.sni).toEqual(kept(sni, (code) => code.length === 1));
    expect(top.results.aggregations.location).toEqual(kept(location, (code) => code.length === 2 || code === "0180"));
    for (const name of Object.keys(aggregations).filter((name) => name !== "sni" && name !== "location"))
      expect(top.results.aggregations[name], name).toEqual(aggregations[name]);
    // A smaller answer is the point: the industry codes below the sections are most of the selection's counts.
    expect(JSON.stringify(top.results.aggregations.sni).length).toBeLessThan(JSON.stringify(sni).length / 2);
  });

  it("refuses any other depth with VALIDATION naming facets", async () => {
    const response = await searchPage("0?facets=deep", {});
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: "VALIDATION", issues: [{ path: "facets" }] });
  });
});

describe("result cache", () => {
  it("serves a repeated search from the cache and fresh results on Cache-Control: no-cache", async () => {
    const search = { codeSet: { sni: ["62"] }, sort: [{ field: "earnings", ascending: false }] };
    const first = await answerOf(await searchPage(0, search, { headers: { "X-Search-Request-Id": "1" } }));
    const second = await answerOf(await searchPage(0, search, { headers: { "X-Search-Request-Id": "2" } }));
    const fresh = await answerOf(await searchPage(0, search, { headers: { "Cache-Control": "no-cache" } }));
    expect(first.response.cached).toBe(false);
    expect(second.response.cached).toBe(true);
    expect(second.response.backendMs).toBe(0);
    expect(fresh.response.cached).toBe(false);
    expect(second.requestId).toBe(2);
    expect(second.results).toEqual(first.results);
    expect(fresh.results).toEqual(first.results);
    expect(first.results.hitCount).toBe(seeded.companies.filter((c) => c.sniCodes[0]?.startsWith("62")).length);
  });

  it("shares results through the location's cache with new isolates, never a search with a user's list file", async () => {
    const search = { codeSet: { sni: ["47"] }, sort: [{ field: "name", ascending: true }] };
    const owner = await createTestUser(harness);
    const fileId = await uploadListFile(owner, [1, 2, 3, 4]);
    const listed = { numSet: { excludeFile: [fileId] }, sort: [{ field: "name", ascending: true }] };
    const from = (response: HarnessResponse) => response.headers.get("X-Search-Cache");
    const first = await searchPage(0, search, { user: owner });
    expect(from(first)).toBe("miss");
    const a = await answerOf(first);
    expect(from(await searchPage(0, search))).toBe("isolate");
    expect(from(await searchPage(0, listed, { user: owner }))).toBe("miss");
    // The workers reloaded: new isolates with empty caches of their own, the location's cache kept.
    await harness.server.update((options) => options);
    const again = await searchPage(0, search);
    expect(from(again)).toBe("location");
    const b = await answerOf(again);
    expect(b.results).toEqual(a.results);
    expect(b.response.cached).toBe(true);
    expect(from(await searchPage(0, listed, { user: owner }))).toBe("miss");
  });
});

describe("paging", () => {
  it("answers page n with the same hit count and the next records", async () => {
    const first = await answerOf(await searchPage(0, {}));
    const second = await answerOf(await searchPage(1, {}, { headers: { "X-Search-Request-Id": "2" } }));
    const third = await answerOf(await searchPage(2, {}));
    expect(second.page).toBe(1);
    expect(second.requestId).toBe(2);
    expect(second.results.hitCount).toBe(first.results.hitCount);
    expect(third.results.hitCount).toBe(first.results.hitCount);
    const all = [...idsOf(first), ...idsOf(second)];
    expect(new Set(all).size).toBe(seeded.companies.length);
    expect(third.results.records).toHaveLength(0);
  });

  it("stops at 1000 visible records: page 49 is the last, page 50 is PAGE_TOO_DEEP", async () => {
    expect((await answerOf(await searchPage(49, {}))).results.records).toHaveLength(0);
    const deep = await searchPage(50, {});
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({
      type: "VALIDATION",
      code: "PAGE_TOO_DEEP",
      message: "Exportera urvalet om du vill se fler träffar.",
      issues: [{ path: "page" }],
    });
    const garbage = await searchPage("x", {});
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ type: "VALIDATION", issues: [{ path: "page" }] });
  });
});

describe("serialized searches", () => {
  it("restores the search of page 0 from its serializedSearch through /sapi/search/serialized", async () => {
    const input: SearchInput = {
      text: "data",
      range: { turnover: "1000000_", numEmployees: "_100" },
      bool: { fTax: true, useLocation: false },
      codeSet: { sni: ["J"], location: ["01", "1281"] },
      sort: [{ field: "name", ascending: true }],
    };
    const page0 = await answerOf(await searchPage(0, input));
    expect(page0.search).toEqual(SearchSchema.parse(input));
    const response = await authedFetch(harness, user.cookie, `/sapi/search/serialized?serializedSearch=${page0.serializedSearch}`);
    expect(response.status).toBe(200);
    const restored: unknown = await response.json();
    expect(restored).toEqual(page0.search);
    const again = await answerOf(await searchPage(0, restored));
    expect(again.results.hitCount).toBe(page0.results.hitCount);
    expect(idsOf(again)).toEqual(idsOf(page0));
    expect(page0.results.hitCount).toBeGreaterThan(0);
  });

  it("refuses a missing, unreadable or invalid serializedSearch with VALIDATION", async () => {
    const cases: [string, string][] = [
      ["", "serializedSearch"],
      ["?serializedSearch=", "serializedSearch"],
      ["?serializedSearch=zzzz", "serializedSearch"],
      [
        `?serializedSearch=j${Buffer.from(JSON.stringify({ c: { sni: ["99999"] } })).toString("base64url")}`,
        "serializedSearch.codeSet.sni.0",
      ],
    ];
    for (const [query, path] of cases) {
      const response = await authedFetch(harness, user.cookie, `/sapi/search/serialized${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { type: string; issues: { path: string }[] };
      expect(body.type, query).toBe("VALIDATION");
      expect(body.issues.map((i) => i.path)).toContain(path);
    }
  });
});

describe("validation and access", () => {
  it.each([
    ["an unknown result type", { resultType: "PEOPLE" }, "resultType"],
    ["an unknown SNI code", { codeSet: { sni: ["99999"] } }, "codeSet.sni.0"],
    ["an inverted range", { range: { turnover: "5_1" } }, "range.turnover"],
    ["an unknown field", { colour: "red" }, "colour"],
    ["a filter of the other result type", { resultType: "WORKSITE", codeSet: { companyForm: ["49"] } }, "codeSet.companyForm"],
    ["another user's or a missing list file", { numSet: { includeFile: [987654] } }, "numSet.includeFile.0"],
  ])("refuses %s with VALIDATION naming the field", async (_name, body, path) => {
    const response = await searchPage(0, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { type: string; issues: { path: string }[]; requestId: string };
    expect(error.type).toBe("VALIDATION");
    expect(error.issues.map((i) => i.path)).toContain(path);
    expect(error.requestId).toBe(response.headers.get("X-Request-Id"));
  });

  it("refuses a body that is not JSON and a malformed X-Search-Request-Id", async () => {
    const notJson = await searchPage(0, "{not json");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ type: "VALIDATION", code: "INVALID_JSON" });
    const badId = await searchPage(0, {}, { headers: { "X-Search-Request-Id": "seven" } });
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ type: "VALIDATION", issues: [{ path: "X-Search-Request-Id" }] });
  });

  it("requires a signed-in subscriber who accepted the terms", async () => {
    const anonymous = await searchPage(0, {}, { user: null });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ type: "UNAUTHORIZED", code: "UNAUTHENTICATED" });
    expect((await authedFetch(harness, "", "/sapi/search/serialized?serializedSearch=je30")).status).toBe(401);
    const unsigned = await createTestUser(harness, { signedTerms: false });
    const blocked = await searchPage(0, {}, { user: unsigned });
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ code: "TERMS_NOT_ACCEPTED" });
  });

  it("includes and excludes the user's own list file", async () => {
    const fileId = await uploadListFile(user, [1, 2, 3]);
    const included = await answerOf(await searchPage(0, { numSet: { includeFile: [fileId] } }));
    expect(idsOf(included).sort()).toEqual([1, 2, 3]);
    const excluded = await answerOf(await searchPage(0, { numSet: { excludeFile: [fileId] } }));
    expect(excluded.results.hitCount).toBe(seeded.companies.length - 3);
    const stranger = await createTestUser(harness);
    const refused = await searchPage(0, { numSet: { includeFile: [fileId] } }, { user: stranger });
    expect(refused.status).toBe(400);
  });

  it("keeps no invisible format character of a list file's name (issue 48 point 4)", async () => {
    const owner = await createTestUser(harness);
    await uploadListFile(owner, [1], "Liknar Faktura\u202Eexe.txt");
    await uploadListFile(owner, [2], "Noll\u200Bbredd\u2066.txt");
    const listed = ListFileListSchema.parse(await (await authedFetch(harness, owner.cookie, "/sapi/list-file/get/5")).json());
    const names = listed.map((file) => file.name);
    expect(
      names.some((name) => /\p{Cf}/u.test(name)),
      JSON.stringify(names),
    ).toBe(false);
    expect(names).toEqual(expect.arrayContaining([expect.stringContaining("Liknar Faktura")]));
  });

  it("refuses a shared link of a search naming another user's list file with 'Okänd listfil', as the other routes do", async () => {
    const owner = await createTestUser(harness);
    const other = await createTestUser(harness);
    const fileId = await uploadListFile(owner, [1]);
    const createLink = (who: TestUser, numSet: SearchInput["numSet"]) =>
      authedFetch(harness, who.cookie, `/sapi/search/create-shared-link/${serializeSearch(SearchSchema.parse({ numSet }))}`, {
        method: "POST",
      });
    for (const name of ["includeFile", "excludeFile"] as const) {
      const refused = await createLink(other, { [name]: [fileId] });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ type: "VALIDATION", issues: [{ path: `numSet.${name}.0`, message: "Okänd listfil" }] });
    }
    const env = await harness.api().getEnv();
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM shared_links WHERE owner_user_id = ?")
      .bind(other.userId)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
    expect((await createLink(owner, { includeFile: [fileId] })).status).toBe(200);
  });
});

describe("GET /sapi/search/suggest", () => {
  const suggest = (query: string, who: TestUser | null = user) => authedFetch(harness, who?.cookie ?? "", `/sapi/search/suggest?${query}`);

  it("answers the best companies by relevance, and the industries and places a word names with the text left without it", async () => {
    const response = await suggest(new URLSearchParams({ text: "restaurang stockh" }).toString());
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const answer = SuggestAnswerSchema.parse(await response.json());
    expect(answer.type).toBe("COMPANY");
    const epsilon = seeded.companies.find((c) => c.name === "Epsilon Restaurang AB");
    expect(answer.records[0]).toEqual({
      id: String(epsilon?.orgSeqNo),
      name: "Epsilon Restaurang AB",
      city: "Stockholm",
      orgNo: epsilon?.orgNo,
    });
    expect(answer.records.length).toBeLessThanOrEqual(5);
    // The word being typed (the last) comes first: Stockholm's county and municipality, each leaving "restaurang".
    expect(answer.places.map((p) => [p.code, p.remainingText])).toEqual([
      ["01", "restaurang"],
      ["0180", "restaurang"],
    ]);
    expect(answer.industries[0]).toMatchObject({ text: expect.stringMatching(/Restaurang/), remainingText: "stockh" });
  });

  it("offers a text typed without å/ä/ö on the empty search page and in the suggestions, and shows the matched street (issue 38)", async () => {
    const empty = await answerOf(await searchPage(0, { text: "PHI VARD" }));
    expect(empty.results.hitCount).toBe(0);
    expect(empty.results.didYouMean).toBe("PHI VÅRD");
    const found = await answerOf(await searchPage(0, { text: "phi vård" }));
    expect(found.results.hitCount).toBeGreaterThan(0);
    expect(found.results.didYouMean).toBeUndefined();

    const offered = SuggestAnswerSchema.parse(await (await suggest("text=phi+vard")).json());
    expect(offered.didYouMean).toBe("phi vård");
    expect(offered.records[0]?.name).toBe("Phi Vård AB");
    const street = SuggestAnswerSchema.parse(await (await suggest("text=testgatan+27")).json());
    expect(street.records[0]).toMatchObject({ name: "Phi Vård AB", street: "Testgatan 27" });
    expect(street.didYouMean).toBeUndefined();
  });

  it("answers worksites for type WORKSITE, nothing for stop words only, and refuses bad input with the spec's error", async () => {
    const worksites = SuggestAnswerSchema.parse(await (await suggest("text=ypsilon&type=WORKSITE")).json());
    expect(worksites.records.map((r) => r.id).sort()).toEqual(["14000201", "14000202", "14000203"]);
    for (const text of ["AB", "i och", "&&", ""]) {
      const answer = SuggestAnswerSchema.parse(await (await suggest(new URLSearchParams({ text }).toString())).json());
      expect({ text, records: answer.records, industries: answer.industries, places: answer.places }).toEqual({
        text,
        records: [],
        industries: [],
        places: [],
      });
    }
    const long = await suggest(new URLSearchParams({ text: "a".repeat(201) }).toString());
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).toContain("Söktexten får vara högst 200 tecken");
    expect((await suggest("text=bygg&type=BOTH")).status).toBe(400);
    expect((await suggest("type=COMPANY")).status).toBe(400);
    expect((await suggest("text=bygg", null)).status).toBe(401);
  });
});
