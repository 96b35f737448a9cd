/**
 * Bulk access to the local persisted SEARCH_DB and SEARCH_INDEX bindings (the state `npm start` serves) through a
 * small loader Worker in Miniflare. Rows travel as tab-separated request bodies and are inserted inside the Worker with
 * batches of multi-row INSERT … VALUES; the platform proxy (getPlatformProxy) moves only about 3 000 rows/s, see
 * docs/decisions.
 */
import path from "node:path";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { MAX_BOUND_PARAMETERS } from "#search-index/engine";
import type { LoaderDatabase, ObjectStore, SqlStore, Statement } from "#search-index/indexing";
import { API_CONFIG } from "../lib/local-bindings";
import { isLockedOrMasked, LOCKED_RETRY_DELAYS_MS } from "../lib/sqlite-locked";

export type { LoaderDatabase, SqlStore, Statement } from "#search-index/indexing";

/**
 * The local identities of SEARCH_DB, SEARCH_INDEX and DB (the app database: Bevakning's saved searches and watched
 * companies, read and staged by the reindex), as the API worker's wrangler.toml names them.
 */
function searchBindings() {
  const config = unstable_readConfig({ config: API_CONFIG });
  const db = config.d1_databases.find((d: { binding: string; database_id?: string }) => d.binding === "SEARCH_DB");
  const appDb = config.d1_databases.find((d: { binding: string; database_id?: string }) => d.binding === "DB");
  const bucket = config.r2_buckets.find((b: { binding: string; bucket_name?: string }) => b.binding === "SEARCH_INDEX");
  if (!db?.database_id || !appDb?.database_id || !bucket?.bucket_name) throw new Error(`${API_CONFIG} lacks SEARCH_DB, DB or SEARCH_INDEX`);
  return { databaseId: db.database_id, appDatabaseId: appDb.database_id, bucketName: bucket.bucket_name };
}

const LOADER_WORKER = `
const json = (value, status = 200) => new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const db = url.searchParams.get("db") === "DB" ? env.DB : env.SEARCH_DB;
    try {
      if (url.pathname === "/sql") {
        const { statements } = await request.json();
        const prepared = statements.map((s) => db.prepare(s.sql).bind(...s.params));
        const results = await db.batch(prepared);
        return json(results.map((r) => r.results ?? []));
      }
      if (url.pathname === "/values") {
        // Rows as tab-separated lines (the last field JSON text, which never holds a raw tab), bound as plain
        // parameters of multi-row INSERT … VALUES statements: SQLite parses no JSON.
        const lines = (await request.text()).split("\\n").filter((l) => l !== "");
        const head = url.searchParams.get("sql");
        const columns = Number(url.searchParams.get("columns"));
        const perStatement = Math.floor(${MAX_BOUND_PARAMETERS} / columns);
        const tuple = "(" + Array(columns).fill("?").join(",") + ")";
        const batch = [];
        for (let i = 0; i < lines.length; i += perStatement) {
          const rows = lines.slice(i, i + perStatement);
          const params = [];
          for (const line of rows) params.push(...line.split("\\t"));
          batch.push(db.prepare(head + " VALUES " + Array(rows.length).fill(tuple).join(",")).bind(...params));
        }
        if (batch.length > 0) await db.batch(batch);
        return json({ rows: lines.length });
      }
      if (url.pathname === "/object" && request.method === "PUT") {
        await env.SEARCH_INDEX.put(url.searchParams.get("key"), request.body);
        return json({ ok: true });
      }
      if (url.pathname === "/multipart/create") {
        const upload = await env.SEARCH_INDEX.createMultipartUpload(url.searchParams.get("key"));
        return json({ uploadId: upload.uploadId });
      }
      if (url.pathname === "/multipart/part") {
        const upload = env.SEARCH_INDEX.resumeMultipartUpload(url.searchParams.get("key"), url.searchParams.get("uploadId"));
        return json(await upload.uploadPart(Number(url.searchParams.get("part")), await request.arrayBuffer()));
      }
      if (url.pathname === "/multipart/complete") {
        const upload = env.SEARCH_INDEX.resumeMultipartUpload(url.searchParams.get("key"), url.searchParams.get("uploadId"));
        await upload.complete(await request.json());
        return json({ ok: true });
      }
      if (url.pathname === "/multipart/abort") {
        await env.SEARCH_INDEX.resumeMultipartUpload(url.searchParams.get("key"), url.searchParams.get("uploadId")).abort();
        return json({ ok: true });
      }
      if (url.pathname === "/object" && request.method === "DELETE") {
        await env.SEARCH_INDEX.delete(url.searchParams.get("key"));
        return json({ ok: true });
      }
      if (url.pathname === "/object" && request.method === "HEAD") {
        return (await env.SEARCH_INDEX.head(url.searchParams.get("key"))) ? new Response(null) : new Response(null, { status: 404 });
      }
      if (url.pathname === "/list") {
        const keys = [];
        let cursor;
        do {
          const page = await env.SEARCH_INDEX.list({ prefix: url.searchParams.get("prefix") ?? "", cursor });
          for (const object of page.objects) keys.push(object.key);
          cursor = page.truncated ? page.cursor : undefined;
        } while (cursor);
        return json(keys);
      }
      if (url.pathname === "/object" && request.method === "GET") {
        const object = await env.SEARCH_INDEX.get(url.searchParams.get("key"));
        return object ? new Response(object.body) : json({ error: "not found" }, 404);
      }
      return json({ error: "unknown path" }, 404);
    } catch (error) {
      return json({ error: String(error && error.stack || error) }, 500);
    }
  },
};`;

