import { describe, expect, it } from "vitest";
import { annualReportCsp, ANNUAL_REPORT_CSS, escapeHtml, renderAnnualReportHtml, type AnnualReportPage } from "./annual-report-html";

const figures = (scale: number, periodEnd = "2023-12-31") => ({
  type: "ÅR",
  periodStart: "2023-01-01",
  periodEnd,
  turnover: 12_345_678 * scale,
  cashFlowAffectingEBTDA: 1_000_000 * scale,
  profitAndLossForTheYear: -250_000 * scale,
  totalAssets: 9_000_000 * scale,
  totalEquity: 3_000_000 * scale,
  sumOfCashBank: 400_000 * scale,
  totalLongTermLiabilities: 2_000_000 * scale,
  totalShortTermLiabilities: 1_500_000 * scale,
  earningsAfterDepreciation: 800_000 * scale,
  earningsAfterNetInterestIncome: 700_000 * scale,
  dividend: 0,
  numberOfEmployees: 42 * scale,
  personnelExpenses: 5_000_000 * scale,
});

const page = (overrides: Partial<AnnualReportPage> = {}): AnnualReportPage => ({
  companyName: "Åkeri & Söner AB",
  orgNo: "5560001234",
  refNo: "AR-2023-123456",
  company: figures(1),
  group: null,
  generatedAt: new Date("2026-11-21T23:30:00Z"),
  ...overrides,
});

describe("renderAnnualReportHtml", () => {
  it("renders a Swedish page with the period, the reference and Swedish-formatted figures", () => {
    const html = renderAnnualReportHtml(page());
    expect(html).toMatch(/^<!doctype html><html lang="sv">/);
    expect(html).toContain("<h1>Åkeri &amp; Söner AB</h1>");
    expect(html).toContain("<dd>556000-1234</dd>");
    expect(html).toContain("<dd>2023-01-01 – 2023-12-31</dd>");
    expect(html).toContain("<dd>AR-2023-123456</dd>");
    expect(html).toContain('Nettoomsättning</th><td class="num">12\u00a0345\u00a0678 kr</td>');
    expect(html).toContain('Årets resultat</th><td class="num">\u2212250\u00a0000 kr</td>');
    expect(html).toContain('Antal anställda</th><td class="num">42</td>');
    expect(html).not.toContain("Koncernen");
    // 23:30 UTC on 21 November is already 22 November in Stockholm.
    expect(html).toContain("Sammanställt av Urval 2026-11-22");
  });

  it("adds the group column when the period has group figures", () => {
    const html = renderAnnualReportHtml(page({ group: figures(3) }));
    expect(html).toContain('<th scope="col" class="num">Koncernen</th>');
    expect(html).toContain('Antal anställda</th><td class="num">42</td><td class="num">126</td>');
  });

  it("escapes every text from the data", () => {
    const html = renderAnnualReportHtml(page({ companyName: '<script>alert("x")</script>', refNo: "A'B" }));
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("A&#39;B");
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});

describe("annualReportCsp", () => {
  it("allows exactly the page's own style by hash and nothing else", async () => {
    const csp = await annualReportCsp();
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256").update(ANNUAL_REPORT_CSS, "utf8").digest("base64");
    expect(csp).toBe(`default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
    expect(renderAnnualReportHtml(page())).toContain(`<style>${ANNUAL_REPORT_CSS}</style>`);
  });
});
