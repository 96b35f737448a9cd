/**
 * JSON answers that change rarely (reference data): the body is serialised once, its ETag is a SHA-256 content hash,
 * and a request whose If-None-Match names that ETag gets 304 without a body.
 */
import type { Context } from "hono";

export interface CacheableJson {
  body: string;
  etag: string;
}

function toBase64Url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Serialises a value and derives its strong ETag from the bytes. */
export async function toCacheableJson(value: unknown): Promise<CacheableJson> {
  const body = JSON.stringify(value);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  return { body, etag: `"${toBase64Url(digest).slice(0, 32)}"` };
}

/** RFC 9110 weak comparison: "*" or any listed tag equal to ours, with or without W/. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/** 200 with the body, or 304 when the client holds the same version; private: every /sapi answer needs a session. */
export function cacheableJsonResponse(c: Context, cached: CacheableJson, maxAgeSeconds: number): Response {
  const headers = {
    ETag: cached.etag,
    "Cache-Control": `private, max-age=${maxAgeSeconds}, must-revalidate`,
    Vary: "Cookie",
  };
  if (ifNoneMatchHits(c.req.header("If-None-Match"), cached.etag)) return c.body(null, 304, headers);
  return c.body(cached.body, 200, { ...headers, "Content-Type": "application/json; charset=utf-8" });
}
