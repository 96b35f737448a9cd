import { AppError, unauthorized } from "#shared/errors";
import { verifyAccessToken } from "../auth/access-token";
import type { FinancialType } from "#shared/api-contracts/search-api";
import { assertAccountUsable, TERMS_NOT_ACCEPTED_MESSAGE } from "../account/account-status";
import { DEFAULT_COMPANY_FINANCIAL_TYPE } from "../account/user-config-service";

/** A verified session: the token was valid, its family is live and the account may be used. */
export interface VerifiedSession {
  userId: string;
  familyId: string;
  /** When the access token expires (the spec's expiresAt; the client refreshes before or on 401). */
  expiresAt: Date;
  hasSignedTerms: boolean;
  /** The user's financial view of a company's detail (user_config), read with the session: no second read. */
  companyFinancialType: FinancialType;
}

interface SessionRow {
  disabled: number;
  subscription_expires_at: string;
  signed_terms_at: string | null;
  revoked_at: number | null;
  family_expires_at: number;
  company_financial_type: FinancialType | null;
}

/**
 * Verifies the access token and reads the account and session family in one D1 query, so a sign-out, a disabled
 * account or an expired subscription takes effect on the next request, not when the token runs out. The user's view
 * settings come with it, so that no route needs a second D1 read before its answer (docs/decisions/0052).
 */
export async function verifySession(db: D1Database, signingKey: string, token: string | undefined, now = Date.now()) {
  const claims = token ? await verifyAccessToken(signingKey, token, now) : undefined;
  if (!claims) throw unauthorized();
  const row = await db
    .prepare(
      `SELECT u.disabled, u.subscription_expires_at, u.signed_terms_at, f.revoked_at, f.expires_at AS family_expires_at,
              c.company_financial_type
         FROM session_families f JOIN users u ON u.id = f.user_id LEFT JOIN user_config c ON c.user_id = u.id
        WHERE f.id = ? AND u.id = ?`,
    )
    .bind(claims.sid, claims.sub)
    .first<SessionRow>();
  if (!row || row.revoked_at !== null || row.family_expires_at <= now) throw unauthorized();
  assertAccountUsable(row, now);
  const session: VerifiedSession = {
    userId: claims.sub,
    familyId: claims.sid,
    expiresAt: new Date(claims.exp * 1000),
    hasSignedTerms: row.signed_terms_at !== null,
    companyFinancialType: row.company_financial_type ?? DEFAULT_COMPANY_FINANCIAL_TYPE,
  };
  return session;
}

export function assertTermsSigned(session: VerifiedSession): void {
  if (!session.hasSignedTerms) {
    throw new AppError("TERMS_NOT_ACCEPTED", 403, TERMS_NOT_ACCEPTED_MESSAGE, { type: "USER_MESSAGE" });
  }
}
