import { notFound } from "#shared/errors";
import type { VerifiedSession } from "../sessions/session-check";
import { findUserById } from "./user-lookup";

/** GET /sapi/subscription/active-user (spec §3 "Active user"). */
export async function loadActiveUser(db: D1Database, session: VerifiedSession) {
  const user = await findUserById(db, session.userId);
  if (!user) throw notFound("USER_NOT_FOUND");
  return {
    endUser: {
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      signedTerms: user.signed_terms_at !== null,
    },
    subscription: {
      extractionRecordsLeft: user.extraction_records_left,
      validUntil: user.subscription_expires_at,
    },
    expiresAt: session.expiresAt.toISOString(),
  };
}

/** POST /sapi/subscription/accept-terms: records the first acceptance; accepting again changes nothing. */
export async function acceptTerms(db: D1Database, userId: string, now = new Date()): Promise<{ signedTerms: true }> {
  await db.prepare("UPDATE users SET signed_terms_at = ? WHERE id = ? AND signed_terms_at IS NULL").bind(now.toISOString(), userId).run();
  return { signedTerms: true };
}
