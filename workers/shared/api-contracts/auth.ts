/**
 * Payloads of the sign-in calls of spec §7, shared by the API worker (validation at the edge) and the web app (typed
 * calls and answers). Identity rules (trimmed, non-empty) mirror spec §5.
 */
import { z } from "zod";

/** Session end as sent by the API: an ISO date-time or epoch milliseconds. */
export const ExpiresAtSchema = z.union([z.string().min(1), z.number()]);
export type ExpiresAt = z.infer<typeof ExpiresAtSchema>;

export { expiresAtToMs } from "./session-expiry";

import { IDENTITY_REQUIRED_MESSAGE } from "./auth-values";

export { IDENTITY_REQUIRED_MESSAGE };

export const SignInRequestSchema = z.object({
  id: z.string().trim().min(1, IDENTITY_REQUIRED_MESSAGE).max(200),
  secret: z.string().max(1000),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const SessionAnswerSchema = z.object({ expiresAt: ExpiresAtSchema });
export type SessionAnswer = z.infer<typeof SessionAnswerSchema>;

export const OneTimeCodeTypeSchema = z.enum(["EMAIL", "SMS"]);
export type OneTimeCodeType = z.infer<typeof OneTimeCodeTypeSchema>;

export const OneTimeCodeCreateRequestSchema = z.object({
  id: z.string().trim().min(1, IDENTITY_REQUIRED_MESSAGE).max(200),
  type: OneTimeCodeTypeSchema,
  secret: z.literal(""),
});
export type OneTimeCodeCreateRequest = z.infer<typeof OneTimeCodeCreateRequestSchema>;

export const OneTimeCodeCreateAnswerSchema = z.object({ codeId: z.string().min(1), obfuscatedIdentity: z.string() });
export type OneTimeCodeCreateAnswer = z.infer<typeof OneTimeCodeCreateAnswerSchema>;

export const OneTimeCodeConfirmRequestSchema = z.object({
  codeId: z.string().min(1).max(100),
  code: z.string().trim().min(1).max(20),
});
export type OneTimeCodeConfirmRequest = z.infer<typeof OneTimeCodeConfirmRequestSchema>;

export const OneTimeCodeAbortRequestSchema = z.object({ codeId: z.string().min(1).max(100) });
export type OneTimeCodeAbortRequest = z.infer<typeof OneTimeCodeAbortRequestSchema>;
