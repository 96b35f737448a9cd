/**
 * The embedded backend of this isolate: the current version's snapshot is read from R2 once and kept in memory; the
 * version pointer in D1 is re-read at most every 30 s so a reindex is picked up without a restart. A call that finds
 * its version's documents already dropped (a reindex with a short grace period switched within those 30 s) re-reads
 * the pointer and runs once more, whole, on the live version: the answer comes from one version, never a 500.
 */
import type { Search } from "../../workers/shared/search/search-schema";
import { AppError } from "../../workers/shared/errors";
import { log } from "../../workers/shared/log";
import type { BackendInfo, ExportChunk, ExportOptions, SearchBackend } from "../backend";
import { D1DocumentStore, IndexVersionGoneError } from "./d1-documents";
import { EmbeddedBackend } from "./embedded-backend";
import { CURRENT_VERSION_SQL } from "./index-versions";
import { decodeSnapshot } from "./snapshot";

export interface EmbeddedEnv {
  SEARCH_DB: D1Database;
  SEARCH_INDEX: R2Bucket;
}

const RECHECK_MS = 30_000;

interface Loaded {
  version: number;
  backend: EmbeddedBackend;
}

let current: Loaded | null = null;
let loading: Promise<Loaded> | null = null;
let checkedAt = 0;

const NOT_READY_MESSAGE = "Sökningen är inte tillgänglig just nu. Försök igen om en stund.";
const notReady = () => new AppError("SEARCH_INDEX_MISSING", 503, NOT_READY_MESSAGE);

async function load(env: EmbeddedEnv, version: number, key: string): Promise<Loaded> {
  const started = performance.now();
  const object = await env.SEARCH_INDEX.get(key);
  if (!object) throw notReady();
  const index = decodeSnapshot(await object.arrayBuffer());
  const backend = new EmbeddedBackend(index, new D1DocumentStore(env.SEARCH_DB, version));
  log("info", "search index loaded", { version, bytes: object.size, ms: Math.round(performance.now() - started) });
  return { version, backend };
}

/** The backend of the current index version, loading it when this isolate has none or an old one. */
async function liveBackend(env: EmbeddedEnv, recheck = false): Promise<EmbeddedBackend> {
  if (current && !recheck && Date.now() - checkedAt < RECHECK_MS) return current.backend;
  const row = await env.SEARCH_DB.prepare(CURRENT_VERSION_SQL).first<{ version: number; snapshotKey: string | null }>();
  if (!row?.snapshotKey) throw notReady();
  checkedAt = Date.now();
  if (current?.version === row.version) return current.backend;
  const key = row.snapshotKey;
  loading ??= load(env, row.version, key).finally(() => {
    loading = null;
  });
  current = await loading;
  return current.backend;
}

/** The live version after `gone` vanished under a call; the same backend again means the pointer names a version without documents. */
async function replacementOf(env: EmbeddedEnv, stale: EmbeddedBackend, gone: IndexVersionGoneError): Promise<EmbeddedBackend> {
  const next = await liveBackend(env, true);
  if (next === stale) {
    log("error", "live index version has no documents", { version: gone.version });
    throw notReady();
  }
  log("info", "index version dropped under a call; run again on the live version", { gone: gone.version, live: next.index.version });
  return next;
}

/**
 * The version a request started on was dropped after the request had already reported it (info()), so the call cannot
 * quietly go on at the new version: the caller starts over (search pages and the SNI aggregation do, once), else 503.
 */
export class IndexVersionMovedError extends AppError {
  constructor(
    readonly from: number,
    readonly to: number,
  ) {
    super("SEARCH_INDEX_MOVED", 503, NOT_READY_MESSAGE);
    this.name = "IndexVersionMovedError";
  }
}

/**
 * SearchBackend of one request, pinned to the version live when it was made. A call that finds that version's
 * documents dropped moves the pin to the live version and runs again there, unless the request already reported the
 * old version (IndexVersionMovedError): an answer never mixes two versions.
 */
class LiveEmbeddedBackend implements SearchBackend {
  private reported: number | null = null;

  constructor(
    private readonly env: EmbeddedEnv,
    private pinned: EmbeddedBackend,
  ) {}

  /** Moves the pin off `stale`, whose documents are gone; throws when the old version was already reported. */
  private async repin(stale: EmbeddedBackend, gone: IndexVersionGoneError): Promise<EmbeddedBackend> {
    if (this.pinned === stale) this.pinned = await replacementOf(this.env, stale, gone);
    if (this.reported !== null && this.reported !== this.pinned.index.version) {
      throw new IndexVersionMovedError(this.reported, this.pinned.index.version);
    }
    return this.pinned;
  }

  private async run<T>(call: (backend: EmbeddedBackend) => Promise<T>): Promise<T> {
    const backend = this.pinned;
    try {
      return await call(backend);
    } catch (error) {
      if (!(error instanceof IndexVersionGoneError)) throw error;
      return call(await this.repin(backend, error));
    }
  }

  search: SearchBackend["search"] = (search, options) => this.run((b) => b.search(search, options));
  getEntity: SearchBackend["getEntity"] = (id, type) => this.run((b) => b.getEntity(id, type));
  readExportIds: SearchBackend["readExportIds"] = (search, options) => this.run((b) => b.readExportIds(search, options));
  resolveOrgNumbers: SearchBackend["resolveOrgNumbers"] = (orgNos) => this.run((b) => b.resolveOrgNumbers(orgNos));

  async info(): Promise<BackendInfo> {
    const info = await this.pinned.info();
    this.reported = info.version;
    return info;
  }

  /** Runs again on the live version only while nothing was handed out; after a chunk the caller sees the error. */
  async *readExportRows(search: Search, options: ExportOptions): AsyncIterable<ExportChunk> {
    const backend = this.pinned;
    let handedOut = false;
    try {
      for await (const chunk of backend.readExportRows(search, options)) {
        handedOut = true;
        yield chunk;
      }
    } catch (error) {
      if (!(error instanceof IndexVersionGoneError) || handedOut) throw error;
      yield* (await this.repin(backend, error)).readExportRows(search, options);
    }
  }
}

/** The SearchBackend of the live index version for one request (see LiveEmbeddedBackend). */
export async function getEmbeddedBackend(env: EmbeddedEnv): Promise<SearchBackend> {
  return new LiveEmbeddedBackend(env, await liveBackend(env));
}

/** Forgets the loaded index (tests). */
export function resetEmbeddedBackend(): void {
  current = null;
  loading = null;
  checkedAt = 0;
}
