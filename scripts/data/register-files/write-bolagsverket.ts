/**
 * Writes Bolagsverket's bulk file (the format `npm run data:load-bolagsverket` reads, docs/decisions/0007) from a
 * stream of source records: UTF-8 with BOM, the header, LF line ends; a primary row per company in Bolagsverket's
 * register plus extra name rows (särskilda företagsnamn) paced so that the file reaches `rowsPerCompany` rows per
 * source company (the real file: about 2.97 M rows for 1.3 M companies). Memory stays one company's rows.
 */
import type { CompanySourceRecord } from "#search-index/engine";
import type { Rng } from "../generator/random";
import { bolagsverketRows, BOLAGSVERKET_HEADER } from "./bolagsverket-rows";
import { ChunkedFileWriter } from "./chunked-file-writer";
import { companyRng, isInBolagsverket, type MembershipOptions } from "./register-membership";

/** Rows of the real file per company of a full-Sweden dataset (2.97 M rows, 1.3 M companies). */
export const DEFAULT_BOLAGSVERKET_ROWS_PER_COMPANY = 2_970_000 / 1_300_000;
/** Most extra name rows one company gets. */
const MAX_EXTRA_ROWS = 40;
const ROWS_SALT = 2;
const BOM = "\uFEFF";

export interface BolagsverketFileOptions extends MembershipOptions {
  file: string;
  /** Rows (primary and extra) per source company, all source companies counted; default 2.97 M / 1.3 M. */
  rowsPerCompany?: number;
}

export interface BolagsverketFileResult {
  file: string;
  rows: number;
  /** Organisations in the file (source companies in Bolagsverket's register). */
  companies: number;
  extraRows: number;
  soleTraders: number;
  inactive: number;
  /** Source companies read (those not in Bolagsverket's register included). */
  sourceCompanies: number;
  bytes: number;
}

export class BolagsverketFileWriter {
  private readonly out: ChunkedFileWriter;
  private readonly rowsPerCompany: number;
  private readonly result: BolagsverketFileResult;
  private started = false;

  constructor(private readonly options: BolagsverketFileOptions) {
    this.out = new ChunkedFileWriter(options.file);
    this.rowsPerCompany = options.rowsPerCompany ?? DEFAULT_BOLAGSVERKET_ROWS_PER_COMPANY;
    if (!(this.rowsPerCompany >= 0)) throw new Error("rowsPerCompany must be a number ≥ 0");
    const counts = { rows: 0, companies: 0, extraRows: 0, soleTraders: 0, inactive: 0, sourceCompanies: 0, bytes: 0 };
    this.result = { file: options.file, ...counts };
  }

  private async start() {
    this.started = true;
    await this.out.write(Buffer.from(`${BOM}${BOLAGSVERKET_HEADER}\n`, "utf8"));
  }

  /**
   * Extra rows for the next organisation: geometric around the mean that reaches the target at the share of source
   * companies seen in the register so far, nudged by the running shortfall (or excess) of rows.
   */
  private extraRowCount(rng: Rng): number {
    const { companies, sourceCompanies, rows } = this.result;
    const share = companies / sourceCompanies;
    const shortfall = sourceCompanies * this.rowsPerCompany - rows - 1;
    const mean = Math.max(0, (this.rowsPerCompany - share) / share + shortfall / 100);
    if (mean === 0) return 0;
    const p = mean / (1 + mean);
    return Math.min(MAX_EXTRA_ROWS, Math.floor(Math.log(1 - rng.next()) / Math.log(p)));
  }

  async write(record: CompanySourceRecord): Promise<void> {
    if (!this.started) await this.start();
    this.result.sourceCompanies++;
    if (!isInBolagsverket(record, this.options)) return;
    this.result.companies++;
    const rng = companyRng(record.orgNo, this.options.seed, ROWS_SALT);
    const rows = bolagsverketRows(record, this.extraRowCount(rng), rng);
    this.result.rows += rows.length;
    this.result.extraRows += rows.length - 1;
    if (record.soleProprietorship) this.result.soleTraders++;
    if (!record.isActive) this.result.inactive++;
    await this.out.write(Buffer.from(`${rows.join("\n")}\n`, "utf8"));
  }

  async close(): Promise<BolagsverketFileResult> {
    if (!this.started) await this.start();
    await this.out.close();
    return { ...this.result, bytes: this.out.bytes };
  }
}

/** Writes the whole file from a stream of source records. */
export async function writeBolagsverketFile(
  companies: AsyncIterable<CompanySourceRecord> | Iterable<CompanySourceRecord>,
  options: BolagsverketFileOptions,
): Promise<BolagsverketFileResult> {
  const writer = new BolagsverketFileWriter(options);
  for await (const record of companies) await writer.write(record);
  return writer.close();
}
