/**
 * The streaming XLSX writer: records in (async chunks, in sort order), ZIP bytes out, with memory bounded by one
 * chunk of records plus the deflate window, whatever the row count. Parts are written in an order that lets later
 * ones use what the data sheet counted (autofilter range, row count on 'Om urvalet').
 */
import type { CompanyRecord, WorksiteRecord } from "#shared/search/result-schemas";
import { stockholmWallClock } from "#shared/stockholm-time";
import { ABOUT_SHEET_NAME, aboutSheetXml, type ExportDescription } from "./about-sheet";
import type { Column } from "./columns";
import { COMPANY_COLUMNS } from "./company-columns";
import { absoluteFilterRange, dataSheetXml, type RowCounter } from "./data-sheet";
import type { DeflateEngine } from "./deflate-raw";
import { STYLES_XML } from "./styles";
import { CONTENT_TYPES_XML, corePropsXml, ROOT_RELS_XML, WORKBOOK_RELS_XML, workbookXml } from "./workbook-parts";
import { WORKSITE_COLUMNS } from "./worksite-columns";
import { zipStream, type ZipEntry } from "./zip-stream";

export interface WorkbookOptions<R> {
  sheetName: string;
  columns: readonly Column<R>[];
  rows: AsyncIterable<readonly R[]>;
  /** Criteria and sources for 'Om urvalet'. */
  criteria: ExportDescription["criteria"];
  sources: readonly string[];
  createdAt: Date;
  /** "native" (CompressionStream) by default; "fflate" where no CompressionStream exists. */
  engine?: DeflateEngine;
}

export interface XlsxStream {
  /** The .xlsx file's bytes; pull-driven, so reading slowly slows the reading of records too. */
  chunks: AsyncGenerator<Uint8Array>;
  /** Data rows written so far (final once `chunks` is done). */
  counter: RowCounter;
}

export function writeWorkbook<R>(options: WorkbookOptions<R>): XlsxStream {
  const counter: RowCounter = { rows: 0 };
  const text = (xml: string) => () => [new TextEncoder().encode(xml)];
  const description = (): ExportDescription => ({
    recordsLabel: options.sheetName,
    criteria: options.criteria,
    createdAt: stockholmWallClock(options.createdAt),
    sources: options.sources,
  });
  const entries: ZipEntry[] = [
    { name: "[Content_Types].xml", content: text(CONTENT_TYPES_XML) },
    { name: "_rels/.rels", content: text(ROOT_RELS_XML) },
    { name: "xl/_rels/workbook.xml.rels", content: text(WORKBOOK_RELS_XML) },
    { name: "xl/styles.xml", content: text(STYLES_XML) },
    { name: "docProps/core.xml", content: text(corePropsXml(`Urval: ${options.sheetName}`, options.createdAt)) },
    { name: "xl/worksheets/sheet1.xml", content: () => dataSheetXml(options.columns, options.rows, counter) },
    { name: "xl/worksheets/sheet2.xml", content: () => text(aboutSheetXml(description(), counter.rows))() },
    {
      name: "xl/workbook.xml",
      content: () => text(workbookXml(options.sheetName, ABOUT_SHEET_NAME, absoluteFilterRange(options.columns.length, counter.rows)))(),
    },
  ];
  const modified = stockholmWallClock(options.createdAt);
  return { chunks: zipStream(entries, { engine: options.engine ?? "native", modified }), counter };
}

type Common = Omit<WorkbookOptions<never>, "sheetName" | "columns" | "rows">;

/** A company export: sheet 'Företag' with the given columns (by default template "Standard", every record field). */
export function writeCompanyWorkbook(
  rows: AsyncIterable<readonly CompanyRecord[]>,
  common: Common,
  columns: readonly Column<CompanyRecord>[] = COMPANY_COLUMNS,
): XlsxStream {
  return writeWorkbook({ ...common, sheetName: "Företag", columns, rows });
}

/** A worksite export: sheet 'Arbetsställen' with the given columns (by default template "Standard"). */
export function writeWorksiteWorkbook(
  rows: AsyncIterable<readonly WorksiteRecord[]>,
  common: Common,
  columns: readonly Column<WorksiteRecord>[] = WORKSITE_COLUMNS,
): XlsxStream {
  return writeWorkbook({ ...common, sheetName: "Arbetsställen", columns, rows });
}
