import { AppError } from "#shared/errors";

/** Swedish messages and codes for accounts that exist but may not be used. */
export const ACCOUNT_DISABLED_MESSAGE = "Kontot är spärrat. Kontakta kundtjänst.";
export const SUBSCRIPTION_EXPIRED_MESSAGE = "Ditt abonnemang har gått ut. Kontakta kundtjänst för att förnya det.";
export const TERMS_NOT_ACCEPTED_MESSAGE = "Du behöver godkänna användarvillkoren för att fortsätta.";

export interface AccountStatusRow {
  disabled: number;
  subscription_expires_at: string;
}

/** Expiry instants are stored as ISO text; an unparsable value counts as expired (fail closed). */
export function isSubscriptionExpired(expiresAt: string, now: number): boolean {
  const at = Date.parse(expiresAt);
  return Number.isNaN(at) || at <= now;
}

/** Throws 403 ACCOUNT_DISABLED or SUBSCRIPTION_EXPIRED when the account may not be used now. */
export function assertAccountUsable(row: AccountStatusRow, now: number): void {
  if (row.disabled) throw new AppError("ACCOUNT_DISABLED", 403, ACCOUNT_DISABLED_MESSAGE, { type: "USER_MESSAGE" });
  if (isSubscriptionExpired(row.subscription_expires_at, now)) {
    throw new AppError("SUBSCRIPTION_EXPIRED", 403, SUBSCRIPTION_EXPIRED_MESSAGE, { type: "USER_MESSAGE" });
  }
}
