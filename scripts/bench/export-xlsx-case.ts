/**
 * One export benchmark case in a fresh process, so the peak RSS is its own: builds the row pool, then writes ROWS
 * company rows either with the streaming writer (cut into 5 MiB parts, as the R2 multipart upload receives them) or
 * with sheetjs-style in memory, and prints one JSON line. Run by scripts/bench/export-xlsx.ts as a bundle under node.
 *
 *   node export-xlsx-case.mjs <streaming|sheetjs> <rows>
 */
import { equalParts } from "../../workers/export/src/r2/equal-parts";
import { writeCompanyWorkbook } from "../../workers/export/src/xlsx/workbook-stream";
import { createRowSource } from "./export-xlsx-rows";

const [impl, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg);
if ((impl !== "streaming" && impl !== "sheetjs") || !Number.isInteger(rows) || rows <= 0) {
  console.error("usage: export-xlsx-case <streaming|sheetjs> <rows>");
  process.exit(2);
}

async function streaming(source: ReturnType<typeof createRowSource>, createdAt: Date): Promise<number> {
  const criteria = [{ label: "Urval", value: "Benchmark" }];
  const { chunks } = writeCompanyWorkbook(source.chunks(rows), { criteria, sources: ["Källa: SCB"], createdAt });
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
const fileBytes = impl === "streaming" ? await streaming(source, createdAt) : await sheetjs(source, createdAt);
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
