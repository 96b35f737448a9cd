import { Hono } from "hono";
import { FinancialConfigAnswerSchema, StoreFinancialConfigRequestSchema } from "#shared/api-contracts/search-api";
import { readJson } from "../auth/request-input";
import type { ApiBindings } from "../env";
import { currentSession } from "../middleware/session";
import { contractJson } from "../http/contract-answer";
import { storeCompanyFinancialType } from "../account/user-config-service";

/** /sapi/user-config: POST /store-user-company-financial-config with "CONCERN" or "BUSINESS" (spec §4, §7). */
export const userConfigRoutes = new Hono<ApiBindings>().post("/store-user-company-financial-config", async (c) => {
  const value = await readJson(c, StoreFinancialConfigRequestSchema);
  const stored = await storeCompanyFinancialType(c.env.DB, currentSession(c).userId, value);
  return contractJson(c, FinancialConfigAnswerSchema, stored);
});
