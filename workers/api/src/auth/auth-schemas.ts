import { z } from "zod";
import { IDENTITY_REQUIRED_MESSAGE } from "#shared/api-contracts/auth-values";
import { userMessage } from "#shared/errors";
import { looksLikePersonalId, normalizePersonalId, parseIdentity, type ParsedIdentity } from "./identity";

/** Request bodies of /api/auth/* (spec §3 "Sign-in", §7). */
export { IDENTITY_REQUIRED_MESSAGE };
export const INVALID_PERSONAL_ID_MESSAGE = "Personnumret är inte giltigt. Kontrollera och försök igen.";

export const PasswordSignInSchema = z.object({
  id: z.string().max(320),
  secret: z.string().max(1024),
});
export type PasswordSignInBody = z.infer<typeof PasswordSignInSchema>;

export const CodeChannelSchema = z.enum(["EMAIL", "SMS"]);
export type CodeChannel = z.infer<typeof CodeChannelSchema>;

export const CreateCodeSchema = z.object({
  id: z.string().max(320),
  type: CodeChannelSchema,
  secret: z.string().max(0).optional(),
});
export type CreateCodeBody = z.infer<typeof CreateCodeSchema>;

export const CodeIdSchema = z.string().uuid();

export const ConfirmCodeSchema = z.object({
  codeId: CodeIdSchema,
  code: z.string().trim().max(32),
});
export type ConfirmCodeBody = z.infer<typeof ConfirmCodeSchema>;

/** Abort takes "the code id": accepted as a JSON string or as { codeId }. */
export const AbortCodeSchema = z
  .union([CodeIdSchema, z.object({ codeId: CodeIdSchema })])
  .transform((v) => (typeof v === "string" ? v : v.codeId));

/** Trims and classifies the identity; empty → the spec's message, a malformed personnummer → its own message. */
export function requireIdentity(id: string): ParsedIdentity {
  const trimmed = id.trim();
  if (trimmed === "") throw userMessage("IDENTITY_REQUIRED", IDENTITY_REQUIRED_MESSAGE);
  if (looksLikePersonalId(trimmed) && !normalizePersonalId(trimmed)) throw userMessage("INVALID_PERSONAL_ID", INVALID_PERSONAL_ID_MESSAGE);
  return parseIdentity(trimmed);
}
