/**
 * GET /sapi/details/entity/{id} (spec §3 "Company detail", §7): a company by orgSeqNo or a worksite by cfarNo, with
 * `type`; a company carries the user's stored financial view (detailViewConfig.companyFinancialType, default CONCERN).
 */
import type { SearchBackend } from "#search-index";
import { AppError } from "#shared/errors";
import type { Entity } from "#shared/search/result-schemas";
import { loadCompanyFinancialType } from "../account/user-config-service";

/** CFAR numbers have 8 digits; orgSeqNo are shorter (sequence numbers of about 1.3 million companies). */
export const CFAR_NO_LENGTH = 8;

export const entityNotFound = () =>
  new AppError("ENTITY_NOT_FOUND", 404, "Uppgifterna finns inte längre. Sök gärna igen.", { type: "USER_MESSAGE" });

export async function loadEntity(db: D1Database, backend: SearchBackend, userId: string, id: string): Promise<Entity> {
  const type = id.length === CFAR_NO_LENGTH ? "WORKSITE" : "COMPANY";
  const [entity, companyFinancialType] = await Promise.all([
    backend.getEntity(id, type),
    type === "COMPANY" ? loadCompanyFinancialType(db, userId) : undefined,
  ]);
  if (!entity) throw entityNotFound();
  if (entity.type === "COMPANY" && companyFinancialType) return { ...entity, detailViewConfig: { companyFinancialType } };
  return entity;
}
