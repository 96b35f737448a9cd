import { AppError, userMessage } from "#shared/errors";
import { log } from "#shared/log";
import type { AuthConfig } from "../auth/auth-config";
import type { CodeChannel } from "../auth/auth-schemas";
import type { ParsedIdentity } from "../auth/identity";
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, generateCode, hashCode, obfuscateEmail, obfuscatePhone } from "../auth/one-time-code";
import { bytesEqual } from "../auth/password-hash";
import type { Messenger } from "../messaging/outbound-message";
import { assertAccountUsable } from "../account/account-status";
import { decoyIdentity } from "./decoy-identity";
import { consume } from "../rate-limits/rate-limiter";
import { startSession, type SessionGrant } from "./session-service";
import { accountKeyFor, codeSendRule, consumeIpAttempt } from "../rate-limits/sign-in-limits";
import { findUserById, findUserByIdentity, type UserRow } from "../account/user-lookup";

export const CODE_REJECTED_MESSAGE = "Engångskoden är felaktig eller har slutat gälla. Begär en ny kod.";
export const TOO_MANY_CODES_MESSAGE = "För många engångskoder har skickats. Vänta en stund och försök igen.";

export interface CodeRequest {
  identity: ParsedIdentity;
  channel: CodeChannel;
  clientIp: string;
  /** Origin of the public site, for the /e/{codeId} link. */
  siteOrigin: string;
}

function recipientOf(user: UserRow | undefined, channel: CodeChannel): string | undefined {
  if (!user) return undefined;
  return channel === "EMAIL" ? user.email : (user.phone ?? undefined);
}

function codeText(code: string, link: string): string {
  return `Din engångskod till Urval är ${code}. Den gäller i 10 minuter och kan bara användas en gång.\n\nDu kan också öppna ${link} och ange koden där.\n\nHar du inte försökt logga in? Då kan du bortse från meddelandet.`;
}

async function deliver(messenger: Messenger, channel: CodeChannel, to: string, text: string) {
  if (channel === "EMAIL") await messenger.sendEmail({ to, subject: "Din engångskod till Urval", text });
  else await messenger.sendSms({ to, text });
}

/**
 * Creates a code and sends it. An unknown identity, or an account without a phone for SMS, gets a decoy code that is
 * stored but never sent and never confirmable, and the same kind of answer, so the call does not reveal accounts.
 */
export async function createSignInCode(db: D1Database, config: AuthConfig, messenger: Messenger, input: CodeRequest, now = Date.now()) {
  await consumeIpAttempt(db, config, input.clientIp, now);
  const found = await findUserByIdentity(db, input.identity);
  const recipient = recipientOf(found, input.channel);
  const user = recipient ? found : undefined;
  await consume(db, codeSendRule(recipient ?? accountKeyFor(undefined, input.identity)), now, TOO_MANY_CODES_MESSAGE);
  const codeId = crypto.randomUUID();
  const code = generateCode();
  await db
    .prepare("INSERT INTO one_time_codes (id, user_id, channel, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(codeId, user?.id ?? null, input.channel, await hashCode(config.PASSWORD_PEPPER, codeId, code), now, now + CODE_TTL_MS)
    .run();
  log("info", "one-time code created", { codeId, channel: input.channel, userId: user?.id, decoy: !recipient, clientIp: input.clientIp });
  if (!recipient) return { codeId, obfuscatedIdentity: await decoyIdentity(config.PASSWORD_PEPPER, input.identity, input.channel) };
  await deliver(messenger, input.channel, recipient, codeText(code, `${input.siteOrigin}/e/${codeId}`));
  return { codeId, obfuscatedIdentity: input.channel === "EMAIL" ? obfuscateEmail(recipient) : obfuscatePhone(recipient) };
}

interface AttemptRow {
  user_id: string | null;
  code_hash: string;
}

const codeRejected = () => userMessage("CODE_REJECTED", CODE_REJECTED_MESSAGE);

/** Counts the attempt first (atomically, so the sixth never runs), then checks the code and uses it up. */
export async function confirmSignInCode(
  db: D1Database,
  config: AuthConfig,
  input: { codeId: string; code: string; clientIp: string },
  now = Date.now(),
): Promise<SessionGrant> {
  await consumeIpAttempt(db, config, input.clientIp, now);
  const attempt = await db
    .prepare(
      `UPDATE one_time_codes SET attempts = attempts + 1
        WHERE id = ? AND used_at IS NULL AND aborted_at IS NULL AND attempts < ? AND expires_at > ?
        RETURNING user_id, code_hash`,
    )
    .bind(input.codeId, CODE_MAX_ATTEMPTS, now)
    .first<AttemptRow>();
  if (!attempt) throw codeRejected();
  const presented = await hashCode(config.PASSWORD_PEPPER, input.codeId, input.code.replace(/\s/g, ""));
  const encoder = new TextEncoder();
  if (!bytesEqual(encoder.encode(presented), encoder.encode(attempt.code_hash)) || !attempt.user_id) throw codeRejected();
  const used = await db.prepare("UPDATE one_time_codes SET used_at = ? WHERE id = ? AND used_at IS NULL").bind(now, input.codeId).run();
  if (used.meta.changes !== 1) throw codeRejected();
  const user = await findUserById(db, attempt.user_id);
  if (!user) throw new AppError("USER_NOT_FOUND", 400, CODE_REJECTED_MESSAGE, { type: "USER_MESSAGE" });
  assertAccountUsable(user, now);
  log("info", "signed in", { method: "one-time-code", codeId: input.codeId, userId: user.id, clientIp: input.clientIp });
  return startSession(db, config.JWT_SIGNING_KEY, user.id, now);
}

/** Abort ("Avbryt inloggning"): the code can no longer be used. Unknown or finished codes are ignored. */
export async function abortSignInCode(db: D1Database, codeId: string, now = Date.now()): Promise<void> {
  await db
    .prepare("UPDATE one_time_codes SET aborted_at = ? WHERE id = ? AND used_at IS NULL AND aborted_at IS NULL")
    .bind(now, codeId)
    .run();
}
