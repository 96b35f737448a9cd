/**
 * GET /sapi/details/entity/{id} (spec §3 "Company detail", §7): a company by orgSeqNo or a worksite by cfarNo, with
 * `type`; a company carries the user's stored financial view (detailViewConfig.companyFinancialType, default CONCERN).
 */
import { parseSearch, type SearchBackend, visiblePage } from "#search-index";
import { AppError } from "#shared/errors";
import type { CompanyDetail, Entity, WorksiteDetail } from "#shared/search/result-schemas";
import type { FinancialType } from "#shared/api-contracts/search-api";

/**
 * CFAR numbers have 8 digits. A company's orgSeqNo is usually shorter (generated data) or 9 digits (the register's,
 * the organisation number's first nine, decision 0007), but a sole trader born 2000–2009 has a personal identity
 * number starting with 0, whose orgSeqNo has 8 digits: an 8-digit id that is no worksite is looked up as a company.
 */
export const CFAR_NO_LENGTH = 8;

export const entityNotFound = () =>
  new AppError("ENTITY_NOT_FOUND", 404, "Uppgifterna finns inte längre. Sök gärna igen.", { type: "USER_MESSAGE" });

/** The entity with the user's financial view (read with the session, sessions/session-check.ts). */
export async function loadEntity(backend: SearchBackend, companyFinancialType: FinancialType, id: string): Promise<Entity> {
  if (id.length === CFAR_NO_LENGTH) {
    const worksite = await backend.getEntity(id, "WORKSITE");
    if (worksite) return worksite;
  }
  return loadCompany(backend, companyFinancialType, id);
}

/** A company by orgSeqNo, with the user's financial view. */
export async function loadCompany(backend: SearchBackend, companyFinancialType: FinancialType, orgSeqNo: string): Promise<CompanyDetail> {
  const entity = await backend.getEntity(orgSeqNo, "COMPANY");
  if (entity?.type !== "COMPANY") throw entityNotFound();
  return { ...entity, detailViewConfig: { companyFinancialType } };
}

/** A worksite by CFAR number (/v1/worksites/{cfarNo}). */
export async function loadWorksite(backend: SearchBackend, cfarNo: string): Promise<WorksiteDetail> {
  const entity = await backend.getEntity(cfarNo, "WORKSITE");
  if (entity?.type !== "WORKSITE") throw entityNotFound();
  return entity;
}

const orgNoDigits = (orgNo: string) => orgNo.replace("-", "");

/**
 * A company by its organisation number (/v1/companies/{orgNo}): the free-text search finds the number exactly
 * (search-index/free-text.ts), the record with that very number is taken, and its detail read by orgSeqNo.
 */
export async function loadCompanyByOrgNo(
  backend: SearchBackend,
  companyFinancialType: FinancialType,
  orgNo: string,
): Promise<CompanyDetail> {
  const digits = orgNoDigits(orgNo);
  const search = parseSearch({ resultType: "COMPANY", text: `${digits.slice(0, 6)}-${digits.slice(6)}` });
  const { records } = await backend.search(search, { page: visiblePage(0) });
  const match = records.find((record) => "orgNo" in record && orgNoDigits(record.orgNo) === digits);
  if (!match) throw entityNotFound();
  return loadCompany(backend, companyFinancialType, String(match.orgSeqNo));
}
