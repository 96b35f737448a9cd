/**
 * Answers are checked against their shared contract before they leave the worker (zod on every response): a server
 * bug becomes a logged 500 with the generic message, never a malformed answer the web app would misread.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "#shared/errors";

export function checkAnswer<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError("INVALID_ANSWER", 500, `answer of ${what} breaks its contract`, { cause: result.error });
}

/** c.json(value) after checking it against the schema. */
export function contractJson<T extends z.ZodType>(c: Context, schema: T, value: unknown, what = c.req.routePath): Response {
  return c.json(checkAnswer(schema, value, what) as object);
}
