import type { ParsedIdentity } from "../auth/identity";

export interface UserRow {
  id: string;
  username: string;
  email: string;
  phone: string | null;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  extraction_records_left: number;
  subscription_expires_at: string;
  signed_terms_at: string | null;
  disabled: number;
}

const COLUMNS =
  "id, username, email, phone, first_name, last_name, password_hash, extraction_records_left, subscription_expires_at, signed_terms_at, disabled";

/**
 * Finds the account an identity names: by e-mail, personal identity number, phone or username. An identity that
 * matches more than one account (a phone number shared by two, say) names none, so no one signs in as the wrong user.
 */
export async function findUserByIdentity(db: D1Database, identity: ParsedIdentity): Promise<UserRow | undefined> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM users
        WHERE username = ?1 OR email = ?2 OR (?3 IS NOT NULL AND personal_id = ?3) OR (?4 IS NOT NULL AND phone = ?4)
        LIMIT 2`,
    )
    .bind(identity.username, identity.email ?? identity.username, identity.personalId ?? null, identity.phone ?? null)
    .all<UserRow>();
  return results.length === 1 ? results[0] : undefined;
}

export async function findUserById(db: D1Database, userId: string): Promise<UserRow | undefined> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM users WHERE id = ?`).bind(userId).first<UserRow>();
  return row ?? undefined;
}
