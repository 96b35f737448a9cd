import type { Context } from "hono";
import type { z } from "zod";
import { AppError, parseOrThrow } from "#shared/errors";
import { readCappedText as readCappedBody } from "../http/capped-body";

/** Largest JSON body the auth, subscription and contact routes read (a contact message is the biggest). */
export const MAX_JSON_BODY_BYTES = 16 * 1024;

function readCappedText(c: Context): Promise<string> {
  const tooLarge = () => new AppError("BODY_TOO_LARGE", 413, "Meddelandet är för stort.", { type: "USER_MESSAGE" });
  return readCappedBody(c.req.raw, MAX_JSON_BODY_BYTES, tooLarge);
}

/** Reads a JSON body (size-capped, empty counts as {}) and validates it with the schema. */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const text = await readCappedText(c);
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError("INVALID_JSON", 400, "Ogiltig begäran.", { type: "VALIDATION" });
    }
  }
  return parseOrThrow(schema, body);
}

/** Like readJson, but a body that is not JSON is taken as plain text (the spec's abort call sends "the code id"). */
export async function readJsonOrText<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const text = (await readCappedText(c)).trim();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // plain text
  }
  return parseOrThrow(schema, body);
}

/** The client's IP as Cloudflare reports it (the header is set by the edge and cannot be forged through it). */
export function clientIp(c: Context): string {
  return c.req.header("CF-Connecting-IP") ?? "unknown";
}
