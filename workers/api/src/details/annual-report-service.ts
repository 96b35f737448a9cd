/**
 * Annual reports (spec §3 "Annual report", §7): the list of a company's reports, and one report opened as a printable
 * HTML summary of the figures of the period it covers.
 */
import { parseSearch, type SearchBackend } from "#search-index";
import type { AnnualReport, AnnualReportOpenQuery } from "#shared/api-contracts/search-api";
import { AppError } from "#shared/errors";
import { formatOrgNo } from "#shared/format";
import type { CompanyDetail, CompanyRecord } from "#shared/search/result-schemas";
import type { FiledDocumentPlace } from "./annual-report-document";
import { renderAnnualReportHtml } from "./annual-report-html";
import { entityNotFound } from "./details-service";

const reportNotFound = () =>
  new AppError("ANNUAL_REPORT_NOT_FOUND", 404, "Årsredovisningen finns inte för det här företaget.", { type: "USER_MESSAGE" });

async function companyDetail(backend: SearchBackend, orgSeqNo: number): Promise<CompanyDetail> {
  const entity = await backend.getEntity(String(orgSeqNo), "COMPANY");
  if (entity?.type !== "COMPANY") throw entityNotFound();
  return entity;
}

/** A company's annual reports, latest period first (a sole trader has none). */
export async function listAnnualReports(backend: SearchBackend, orgSeqNo: number): Promise<AnnualReport[]> {
  const detail = await companyDetail(backend, orgSeqNo);
  return detail.annualReports.map(({ refNo, periodEnd }) => ({ refNo, periodEnd })).sort((a, b) => b.periodEnd.localeCompare(a.periodEnd));
}

/** The company with this organisation number, found through the search's exact organisation-number match. */
async function companyByOrgNo(backend: SearchBackend, orgNo: string): Promise<CompanyDetail> {
  const normalised = formatOrgNo(orgNo.replace(/-/g, "").slice(-10));
  const results = await backend.search(parseSearch({ resultType: "COMPANY", text: normalised }));
  const match = (results.records as CompanyRecord[]).find((record) => record.orgNo === normalised);
  if (!match) throw reportNotFound();
  return companyDetail(backend, match.orgSeqNo);
}

/** What opens: the document the company filed (stored in R2 by the reindex), else the printable summary. */
export type OpenedAnnualReport = ({ kind: "filed"; fileName: string } & FiledDocumentPlace) | { kind: "summary"; html: string };

/** Report `refNo` of company `orgNo` for the period ending `period` ("YYYY-MM-DD" or "YYYY-MM"). */
export async function openAnnualReport(
  backend: SearchBackend,
  refNo: string,
  query: AnnualReportOpenQuery,
  now = new Date(),
): Promise<OpenedAnnualReport> {
  const detail = await companyByOrgNo(backend, query.orgNo);
  const report = detail.annualReports.find((entry) => entry.refNo === refNo && entry.periodEnd.startsWith(query.period));
  if (report?.sha256 && report.document) {
    const fileName = `${detail.orgNo.replace("-", "")}_${report.periodEnd}.xhtml`;
    return { kind: "filed", sha256: report.sha256, document: report.document, fileName };
  }
  const period = report && detail.financialPeriods.find((entry) => entry.company.periodEnd === report.periodEnd);
  if (!report || !period) throw reportNotFound();
  const html = renderAnnualReportHtml({
    companyName: detail.name,
    orgNo: detail.orgNo,
    refNo: report.refNo,
    company: period.company,
    group: period.group,
    generatedAt: now,
  });
  return { kind: "summary", html };
}
