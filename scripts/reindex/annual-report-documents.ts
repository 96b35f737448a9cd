/**
 * The filed annual-report documents of a register dataset into R2 (issue 45 point 4, docs/decisions/0050): the packs
 * that data:load-register wrote (annual-reports/packs/<sha256>.bin, each named by the SHA-256 of its bytes) under the
 * same key in SEARCH_INDEX. A pack already stored is left as it is (same name, same bytes), so a load whose documents
 * did not change stores nothing. Runs before the new index version goes live, so every report a search lists has its
 * document in place.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** R2 key of a pack (the API's reader: workers/api/src/details/annual-report-document.ts). */
export const packKey = (pack: string) => `annual-reports/packs/${pack}.bin`;

export interface PackStore {
  hasObject(key: string): Promise<boolean>;
  putObject(key: string, parts: Uint8Array[], byteLength: number): Promise<void>;
}

const packsDir = (sourceDir: string) => path.join(sourceDir, "annual-reports", "packs");

/** The packs of a dataset: a register load has them, a generated dataset has none. */
export function annualReportPacks(sourceDir: string): string[] {
  const dir = packsDir(sourceDir);
  return existsSync(dir) ? readdirSync(dir).filter((name) => /^[0-9a-f]{64}\.bin$/.test(name)) : [];
}

export async function storeAnnualReportPacks(
  sourceDir: string,
  store: PackStore,
  onProgress?: (done: number) => void,
): Promise<{ packs: number; stored: number; bytes: number }> {
  const totals = { packs: 0, stored: 0, bytes: 0 };
  for (const name of annualReportPacks(sourceDir)) {
    const key = packKey(name.slice(0, -".bin".length));
    if (!(await store.hasObject(key))) {
      const bytes = readFileSync(path.join(packsDir(sourceDir), name));
      await store.putObject(key, [bytes], bytes.byteLength);
      totals.stored++;
      totals.bytes += bytes.byteLength;
    }
    // Counted outside the optional call: `onProgress?.(++n)` skips the increment when there is no callback.
    totals.packs++;
    onProgress?.(totals.packs);
  }
  return totals;
}
