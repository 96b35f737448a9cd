/**
 * A local fake of R2's object endpoints in Cloudflare's v4 API, as `wrangler r2 object get|put|delete --remote` calls
 * them: GET, PUT and DELETE /client/v4/accounts/:account/r2/buckets/:bucket/objects/:key (the key may hold slashes),
 * bearer token. GET answers the object's bytes, or 404 with error 10007 ("The specified key does not exist."); PUT
 * takes the raw body and answers the envelope with `{ key, size, etag, uploaded }`; an unknown bucket answers 404 with
 * error 10006. GET on the bucket's objects path lists keys in order (`prefix`, `per_page`, `cursor`): the envelope's
 * `result` holds `{ key, size, etag, last_modified }` per object and `result_info` `{ cursor, per_page, is_truncated }`,
 * the cursor empty on the last page. DELETE answers the envelope whether or not the key existed. `failNext` makes the
 * next calls of a method answer 500 (a test of the client's retries).
 */
import { createHash } from "node:crypto";
import { apiError, NO_ROUTE, startCloudflareApiFake, type ApiAnswer } from "./cloudflare-api-server";

export async function startFakeR2Api(options: { token: string; buckets: string[]; /** Most keys a list page holds. */ pageSize?: number }) {
  const objects = new Map<string, Map<string, Uint8Array>>(options.buckets.map((name) => [name, new Map()]));
  const calls: string[] = [];
  const failing: Record<string, number> = {};
  const list = (bucketName: string, query: URLSearchParams): ApiAnswer => {
    const bucket = objects.get(bucketName);
    if (!bucket) return apiError(404, 10006, "The specified bucket does not exist.");
    const prefix = query.get("prefix") ?? "";
    const perPage = Math.min(options.pageSize ?? 1000, Number(query.get("per_page") ?? 1000));
    const after = query.get("cursor") ? Buffer.from(query.get("cursor") as string, "base64url").toString("utf8") : "";
    const keys = [...bucket.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, perPage);
    const truncated = keys.length > perPage;
    calls.push(`LIST ${prefix}`);
    return {
      status: 200,
      result: page.map((key) => ({
        key,
        size: String(bucket.get(key)?.byteLength ?? 0),
        etag: "",
        last_modified: new Date().toISOString(),
      })),
      resultInfo: {
        cursor: truncated ? Buffer.from(page.at(-1) ?? "").toString("base64url") : "",
        per_page: perPage,
        is_truncated: truncated,
      },
    };
  };
  const handle = (method: string, url: string, _text: string, bytes: Buffer): ApiAnswer => {
    const listing = /^\/client\/v4\/accounts\/[^/]+\/r2\/buckets\/([^/]+)\/objects(\?.*)?$/.exec(url);
    if (listing && method === "GET") {
      if ((failing.LIST ?? 0) > 0) {
        failing.LIST!--;
        return apiError(500, 10001, "Internal error");
      }
      return list(decodeURIComponent(listing[1]!), new URLSearchParams(listing[2]?.slice(1) ?? ""));
    }
    const match = /^\/client\/v4\/accounts\/[^/]+\/r2\/buckets\/([^/]+)\/objects\/(.+)$/.exec(url);
    if (!match) return NO_ROUTE;
    const key = match[2]!.split("/").map(decodeURIComponent).join("/");
    calls.push(`${method} ${key}`);
    if ((failing[method] ?? 0) > 0) {
      failing[method]!--;
      return apiError(500, 10001, "Internal error");
    }
    const bucket = objects.get(decodeURIComponent(match[1]!));
    if (!bucket) return apiError(404, 10006, "The specified bucket does not exist.");
    if (method === "GET") {
      const stored = bucket.get(key);
      return stored ? { status: 200, raw: stored } : apiError(404, 10007, "The specified key does not exist.");
    }
    if (method === "PUT") {
      bucket.set(key, new Uint8Array(bytes));
      const etag = createHash("md5").update(bytes).digest("hex");
      return { status: 200, result: { key, size: String(bytes.byteLength), etag, uploaded: new Date().toISOString() } };
    }
    if (method === "DELETE") {
      bucket.delete(key);
      return { status: 200, result: {} };
    }
    return NO_ROUTE;
  };
  const server = await startCloudflareApiFake(options.token, handle);
  return {
    baseUrl: server.baseUrl,
    object: (bucket: string, key: string) => objects.get(bucket)?.get(key) ?? null,
    calls,
    failNext: (method: string, times: number) => {
      failing[method] = times;
    },
    close: server.close,
  };
}
