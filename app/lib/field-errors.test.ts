import { describe, expect, it } from "vitest";
import { CONTACT_FIELDS, CONTACT_EMAIL_MESSAGE, CONTACT_REPLY_MESSAGE, ContactMessageSchema } from "#shared/api-contracts/subscription";
import { ApiError } from "./api-error";
import { fieldErrorsOf, fieldErrorsOfApi, fieldErrorsOfZod } from "./field-errors";

const contact = { name: "Eva Ek", company: "", phone: "", email: "eva@example.se", message: "Hej!" };

describe("field messages", () => {
  it("keeps the first message of each known field", () => {
    const issues = [
      { path: "email", message: "först" },
      { path: "email", message: "sedan" },
      { path: "columns.0.id", message: "okänd" },
    ];
    expect(fieldErrorsOf(issues, CONTACT_FIELDS)).toEqual({ email: "först" });
  });

  it("refuses an e-mail that is not one, and needs a message and a way to answer (the contact schema)", () => {
    const parsed = ContactMessageSchema.safeParse({ ...contact, email: "inte-en-epost", message: " " });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOfZod(parsed.error!, CONTACT_FIELDS)).toEqual({ email: CONTACT_EMAIL_MESSAGE, message: "Skriv ett meddelande." });
    const noReply = ContactMessageSchema.safeParse({ ...contact, email: "" });
    expect(fieldErrorsOfZod(noReply.error!, CONTACT_FIELDS)).toEqual({ email: CONTACT_REPLY_MESSAGE });
    expect(ContactMessageSchema.safeParse({ ...contact, email: " eva@example.se " }).data?.email).toBe("eva@example.se");
  });

  it("reads an API's VALIDATION answer, and nothing else", () => {
    const body = { type: "VALIDATION" as const, message: "Ogiltiga uppgifter.", code: "VALIDATION_FAILED", requestId: "r" };
    expect(
      fieldErrorsOfApi(new ApiError(400, { ...body, issues: [{ path: "message", message: "Skriv ett meddelande." }] }), CONTACT_FIELDS),
    ).toEqual({
      message: "Skriv ett meddelande.",
    });
    expect(fieldErrorsOfApi(new ApiError(400, { ...body, issues: [{ path: "other", message: "x" }] }), CONTACT_FIELDS)).toBeNull();
    expect(fieldErrorsOfApi(new ApiError(429, { ...body, type: "USER_MESSAGE" }), CONTACT_FIELDS)).toBeNull();
    expect(fieldErrorsOfApi(new Error("nät"), CONTACT_FIELDS)).toBeNull();
  });
});
