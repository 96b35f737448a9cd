/**
 * One export benchmark case in a fresh process, so the peak RSS is its own: builds the row pool, then writes ROWS
 * company rows either with the streaming writer (cut into 5 MiB parts, as the R2 multipart upload receives them) or
 * with sheetjs-style in memory, and prints one JSON line. Run by scripts/bench/export-xlsx.ts as a bundle under node.
 *
 * The wide cases (issue 17) write 60 columns chosen with the export designer's catalogue (every company column, then
 * again under other headers, as a template may name a column twice) as XLSX ("streaming-60") or CSV ("csv-60").
 *
 *   node export-xlsx-case.mjs <streaming|sheetjs|streaming-60|csv-60> <rows>
 */
import { COMPANY_CATALOGUE, type ColumnSpec } from "#shared/api-contracts/export-columns";
import { companyColumns, equalParts, writeCompanyWorkbook, writeCsv } from "#export/tooling";
import { createRowSource } from "./export-xlsx-rows";

const [impl, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg);
const IMPLS = ["streaming", "sheetjs", "streaming-60", "csv-60"];
if (!impl || !IMPLS.includes(impl) || !Number.isInteger(rows) || rows <= 0) {
  console.error(`usage: export-xlsx-case <${IMPLS.join("|")}> <rows>`);
  process.exit(2);
}

/** 60 columns: every catalogue column of a company, then the first ones again under "<header> (2)". */
export function wideColumnSpecs(count = 60): ColumnSpec[] {
  const ids = Object.keys(COMPANY_CATALOGUE) as (keyof typeof COMPANY_CATALOGUE)[];
  return Array.from({ length: count }, (_, i) => {
    const id = ids[i % ids.length]!;
    return i < ids.length ? { id } : { id, header: `${COMPANY_CATALOGUE[id].header} (2)` };
  });
}

async function streaming(source: ReturnType<typeof createRowSource>, createdAt: Date): Promise<number> {
  const criteria = [{ label: "Urval", value: "Benchmark" }];
  const { chunks } = writeCompanyWorkbook(source.chunks(rows), { criteria, sources: ["Källa: SCB"], createdAt });
  let bytes = 0;
  for await (const part of equalParts(chunks)) bytes += part.length;
  return bytes;
}

async function wide(source: ReturnType<typeof createRowSource>, createdAt: Date, csv: boolean): Promise<number> {
  const columns = companyColumns(wideColumnSpecs());
  const criteria = [{ label: "Urval", value: "Benchmark" }];
  const { chunks } = csv
    ? writeCsv(columns, source.chunks(rows))
    : writeCompanyWorkbook(source.chunks(rows), { criteria, sources: ["Källa: SCB"], createdAt }, columns);
  let bytes = 0;
  for await (const part of equalParts(chunks)) bytes += part.length;
  return bytes;
}

async function sheetjs(source: ReturnType<typeof createRowSource>, createdAt: Date): Promise<number> {
  const all = Array.from({ length: rows }, (_, i) => source.row(i));
  return buildSheetjsWorkbook(all, createdAt).length;
}

// Loaded only by the sheetjs case, so the streaming case's memory does not include the sheetjs-style library.
const { buildSheetjsWorkbook } = impl === "sheetjs" ? await import("./export-xlsx-sheetjs") : { buildSheetjsWorkbook: null as never };

const source = createRowSource();
const createdAt = new Date();
const baselineRss = process.memoryUsage.rss();
const started = performance.now();
const cpuStart = process.cpuUsage();
const run = {
  streaming: () => streaming(source, createdAt),
  sheetjs: () => sheetjs(source, createdAt),
  "streaming-60": () => wide(source, createdAt, false),
  "csv-60": () => wide(source, createdAt, true),
}[impl as "streaming" | "sheetjs" | "streaming-60" | "csv-60"];
const fileBytes = await run();
const cpu = process.cpuUsage(cpuStart);
console.log(
  JSON.stringify({
    impl,
    rows,
    wallMs: Math.round(performance.now() - started),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    baselineRssMb: Math.round(baselineRss / 1024 / 1024),
    fileBytes,
  }),
);
