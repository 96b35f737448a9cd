/**
 * The embedded backend of this isolate: the current version's snapshot is read from R2 once and kept in memory; the
 * version pointer in D1 is re-read at most every 30 s so a reindex is picked up without a restart. Each request gets
 * it pinned to one version (../live-version.ts): a call that finds its version's documents already dropped runs
 * again on the live version, never a 500.
 */
import { AppError } from "#shared/errors";
import { log } from "#shared/log";
import type { SearchBackend } from "../backend";
import { NOT_READY_MESSAGE, pinnedBackend } from "../live-version";
import { D1DocumentStore } from "./d1-documents";
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

/** The SearchBackend of the live index version for one request, pinned to that version (see ../live-version.ts). */
export function getEmbeddedBackend(env: EmbeddedEnv): Promise<SearchBackend> {
  return pinnedBackend(async (recheck) => {
    const backend = await liveBackend(env, recheck);
    return { version: backend.index.version, backend };
  });
}

/** Forgets the loaded index (tests). */
export function resetEmbeddedBackend(): void {
  current = null;
  loading = null;
  checkedAt = 0;
}
