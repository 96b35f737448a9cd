/**
 * Writes SCB's bulk file (the format `npm run data:load-scb` reads, docs/decisions/0021) from a stream of source
 * records: a row per source company (ISO-8859-1, TAB-separated, mask columns, trailing TAB, CRLF), then SCB-only
 * entities (scb-extra-entities.ts) up to `rowsPerCompany` rows per source company (the real file: about 1.8 M rows for
 * 1.3 M companies). Memory: one company's row, plus the set of organisation numbers so the extra ones are new.
 */
import type { CompanySourceRecord } from "#search-index/engine";
import { ChunkedFileWriter } from "./chunked-file-writer";
import { companyRng, isInBolagsverket, type MembershipOptions } from "./register-membership";
import { ScbExtraEntities } from "./scb-extra-entities";
import { SCB_HEADER_LINE, scbRow } from "./scb-rows";

/** Rows of the real file per company of a full-Sweden dataset (1.8 M rows, 1.3 M companies). */
export const DEFAULT_SCB_ROWS_PER_COMPANY = 1_800_000 / 1_300_000;
/** The delivery timestamp in the file's name, matching the synthetic registers' date. */
export const DEFAULT_SCB_TIMESTAMP = "20261101T060000_01";
const ROW_SALT = 3;

export const scbFileName = (timestamp = DEFAULT_SCB_TIMESTAMP): string => `scb_bulkfil_JE_${timestamp}.txt`;

export interface ScbFileOptions extends MembershipOptions {
  file: string;
  /** Rows per source company, SCB-only extra entities included (at least one per company); default 1.8 M / 1.3 M. */
  rowsPerCompany?: number;
  /** Progress of the extra entities written after the source companies. */
  onExtraProgress?: (done: number, total: number) => void;
}

export interface ScbFileResult {
  file: string;
  rows: number;
  /** Source companies written (every one gets a row). */
  companies: number;
  /** Source companies that are not in Bolagsverket's file. */
  scbOnlyCompanies: number;
  /** Entities beyond the source dataset. */
  extraEntities: number;
  bytes: number;
}

export class ScbFileWriter {
  private readonly out: ChunkedFileWriter;
  private readonly extras = new ScbExtraEntities();
  private readonly result: ScbFileResult;
  private started = false;

  constructor(private readonly options: ScbFileOptions) {
    this.out = new ChunkedFileWriter(options.file);
    if (!((options.rowsPerCompany ?? 1) >= 1)) throw new Error("rowsPerCompany must be at least 1 (every company has a row)");
    this.result = { file: options.file, rows: 0, companies: 0, scbOnlyCompanies: 0, extraEntities: 0, bytes: 0 };
  }

  private async writeRow(record: CompanySourceRecord, inBolagsverket: boolean) {
    if (!this.started) {
      this.started = true;
      await this.out.write(SCB_HEADER_LINE);
    }
    await this.out.write(scbRow(record, { inBolagsverket, rng: companyRng(record.orgNo, this.options.seed, ROW_SALT) }));
    this.result.rows++;
  }

  async write(record: CompanySourceRecord): Promise<void> {
    const inBolagsverket = isInBolagsverket(record, this.options);
    this.extras.reserve(record.orgNo);
    await this.writeRow(record, inBolagsverket);
    this.result.companies++;
    if (!inBolagsverket) this.result.scbOnlyCompanies++;
  }

  /** Writes the extra entities, then closes the file. */
  async close(): Promise<ScbFileResult> {
    const rowsPerCompany = this.options.rowsPerCompany ?? DEFAULT_SCB_ROWS_PER_COMPANY;
    const total = Math.max(0, Math.round(this.result.companies * rowsPerCompany) - this.result.companies);
    for (const record of this.extras.draw(total, this.options.seed)) {
      await this.writeRow(record, false);
      if (++this.result.extraEntities % 1000 === 0) this.options.onExtraProgress?.(this.result.extraEntities, total);
    }
    this.options.onExtraProgress?.(this.result.extraEntities, total);
    if (!this.started) await this.out.write(SCB_HEADER_LINE);
    await this.out.close();
    return { ...this.result, bytes: this.out.bytes };
  }
}

/** Writes the whole file from a stream of source records. */
export async function writeScbFile(
  companies: AsyncIterable<CompanySourceRecord> | Iterable<CompanySourceRecord>,
  options: ScbFileOptions,
): Promise<ScbFileResult> {
  const writer = new ScbFileWriter(options);
  for await (const record of companies) await writer.write(record);
  return writer.close();
}
