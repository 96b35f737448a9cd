/**
 * GET /sapi/details/entity/{id}, /sapi/annual-report/{orgSeqNo}, /sapi/annual-report/open/{refNo} and
 * /sapi/refdata/sni-aggregation through the web worker, on a real embedded index of the search fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeSniAggregation } from "#search-index";
import { AnnualReportListSchema, EntityAnswerSchema, SniAggregationSchema } from "#shared/api-contracts/search-api";
import { authedFetch, createTestUser, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";
import { seedIndex, type SeededIndex } from "../support/seed-index";

const harness = createUrvalHarness();
let seeded: SeededIndex;
let user: TestUser;

beforeAll(async () => {
  await harness.start();
  seeded = await seedIndex(harness);
  user = await createTestUser(harness);
}, 180_000);
afterAll(() => harness.server.close());

const get = (path: string, who: TestUser | null = user) => authedFetch(harness, who?.cookie ?? "", path);
const company = (orgSeqNo: number) => {
  const found = seeded.companies.find((c) => c.orgSeqNo === orgSeqNo);
  if (!found) throw new Error(`fixture company ${orgSeqNo} missing`);
  return found;
};

describe("GET /sapi/details/entity/{id}", () => {
  it("gives a company by orgSeqNo with type COMPANY and the user's financial view, CONCERN by default", async () => {
    const response = await get("/sapi/details/entity/4");
    expect(response.status).toBe(200);
    const entity = EntityAnswerSchema.parse(await response.json());
    expect(entity).toMatchObject({ type: "COMPANY", orgSeqNo: 4, name: "Gamma Holding AB", orgNo: company(4).orgNo });
    expect(entity.type === "COMPANY" && entity.detailViewConfig).toEqual({ companyFinancialType: "CONCERN" });

    const chooser = await createTestUser(harness);
    const stored = await authedFetch(harness, chooser.cookie, "/sapi/user-config/store-user-company-financial-config", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify("BUSINESS"),
    });
    expect(stored.status).toBe(200);
    const mine = EntityAnswerSchema.parse(await (await get("/sapi/details/entity/4", chooser)).json());
    expect(mine.type === "COMPANY" && mine.detailViewConfig.companyFinancialType).toBe("BUSINESS");
    const others = EntityAnswerSchema.parse(await (await get("/sapi/details/entity/4")).json());
    expect(others.type === "COMPANY" && others.detailViewConfig.companyFinancialType).toBe("CONCERN");
  });

  it("gives a worksite by its 8-digit cfarNo with type WORKSITE", async () => {
    const source = seeded.worksites.find((w) => w.cfarNo === "10000102");
    const entity = EntityAnswerSchema.parse(await (await get("/sapi/details/entity/10000102")).json());
    expect(entity).toMatchObject({ type: "WORKSITE", cfarNo: "10000102", orgSeqNo: 1, name: source?.name, companyName: "Alfa Data AB" });
  });

  it("answers an unknown id with a USER_MESSAGE 404, a malformed one with VALIDATION, and needs a session", async () => {
    // 9 digits: the register's orgSeqNo (an organisation number's first nine digits) is a company id.
    for (const id of ["999", "99999999", "559568559"]) {
      const missing = await get(`/sapi/details/entity/${id}`);
      expect(missing.status, id).toBe(404);
      expect(await missing.json()).toMatchObject({ type: "USER_MESSAGE", code: "ENTITY_NOT_FOUND" });
    }
    for (const id of ["abc", "12345678901", "-1", "0123"]) {
      const malformed = await get(`/sapi/details/entity/${id}`);
      expect(malformed.status, id).toBe(400);
      expect(await malformed.json()).toMatchObject({ type: "VALIDATION", issues: [{ path: "id" }] });
    }
    expect((await get("/sapi/details/entity/1", null)).status).toBe(401);
  });
});

describe("annual reports", () => {
  it("lists a company's reports as {refNo, periodEnd}, and none for a company without accounts", async () => {
    const response = await get("/sapi/annual-report/1");
    expect(response.status).toBe(200);
    expect(AnnualReportListSchema.parse(await response.json())).toEqual(company(1).annualReports);
    expect(await (await get("/sapi/annual-report/8")).json()).toEqual([]);
    const missing = await get("/sapi/annual-report/999");
    expect(missing.status).toBe(404);
    const malformed = await get("/sapi/annual-report/0");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ type: "VALIDATION", issues: [{ path: "orgSeqNo" }] });
    expect((await get("/sapi/annual-report/1", null)).status).toBe(401);
  });

  it("opens a report as a printable, escaped Swedish HTML page with a strict CSP", async () => {
    const mother = company(4);
    const report = mother.annualReports[0];
    const response = await get(`/sapi/annual-report/open/${report?.refNo}?orgNo=${mother.orgNo}&period=${report?.periodEnd}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+';/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const html = await response.text();
    expect(html).toContain('<html lang="sv">');
    expect(html).toContain("<h1>Gamma Holding AB</h1>");
    expect(html).toContain(`<dd>${report?.refNo}</dd>`);
    // A group parent shows company and group figures side by side; its total assets are 200 mkr.
    expect(html).toContain("Koncernen");
    expect(html).toContain('Summa tillgångar</th><td class="num">200\u00a0000\u00a0000 kr</td>');
    expect(html).not.toContain("<script");
  });

  it("accepts the organisation number without a dash and the period as YYYY-MM", async () => {
    const source = company(1);
    const report = source.annualReports[0];
    const response = await get(
      `/sapi/annual-report/open/${report?.refNo}?orgNo=${source.orgNo.replace("-", "")}&period=${report?.periodEnd.slice(0, 7)}`,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Nettoomsättning</th><td class="num">120\u00a0000\u00a0000 kr</td>');
  });

  it("answers another company's report, a wrong period or bad parameters with errors, and needs a session", async () => {
    const [one, two] = [company(1), company(2)];
    const refNo = one.annualReports[0]?.refNo ?? "";
    const period = one.annualReports[0]?.periodEnd ?? "";
    const wrongCompany = await get(`/sapi/annual-report/open/${refNo}?orgNo=${two.orgNo}&period=${period}`);
    expect(wrongCompany.status).toBe(404);
    expect(await wrongCompany.json()).toMatchObject({ type: "USER_MESSAGE", code: "ANNUAL_REPORT_NOT_FOUND" });
    expect((await get(`/sapi/annual-report/open/${refNo}?orgNo=${one.orgNo}&period=2001-12-31`)).status).toBe(404);
    const bad = await get(`/sapi/annual-report/open/${refNo}?orgNo=12345&period=yesterday`);
    expect(bad.status).toBe(400);
    const issues = ((await bad.json()) as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(issues).toEqual(expect.arrayContaining(["orgNo", "period"]));
    expect((await get(`/sapi/annual-report/open/${refNo}?orgNo=${one.orgNo}&period=${period}`, null)).status).toBe(401);
  });
});

describe("GET /sapi/refdata/sni-aggregation", () => {
  it("counts companies per SNI section (main code) for all of Sweden, with an ETag", async () => {
    const response = await get("/sapi/refdata/sni-aggregation");
    expect(response.status).toBe(200);
    const body = SniAggregationSchema.parse(await response.json());
    expect(body).toEqual(computeSniAggregation(seeded.companies));
    expect(body.reduce((sum, entry) => sum + entry.count, 0)).toBe(seeded.companies.length);
    const etag = response.headers.get("ETag") ?? "";
    const again = await authedFetch(harness, user.cookie, "/sapi/refdata/sni-aggregation", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect((await get("/sapi/refdata/sni-aggregation", null)).status).toBe(401);
  });
});
