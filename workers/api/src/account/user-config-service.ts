/** Per-user view settings in D1 (table user_config): the company detail's financial view, CONCERN or BUSINESS. */
import type { FinancialType } from "#shared/api-contracts/search-api";

/** Spec §2 "Financial view": CONCERN (group figures) unless the user chose otherwise. */
export const DEFAULT_COMPANY_FINANCIAL_TYPE: FinancialType = "CONCERN";

export async function storeCompanyFinancialType(db: D1Database, userId: string, value: FinancialType, now = Date.now()) {
  await db
    .prepare(
      `INSERT INTO user_config (user_id, company_financial_type, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET company_financial_type = excluded.company_financial_type, updated_at = excluded.updated_at`,
    )
    .bind(userId, value, now)
    .run();
  return { companyFinancialType: value };
}
