/** Payloads of the subscription and contact calls of spec §7, shared by the API worker and the web app. */
import { z } from "zod";
import { ExpiresAtSchema } from "./auth";

export const ActiveUserSchema = z.object({
  endUser: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    signedTerms: z.boolean(),
  }),
  subscription: z.object({ extractionRecordsLeft: z.number().int() }),
  expiresAt: ExpiresAtSchema,
});
export type ActiveUser = z.infer<typeof ActiveUserSchema>;

/** Terms of use: a list of (sanitised) HTML paragraphs. */
export const TermsOfUseSchema = z.array(z.string());
export type TermsOfUse = z.infer<typeof TermsOfUseSchema>;

/** Contact form (spec §2, §3): no client validation (spec §5); the server caps sizes. */
export const ContactMessageSchema = z.object({
  name: z.string().max(200),
  company: z.string().max(200),
  phone: z.string().max(50),
  email: z.string().max(320),
  message: z.string().max(5000),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
