/**
 * Both register files from one pass over the source records: OUT/bolagsverket_bulkfil.txt and
 * OUT/scb_bulkfil_JE_<timestamp>.txt (write-bolagsverket.ts, write-scb.ts).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { CompanySourceRecord } from "#search-index/engine";
import { type BolagsverketFileResult, BolagsverketFileWriter } from "./write-bolagsverket";
import { scbFileName, type ScbFileResult, ScbFileWriter } from "./write-scb";

export const BOLAGSVERKET_FILE_NAME = "bolagsverket_bulkfil.txt";

export interface RegisterFilesOptions {
  outDir: string;
  seed: number;
  /** Bolagsverket rows per source company (default: the real file's 2.97 M / 1.3 M). */
  bolagsverketRowsPerCompany?: number;
  /** SCB rows per source company (default: the real file's 1.8 M / 1.3 M). */
  scbRowsPerCompany?: number;
  /** Share of sole traders registered with Bolagsverket. */
  soleTraderShare?: number;
  /** Delivery timestamp in the SCB file's name, e.g. "20261101T060000_01". */
  timestamp?: string;
  /** Called after each source company. */
  onCompany?: (companies: number) => void;
  onExtraProgress?: (done: number, total: number) => void;
}

export interface RegisterFilesResult {
  bolagsverket: BolagsverketFileResult;
  scb: ScbFileResult;
}

export async function writeRegisterFiles(
  companies: AsyncIterable<CompanySourceRecord> | Iterable<CompanySourceRecord>,
  options: RegisterFilesOptions,
): Promise<RegisterFilesResult> {
  mkdirSync(options.outDir, { recursive: true });
  const membership = { seed: options.seed, soleTraderShare: options.soleTraderShare };
  const bolagsverket = new BolagsverketFileWriter({
    ...membership,
    file: path.join(options.outDir, BOLAGSVERKET_FILE_NAME),
    rowsPerCompany: options.bolagsverketRowsPerCompany,
  });
  const scb = new ScbFileWriter({
    ...membership,
    file: path.join(options.outDir, scbFileName(options.timestamp)),
    rowsPerCompany: options.scbRowsPerCompany,
    onExtraProgress: options.onExtraProgress,
  });
  let count = 0;
  for await (const record of companies) {
    await bolagsverket.write(record);
    await scb.write(record);
    options.onCompany?.(++count);
  }
  return { bolagsverket: await bolagsverket.close(), scb: await scb.close() };
}
