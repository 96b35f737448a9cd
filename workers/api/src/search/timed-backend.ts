/** A SearchBackend that reports the time spent in each call (for Server-Timing and the request log line). */
import type { SearchBackend } from "#search-index";

/** Milliseconds since `started` (a performance.now() value), to 0.1 ms. */
export const elapsedMs = (started: number) => Math.round((performance.now() - started) * 10) / 10;

export function timeBackend(backend: SearchBackend, record: (ms: number) => void): SearchBackend {
  const time = async <T>(call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await call();
    } finally {
      record(elapsedMs(started));
    }
  };
  return {
    search: (search, options) => time(() => backend.search(search, options)),
    getEntity: (id, type) => time(() => backend.getEntity(id, type)),
    readExportRows: (search, options) => backend.readExportRows(search, options),
    readExportIds: (search, options) => time(() => backend.readExportIds(search, options)),
    suggestRecords: (search, limit) => time(() => backend.suggestRecords(search, limit)),
    resolveOrgNumbers: (orgNos) => time(() => backend.resolveOrgNumbers(orgNos)),
    info: () => time(() => backend.info()),
  };
}
