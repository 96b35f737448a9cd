/**
 * The filed annual reports' packs into production's R2 from the operator's machine (`npm run reindex -- --backend
 * elasticsearch --remote`), over R2's object endpoints of Cloudflare's v4 API, the ones `wrangler r2 object get|put
 * --remote` call: GET and PUT /accounts/{account}/r2/buckets/{bucket}/objects/{key}. GET answers the object's bytes
 * (404 when there is none), PUT takes them raw and answers the envelope with the stored object's key and size. A pack
 * is named by the SHA-256 of its bytes, so one already there is left as it is (storeAnnualReportPacks asks first); a
 * failed call is tried again (429, 5xx, no answer), then fails the reindex before its switch. Collecting packs no
 * version names also lists keys (GET /accounts/{account}/r2/buckets/{bucket}/objects?prefix=…&cursor=…, the envelope's
 * `result` the objects and `result_info.cursor` the next page's) and deletes objects (DELETE on the object's path).
 * The token needs "Workers R2 Storage: Edit" beside D1 and Queues.
 */
import { z } from "zod";
import { CloudflareApiError, cloudflareCall, cloudflareFetch, type CloudflareApiOptions, withRetries } from "../lib/cloudflare-api";
import type { PackBucket } from "./annual-report-documents";

/** Wrangler refuses uploads above 300 MiB through this API; a pack is at most 64 MiB. */
export const R2_HTTP_MAX_OBJECT_BYTES = 300 * 1024 * 1024;

const StoredObjectSchema = z.object({ key: z.string(), size: z.coerce.number() }).loose();

/** One page of the list endpoint: the envelope with the objects and, while there are more, the next page's cursor. */
const ListPageSchema = z.object({
  success: z.literal(true),
  result: z.array(z.object({ key: z.string() }).loose()),
  result_info: z
    .object({ cursor: z.string().optional(), is_truncated: z.union([z.boolean(), z.string()]).optional() })
    .loose()
    .optional(),
});

export function r2HttpStore(api: CloudflareApiOptions, bucket: string, options: { retryDelayMs?: number } = {}): PackBucket {
  const bucketPath = `/r2/buckets/${encodeURIComponent(bucket)}/objects`;
  const objectPath = (key: string) => `${bucketPath}/${key.split("/").map(encodeURIComponent).join("/")}`;
  const failed = (method: string, path: string, status: number) =>
    new CloudflareApiError(`Cloudflare API ${method} ${path}: HTTP ${status}`, status, []);
  return {
    getObject: (key) =>
      withRetries(
        "R2 HTTP GET",
        async () => {
          const response = await cloudflareFetch(api, { method: "GET", path: objectPath(key) });
          if (response.ok) return response.arrayBuffer();
          await response.body?.cancel();
          if (response.status === 404) return null;
          throw failed("GET", objectPath(key), response.status);
        },
        options.retryDelayMs,
      ),
    async listKeys(prefix) {
      const keys: string[] = [];
      let cursor: string | undefined;
      do {
        const path = `${bucketPath}?prefix=${encodeURIComponent(prefix)}&per_page=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        const page = await withRetries(
          "R2 HTTP list",
          async () => {
            const response = await cloudflareFetch(api, { method: "GET", path });
            if (!response.ok) {
              await response.body?.cancel();
              throw failed("GET", path, response.status);
            }
            return ListPageSchema.parse(await response.json());
          },
          options.retryDelayMs,
        );
        keys.push(...page.result.map((object) => object.key));
        const truncated = page.result_info?.is_truncated;
        cursor = page.result.length > 0 && truncated !== false && truncated !== "false" ? page.result_info?.cursor || undefined : undefined;
      } while (cursor);
      return keys;
    },
    deleteObject: (key) =>
      withRetries(
        "R2 HTTP DELETE",
        async () => {
          const response = await cloudflareFetch(api, { method: "DELETE", path: objectPath(key) });
          await response.body?.cancel();
          // Already gone is what was asked for.
          if (!response.ok && response.status !== 404) throw failed("DELETE", objectPath(key), response.status);
        },
        options.retryDelayMs,
      ),
    hasObject: (key) =>
      withRetries(
        "R2 HTTP GET",
        async () => {
          const response = await cloudflareFetch(api, { method: "GET", path: objectPath(key) });
          // Only the status is wanted: the bytes (up to a pack's 64 MiB) are not read.
          await response.body?.cancel();
          if (response.ok) return true;
          if (response.status === 404) return false;
          throw failed("GET", objectPath(key), response.status);
        },
        options.retryDelayMs,
      ),
    async putObject(key, parts, byteLength) {
      if (byteLength > R2_HTTP_MAX_OBJECT_BYTES)
        throw new Error(`${key}: ${byteLength} bytes, above the API's ${R2_HTTP_MAX_OBJECT_BYTES}`);
      const bytes = new Blob(parts as BlobPart[]);
      const stored = await withRetries(
        "R2 HTTP PUT",
        () => cloudflareCall(api, { method: "PUT", path: objectPath(key), bytes }, StoredObjectSchema),
        options.retryDelayMs,
      );
      if (stored.size !== byteLength) throw new Error(`${key}: R2 stored ${stored.size} bytes of ${byteLength}`);
    },
  };
}
