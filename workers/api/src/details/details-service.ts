/**
 * GET /sapi/details/entity/{id} (spec §3 "Company detail", §7): a company by orgSeqNo or a worksite by cfarNo, with
 * `type`; a company carries the user's stored financial view (detailViewConfig.companyFinancialType, default CONCERN).
 */
import type { SearchBackend } from "#search-index";
import { AppError } from "#shared/errors";
import type { Entity } from "#shared/search/result-schemas";
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
  const entity = await backend.getEntity(id, "COMPANY");
  if (!entity) throw entityNotFound();
  if (entity.type === "COMPANY") return { ...entity, detailViewConfig: { companyFinancialType } };
  return entity;
}