const CALL_ATTEMPTS = 3;

/** An error with its causes ("fetch failed: other side closed"). */
function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e && parts.length < 4; e = (e as { cause?: unknown }).cause) {
    parts.push(
      e instanceof Error ? `${e.message}${(e as { code?: string }).code ? ` (${(e as { code?: string }).code})` : ""}` : String(e),
    );
  }
  return parts.join(": ");
}

/** Multipart part size for snapshots (R2 wants equal parts of at least 5 MiB, except the last). */
const PART_BYTES = 32 * 1024 * 1024;
/** Snapshot parts uploaded at once. */
const PARTS_IN_FLIGHT = 2;

export class LocalLoader implements SqlStore, ObjectStore {
  private constructor(private readonly mf: Miniflare) {}

  /** Opens the bindings on `persistDir` (the --persist-to directory of wrangler dev). */
  static async open(persistDir: string): Promise<LocalLoader> {
    const { databaseId, appDatabaseId, bucketName } = searchBindings();
    const options = convertV4MiniflareOptions({
      modules: true,
      script: LOADER_WORKER,
      compatibilityDate: "2026-11-01",
      resourcePersistencePath: path.join(persistDir, "v3"),
      d1Databases: { SEARCH_DB: databaseId, DB: appDatabaseId },
      r2Buckets: { SEARCH_INDEX: bucketName },
    } as Parameters<typeof convertV4MiniflareOptions>[0]);
    const mf = new Miniflare(options);
    await mf.ready;
    return new LocalLoader(mf);
  }

