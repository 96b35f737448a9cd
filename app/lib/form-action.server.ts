/**
 * Server-side handling of the sign-in and contact forms when they are submitted without JavaScript (or before the page
 * has hydrated): the same API calls as the browser client, over the service binding. Forms always POST, so nothing
 * typed into them ever lands in an address.
 */
import { type AppLoadContext, data, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { IDENTITY_REQUIRED_MESSAGE } from "#shared/api-contracts/auth-values";
import { CONTACT_FIELDS, type ContactField, ContactMessageSchema } from "#shared/api-contracts/subscription";
import { DEFAULT_ERROR_MESSAGE, type ErrorBody } from "#shared/errors";
import { parseErrorBody } from "./api-error-body";
import { fieldErrorsOf, fieldErrorsOfZod, type FormAnswer } from "./field-errors";
import { callApi } from "./api.server";
import { safeReturnPath } from "./app-state";

export interface FormFailure {
  error: string;
}

/** Login CSRF and cross-site posts: the form must come from this site (Fetch Metadata, else Origin). */
function isSameOrigin(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site === "same-origin";
  return request.headers.get("Origin") === new URL(request.url).origin;
}

async function failure(response: Response, body?: ErrorBody) {
  body ??= parseErrorBody(await response.json().catch(() => undefined));
  const error = body?.type === "USER_MESSAGE" ? body.message : DEFAULT_ERROR_MESSAGE;
  return data<FormFailure>({ error }, { status: response.status === 429 ? 429 : 400 });
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const SignInFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("password"), id: z.string().trim().min(1).max(320), secret: z.string().max(1024) }),
  z.object({ intent: z.literal("confirm"), codeId: z.string().min(1).max(100), code: z.string().trim().min(1).max(32) }),
]);

/** Password sign-in or code confirmation; success redirects to the return path with the session cookies. */
export async function signInFromForm(context: AppLoadContext, request: Request) {
  if (!isSameOrigin(request)) return data<FormFailure>({ error: DEFAULT_ERROR_MESSAGE }, { status: 403 });
  const form = await request.formData();
  const parsed = SignInFormSchema.safeParse(
    Object.fromEntries(["intent", "id", "secret", "codeId", "code"].map((n) => [n, text(form, n)])),
  );
  if (!parsed.success) {
    const message = text(form, "intent") === "password" ? IDENTITY_REQUIRED_MESSAGE : DEFAULT_ERROR_MESSAGE;
    return data<FormFailure>({ error: message }, { status: 400 });
  }
  const call =
    parsed.data.intent === "password"
      ? { path: "/api/auth/sign-in/username-password", body: { id: parsed.data.id, secret: parsed.data.secret } }
      : { path: "/api/auth/login/one-time-code/confirm", body: { codeId: parsed.data.codeId, code: parsed.data.code } };
  const response = await callApi(context, request, call.path, { method: "POST", body: call.body });
  if (!response.ok) return failure(response);
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(safeReturnPath(new URL(request.url).searchParams.get("till")) ?? "/", { headers });
}

/** The contact form: sends the message; the page then shows 'Meddelande skickat!'. */
export async function sendContactFromForm(context: AppLoadContext, request: Request) {
  if (!isSameOrigin(request)) return data<FormFailure>({ error: DEFAULT_ERROR_MESSAGE }, { status: 403 });
  const form = await request.formData();
  const values = Object.fromEntries(CONTACT_FIELDS.map((n) => [n, text(form, n)])) as Record<ContactField, string>;
  const parsed = ContactMessageSchema.safeParse(values);
  if (!parsed.success)
    return data<FormAnswer<ContactField>>({ fields: fieldErrorsOfZod(parsed.error, CONTACT_FIELDS), values }, { status: 400 });
  const response = await callApi(context, request, "/api/contact/message", { method: "POST", body: parsed.data });
  if (!response.ok) return contactFailure(response, values);
  return { sent: true as const };
}

/** The API's field messages at their fields (with the values typed); any other failure as the form's message. */
async function contactFailure(response: Response, values: Record<ContactField, string>) {
  const body = parseErrorBody(await response.json().catch(() => undefined));
  const fields = body?.type === "VALIDATION" && body.issues ? fieldErrorsOf(body.issues, CONTACT_FIELDS) : {};
  if (Object.keys(fields).length > 0) return data<FormAnswer<ContactField>>({ fields, values }, { status: 400 });
  return failure(response, body);
}
