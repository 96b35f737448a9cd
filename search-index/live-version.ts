/**
 * One request's SearchBackend, pinned to the index version that was live when the request began, on either backend.
 * Isolates re-read which version is live (the embedded pointer row, the Elasticsearch aliases) at most every 30 s, so
 * a reindex that drops the version they hold before then (a short grace period, or two reindexes in a row) leaves a
 * call reading documents or an index that no longer exist. The backend reports that as IndexVersionGoneError; the
 * pinned backend then moves to the live version and runs the call again there, unless the request has already
 * reported the old version (info(), sent as X-Index-Version), in which case IndexVersionMovedError tells the caller to
 * start over (search pages and the SNI aggregation do, once). An answer never mixes two versions.
 */
import { AppError } from "#shared/errors";
import { log } from "#shared/log";
import type { BackendInfo, ExportChunk, ExportOptions, SearchBackend } from "./backend";
import type { ValidSearch } from "./search-model";

export const NOT_READY_MESSAGE = "Sökningen är inte tillgänglig just nu. Försök igen om en stund.";

/** The documents or indices of `version` are gone (the backend's own reads say so). */
export class IndexVersionGoneError extends Error {
  constructor(readonly version: number) {
    super(`index version ${version} is gone`);
    this.name = "IndexVersionGoneError";
  }
}

/** The request reported version `from`, which was dropped under it; `to` is live now. Start the answer over. */
export class IndexVersionMovedError extends AppError {
  constructor(
    readonly from: number,
    readonly to: number,
  ) {
    super("SEARCH_INDEX_MOVED", 503, NOT_READY_MESSAGE);
    this.name = "IndexVersionMovedError";
  }
}

export interface VersionedBackend {
  version: number;
  backend: SearchBackend;
}

/** The live version's backend; `recheck` re-reads which version is live now instead of within 30 s. */
export type LiveSource = (recheck: boolean) => Promise<VersionedBackend>;

class PinnedBackend implements SearchBackend {
  private reported: number | null = null;

  constructor(
    private readonly live: LiveSource,
    private pinned: VersionedBackend,
  ) {}

  /** Moves the pin off `stale`, whose version is gone; throws when the request already reported another version. */
  private async repin(stale: VersionedBackend, gone: IndexVersionGoneError): Promise<SearchBackend> {
    if (this.pinned === stale) {
      const next = await this.live(true);
      if (next.version === stale.version) {
        log("error", "live index version has no documents", { version: gone.version });
        throw new AppError("SEARCH_INDEX_MISSING", 503, NOT_READY_MESSAGE);
      }
      log("info", "index version dropped under a call; run again on the live version", { gone: gone.version, live: next.version });
      this.pinned = next;
    }
    if (this.reported !== null && this.reported !== this.pinned.version)
      throw new IndexVersionMovedError(this.reported, this.pinned.version);
    return this.pinned.backend;
  }

  private async run<T>(call: (backend: SearchBackend) => Promise<T>): Promise<T> {
    const pinned = this.pinned;
    try {
      return await call(pinned.backend);
    } catch (error) {
      if (!(error instanceof IndexVersionGoneError)) throw error;
      return call(await this.repin(pinned, error));
    }
  }

  search: SearchBackend["search"] = (search, options) => this.run((b) => b.search(search, options));
  getEntity: SearchBackend["getEntity"] = (id, type) => this.run((b) => b.getEntity(id, type));
  readExportIds: SearchBackend["readExportIds"] = (search, options) => this.run((b) => b.readExportIds(search, options));
  suggestRecords: SearchBackend["suggestRecords"] = (search, limit) => this.run((b) => b.suggestRecords(search, limit));
  resolveOrgNumbers: SearchBackend["resolveOrgNumbers"] = (orgNos) => this.run((b) => b.resolveOrgNumbers(orgNos));

  async info(): Promise<BackendInfo> {
    const info = await this.pinned.backend.info();
    this.reported = info.version;
    return info;
  }

  /** Runs again on the live version only while nothing was handed out; after a chunk the caller sees the error. */
  async *readExportRows(search: ValidSearch, options: ExportOptions): AsyncIterable<ExportChunk> {
    const pinned = this.pinned;
    let handedOut = false;
    try {
      for await (const chunk of pinned.backend.readExportRows(search, options)) {
        handedOut = true;
        yield chunk;
      }
    } catch (error) {
      if (!(error instanceof IndexVersionGoneError) || handedOut) throw error;
      yield* (await this.repin(pinned, error)).readExportRows(search, options);
    }
  }
}

/** A SearchBackend for one request, pinned to the version `live` names now (see the module comment). */
export async function pinnedBackend(live: LiveSource): Promise<SearchBackend> {
  return new PinnedBackend(live, await live(false));
}

/**
 * Runs `answer` again, once, when the index version it reported was dropped under it (a reindex switched): the second
 * run reports and answers from the live version.
 */
export async function onOneVersion<T>(answer: () => Promise<T>): Promise<T> {
  try {
    return await answer();
  } catch (error) {
    if (!(error instanceof IndexVersionMovedError)) throw error;
    return answer();
  }
}
