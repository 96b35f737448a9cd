/**
 * The operators' account operations (npm run accounts), on any D1Database: the local one of `npm start` or the
 * remote one through the D1 HTTP API (remote-d1.ts). Inputs are validated with the same rules as the API.
 */
import { z } from "zod";
import {
  checkNewPassword,
  hashPassword,
  normalizeEmail,
  normalizePersonalId,
  normalizePhone,
  PASSWORD_PROBLEM_MESSAGES,
  type Pepper,
} from "#api/tooling";

const PasswordSchema = z.string().superRefine((password, ctx) => {
  const problem = checkNewPassword(password);
  if (problem) ctx.addIssue({ code: "custom", message: PASSWORD_PROBLEM_MESSAGES[problem] });
});

/** "2027-12-31" (end of that day, Swedish time) or a full ISO instant → ISO instant in UTC. */
export const ExpirySchema = z.string().transform((value, ctx) => {
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999+01:00` : value;
  const at = Date.parse(text);
  if (Number.isNaN(at)) {
    ctx.addIssue({ code: "custom", message: "expected a date YYYY-MM-DD or an ISO date-time" });
    return z.NEVER;
  }
  return new Date(at).toISOString();
});

const optionalNormalized = (normalize: (v: string) => string | undefined, what: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return undefined;
      const normalized = normalize(value);
      if (!normalized) ctx.addIssue({ code: "custom", message: `not a valid ${what}` });
      return normalized;
    });

export const CreateAccountSchema = z.object({
  username: z.string().regex(/^[A-Za-z0-9._-]{3,64}$/, "3–64 letters, digits, dot, dash or underscore"),
  email: z
    .string()
    .transform((value, ctx) => normalizeEmail(value) ?? (ctx.addIssue({ code: "custom", message: "not an e-mail address" }), z.NEVER)),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  password: PasswordSchema,
  phone: optionalNormalized(normalizePhone, "Swedish phone number"),
  personalId: optionalNormalized((v) => normalizePersonalId(v), "personal identity number"),
  quota: z.coerce.number().int().min(0).default(1000),
  expiresAt: ExpirySchema,
});
export type CreateAccountInput = z.input<typeof CreateAccountSchema>;

export async function createAccount(db: D1Database, input: CreateAccountInput, pepper: Pepper): Promise<string> {
  const account = CreateAccountSchema.parse(input);
  const id = crypto.randomUUID();
  await db
    .prepare(
      `INSERT INTO users (id, username, email, phone, personal_id, first_name, last_name, password_hash, extraction_records_left, subscription_expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      id,
      account.username,
      account.email,
      account.phone ?? null,
      account.personalId ?? null,
      account.firstName,
      account.lastName,
      await hashPassword(account.password, pepper),
      account.quota,
      account.expiresAt,
    )
    .run();
  return id;
}

export interface AccountSummary {
  id: string;
  username: string;
  email: string;
  phone: string | null;
  personal_id: string | null;
  first_name: string;
  last_name: string;
  extraction_records_left: number;
  subscription_expires_at: string;
  signed_terms_at: string | null;
  disabled: number;
  created_at: string;
}

const SUMMARY_COLUMNS =
  "id, username, email, phone, personal_id, first_name, last_name, extraction_records_left, subscription_expires_at, signed_terms_at, disabled, created_at";

export async function listAccounts(db: D1Database): Promise<AccountSummary[]> {
  const { results } = await db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM users ORDER BY username`).all<AccountSummary>();
  return results;
}

/** Finds an account by id, username or e-mail; throws when there is none. */
export async function findAccount(db: D1Database, key: string): Promise<AccountSummary> {
  const row = await db
    .prepare(`SELECT ${SUMMARY_COLUMNS} FROM users WHERE id = ? OR username = ? OR email = ? LIMIT 1`)
    .bind(key.trim(), key.trim(), key.trim())
    .first<AccountSummary>();
  if (!row) throw new Error(`no account "${key}"`);
  return row;
}

export async function showAccount(db: D1Database, key: string) {
  const account = await findAccount(db, key);
  const sessions = await db
    .prepare("SELECT COUNT(*) AS n FROM session_families WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?")
    .bind(account.id, Date.now())
    .first<{ n: number }>();
  return { ...account, activeSessions: sessions?.n ?? 0 };
}

async function revokeSessions(db: D1Database, userId: string, reason: string) {
  await db
    .prepare("UPDATE session_families SET revoked_at = ?, revoke_reason = ? WHERE user_id = ? AND revoked_at IS NULL")
    .bind(Date.now(), reason, userId)
    .run();
}

export async function setQuota(db: D1Database, key: string, quota: number) {
  const value = z.number().int().min(0).parse(quota);
  const account = await findAccount(db, key);
  await db.prepare("UPDATE users SET extraction_records_left = ? WHERE id = ?").bind(value, account.id).run();
}

export async function setExpiry(db: D1Database, key: string, expires: string) {
  const account = await findAccount(db, key);
  await db.prepare("UPDATE users SET subscription_expires_at = ? WHERE id = ?").bind(ExpirySchema.parse(expires), account.id).run();
}

/** New password (policy checked); every open session of the account is ended. */
export async function setPassword(db: D1Database, key: string, password: string, pepper: Pepper) {
  const valid = PasswordSchema.parse(password);
  const account = await findAccount(db, key);
  await db
    .prepare("UPDATE users SET password_hash = ? WHERE id = ?")
    .bind(await hashPassword(valid, pepper), account.id)
    .run();
  await revokeSessions(db, account.id, "password-changed");
}

export async function setDisabled(db: D1Database, key: string, disabled: boolean) {
  const account = await findAccount(db, key);
  await db
    .prepare("UPDATE users SET disabled = ? WHERE id = ?")
    .bind(disabled ? 1 : 0, account.id)
    .run();
  if (disabled) await revokeSessions(db, account.id, "disabled");
}

/** The user must accept the terms of use again at the next visit (all users with "--all"). */
export async function resetTerms(db: D1Database, key: string | "--all") {
  if (key === "--all") {
    await db.prepare("UPDATE users SET signed_terms_at = NULL").run();
    return;
  }
  const account = await findAccount(db, key);
  await db.prepare("UPDATE users SET signed_terms_at = NULL WHERE id = ?").bind(account.id).run();
}
