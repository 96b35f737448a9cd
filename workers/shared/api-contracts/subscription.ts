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

export const CONTACT_EMAIL_MESSAGE = "Ange en giltig e-postadress, till exempel namn@företag.se.";
export const CONTACT_REPLY_MESSAGE = "Ange e-post eller telefonnummer så att vi kan svara.";

/**
 * Contact form (spec §2, §3): one schema for the browser, the form action and the API (issue 25: the same field
 * messages everywhere, where spec §5 had no client validation). Trimmed; sizes capped; a message and a way to answer
 * are needed, and an e-mail address, when given, must be one.
 */
export const ContactMessageSchema = z
  .object({
    name: z.string().trim().max(200, "Namnet får vara högst 200 tecken.").default(""),
    company: z.string().trim().max(200, "Företagsnamnet får vara högst 200 tecken.").default(""),
    phone: z.string().trim().max(50, "Telefonnumret får vara högst 50 tecken.").default(""),
    email: z
      .string()
      .trim()
      .max(320, CONTACT_EMAIL_MESSAGE)
      .default("")
      .refine((email) => email === "" || z.email().safeParse(email).success, CONTACT_EMAIL_MESSAGE),
    message: z.string().trim().min(1, "Skriv ett meddelande.").max(5000, "Meddelandet får vara högst 5000 tecken."),
  })
  .refine((m) => m.email !== "" || m.phone !== "", { message: CONTACT_REPLY_MESSAGE, path: ["email"] });
export type ContactField = keyof z.infer<typeof ContactMessageSchema>;
export const CONTACT_FIELDS: readonly ContactField[] = ["name", "company", "phone", "email", "message"];
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
