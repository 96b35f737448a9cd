/** Field messages of a form: the first message per field from zod issues or from an API's VALIDATION answer. */
import type { z } from "zod";
import { type FieldIssue, issuesFromZod } from "#shared/errors";
import { ApiError } from "./api-error";

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * What a form's server action answers a form submitted before hydration: sent, or a message and field messages with
 * the values as they were typed (the page is new, so the form shows them again).
 */
export type FormAnswer<K extends string> =
  { sent: true } | { error?: string; fields?: FieldErrors<K>; values?: Partial<Record<K, string>> } | undefined;

/** The first message for each of `fields` among the issues; issues about other paths are left out. */
export function fieldErrorsOf<K extends string>(issues: FieldIssue[], fields: readonly K[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export const fieldErrorsOfZod = <K extends string>(error: z.ZodError, fields: readonly K[]) => fieldErrorsOf(issuesFromZod(error), fields);

/** The field messages of an API's 400 VALIDATION answer, or null when the error is of another kind. */
export function fieldErrorsOfApi<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> | null {
  if (!(error instanceof ApiError) || error.body?.type !== "VALIDATION" || !error.body.issues) return null;
  const errors = fieldErrorsOf(error.body.issues, fields);
  return Object.keys(errors).length > 0 ? errors : null;
}