  /** One request to the loader Worker; `retryable` calls (idempotent ones) are repeated after a connection failure. */
  private async call<T>(pathAndQuery: string, init: RequestInit = {}, retryable = false): Promise<T> {
    let lockedTries = 0;
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = (await this.mf.dispatchFetch(`http://loader${pathAndQuery}`, init as never)) as unknown as Response;
      } catch (error) {
        // A connection-level failure: the request may or may not have run, so only idempotent calls are repeated.
        const reason = describeError(error);
        if (!retryable || attempt >= CALL_ATTEMPTS) throw new Error(`loader ${pathAndQuery.split("?")[0]}: ${reason}`, { cause: error });
        console.error(
          JSON.stringify({ level: "warn", msg: "loader call failed, retrying", path: pathAndQuery.split("?")[0], attempt, reason }),
        );
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        continue;
      }
      const text = await response.text();
      if (!response.ok) {
        // "database is locked": the serving stack beside the reindex held the state's write lock too long (seen under
        // npm test's load while Bevakning's staging was written). The batch is one transaction that did not commit,
        // so any call is asked again, after a pause that grows. workerd masks the same failure of a D1 call as
        // "internal error; reference = …" (sqlite-locked.ts), which is asked again alike.
        const lockedDelay = isLockedOrMasked(text) ? LOCKED_RETRY_DELAYS_MS[lockedTries++] : undefined;
        if (lockedDelay !== undefined) {
          console.error(
            JSON.stringify({
              level: "warn",
              msg: "loader call met a locked database, retrying",
              path: pathAndQuery.split("?")[0],
              lockedTries,
            }),
          );
          await new Promise((resolve) => setTimeout(resolve, lockedDelay));
          attempt--;
          continue;
        }
        // The runtime lost its own connection to a binding's storage (seen under load on a state another killed run
        // used): an idempotent call is asked again, like a connection failure.
        if (retryable && attempt < CALL_ATTEMPTS && text.includes("Network connection lost")) {
          console.error(
            JSON.stringify({ level: "warn", msg: "loader call failed, retrying", path: pathAndQuery.split("?")[0], attempt, reason: text }),
          );
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
          continue;
        }
        throw new Error(`loader ${pathAndQuery.split("?")[0]}: ${text}`);
      }
      return JSON.parse(text) as T;
    }
  }

  /** Runs statements as one D1 batch (a transaction); returns each statement's rows. */
  sql<Row = Record<string, unknown>>(statements: Statement[], db: LoaderDatabase = "SEARCH_DB"): Promise<Row[][]> {
    const init = { method: "POST", body: JSON.stringify({ statements }), headers: { "content-type": "application/json" } };
    return this.call(`/sql?db=${db}`, init);
  }

  /** Inserts rows given as tab-separated lines (`columns` fields each) with INSERT … VALUES statements. */
  insertValues(
    sqlHead: string,
    columns: number,
    lines: Uint8Array<ArrayBuffer> | string,
    db: LoaderDatabase = "SEARCH_DB",
  ): Promise<{ rows: number }> {
    return this.call(`/values?sql=${encodeURIComponent(sqlHead)}&columns=${columns}&db=${db}`, { method: "POST", body: lines });
  }

  /**
   * Stores an object of known length as an R2 multipart upload of equal parts (large bodies fail in one request);
   * `onPart` is awaited after each part is stored.
   */
  async putObject(key: string, parts: Uint8Array[], byteLength: number, onPart?: (part: number) => Promise<void>): Promise<void> {
    const query = (extra: string) => `?key=${encodeURIComponent(key)}${extra}`;
    const { uploadId } = await this.call<{ uploadId: string }>(`/multipart/create${query("")}`, { method: "POST" }, true);
    const id = `&uploadId=${encodeURIComponent(uploadId)}`;
    try {
      const uploaded: { partNumber: number; etag: string }[] = [];
      // Up to PARTS_IN_FLIGHT parts travel at once (the runtime writes one while the next is copied to it); onPart
      // still sees the parts stored in order.
      const inFlight: Promise<{ partNumber: number; etag: string }>[] = [];
      let sent = 0;
      const settleOldest = async () => {
        uploaded.push(await (inFlight.shift() as Promise<{ partNumber: number; etag: string }>));
        await onPart?.(uploaded.length);
      };
      let buffer = new Uint8Array(Math.min(PART_BYTES, Math.max(1, byteLength)));
      let filled = 0;
      const send = async () => {
        const part = ++sent;
        const body = filled === buffer.length ? buffer : buffer.slice(0, filled);
        const request = this.call<{ partNumber: number; etag: string }>(
          `/multipart/part${query(`${id}&part=${part}`)}`,
          { method: "PUT", body },
          true,
        );
        request.catch(() => {}); // awaited in order by settleOldest
        inFlight.push(request);
        buffer = new Uint8Array(Math.min(PART_BYTES, Math.max(1, byteLength - sent * PART_BYTES)));
        filled = 0;
        while (inFlight.length >= PARTS_IN_FLIGHT) await settleOldest();
      };
      for (const chunk of parts) {
        for (let offset = 0; offset < chunk.length;) {
          const take = Math.min(chunk.length - offset, buffer.length - filled);
          buffer.set(chunk.subarray(offset, offset + take), filled);
          filled += take;
          offset += take;
          if (filled === buffer.length) await send();
        }
      }
      if (filled > 0 || sent === 0) await send();
      while (inFlight.length > 0) await settleOldest();
      await this.call(`/multipart/complete${query(id)}`, { method: "POST", body: JSON.stringify(uploaded) });
    } catch (error) {
      await this.call(`/multipart/abort${query(id)}`, { method: "POST" }).catch(() => {});
      throw error;
    }
  }

  deleteObject(key: string): Promise<unknown> {
    return this.call(`/object?key=${encodeURIComponent(key)}`, { method: "DELETE" }, true);
  }

  /** Whether an object exists (R2 head: no body read). */
  async hasObject(key: string): Promise<boolean> {
    const response = await this.mf.dispatchFetch(`http://loader/object?key=${encodeURIComponent(key)}`, { method: "HEAD" });
    return response.ok;
  }

  async getObject(key: string): Promise<ArrayBuffer | null> {
    const response = await this.mf.dispatchFetch(`http://loader/object?key=${encodeURIComponent(key)}`);
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`loader get ${key}: ${await response.text()}`);
    return response.arrayBuffer();
  }

  /** Every key under `prefix`. */
  listKeys(prefix: string): Promise<string[]> {
    return this.call<string[]>(`/list?prefix=${encodeURIComponent(prefix)}`, { method: "GET" }, true);
  }

  /** The bindings themselves (slow proxies: for reads and tests, not bulk loading). */
  async bindings(): Promise<{ SEARCH_DB: D1Database; SEARCH_INDEX: R2Bucket; DB: D1Database }> {
    const [db, bucket, appDb] = await Promise.all([
      this.mf.getD1Database("SEARCH_DB"),
      this.mf.getR2Bucket("SEARCH_INDEX"),
      this.mf.getD1Database("DB"),
    ]);
    return { SEARCH_DB: db as unknown as D1Database, SEARCH_INDEX: bucket as unknown as R2Bucket, DB: appDb as unknown as D1Database };
  }

  dispose(): Promise<void> {
    return this.mf.dispose();
  }
}
