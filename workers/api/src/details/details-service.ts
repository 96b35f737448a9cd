/**
 * GET /sapi/details/entity/{id} (spec §3 "Company detail", §7): a company by orgSeqNo or a worksite by cfarNo, with
 * `type`; a company carries the user's stored financial view (detailViewConfig.companyFinancialType, default CONCERN).
 */
import { parseSearch, type SearchBackend, visiblePage } from "#search-index";
import { AppError } from "#shared/errors";
import type { CompanyDetail, Entity, WorksiteDetail } from "#shared/search/result-schemas";
import type { FinancialType } from "#shared/api-contracts/search-api";
import { orgNoDigits } from "#shared/api-contracts/v1";

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

/**
 * A company by its organisation number (/v1/companies/{orgNo}, any form OrgNoParamSchema accepts): the free-text search
 * finds the number exactly (search-index/free-text.ts: a whole number matches the orgNo field only, never as a prefix
 * and never with typing errors; the forgiving retry is the search screen's, not run here), and of what it answers only
 * the record whose own number has the very same ten digits is taken (any other is not this company, whatever the
 * backend matched), its detail then read by orgSeqNo. No such record: 404.
 */
export async function loadCompanyByOrgNo(
  backend: SearchBackend,
  companyFinancialType: FinancialType,
  orgNo: string,
): Promise<CompanyDetail> {
  const digits = orgNoDigits(orgNo);
  if (digits.length !== 10) throw entityNotFound();
  const search = parseSearch({ resultType: "COMPANY", text: `${digits.slice(0, 6)}-${digits.slice(6)}` });
  const { records } = await backend.search(search, { page: visiblePage(0) });
  const matches = records.filter((record) => "orgNo" in record && record.orgNo.replace(/\D/g, "") === digits);
  if (matches.length !== 1) throw entityNotFound();
  const company = await loadCompany(backend, companyFinancialType, String(matches[0]!.orgSeqNo));
  if (company.orgNo.replace(/\D/g, "") !== digits) throw entityNotFound();
  return company;
}
