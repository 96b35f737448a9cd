/**
 * Throughput of readArchive on an outer archive like Bolagsverket's: 1 500 nested zips of one iXBRL-like .xhtml of
 * about 30 KiB each (numbers and text that deflate about as real reports do). Prints MB/s of the outer file and of
 * the documents, nested zips per second and the peak resident memory.
 *
 *   bash scripts/toolchain/run.sh exec tsx scripts/data/annual-reports/archive/bench-read-archives.ts [reports] [runs] [store|deflate]
 *
 * The third argument is how the outer archive holds the nested zips (default store; deflate gains little on them).
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { completeOrgNo } from "../../org-number";
import { readArchive } from "./read-archives";
import { ZipFileWriter, zipBytes } from "./zip-writer";

const REPORTS = Number(process.argv[2] ?? 1500);
const RUNS = Number(process.argv[3] ?? 5);
const OUTER_METHOD = process.argv[4] === "deflate" ? "deflate" : "store";

/** A deterministic pseudo-random stream (mulberry32), so every run benchmarks the same bytes. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CONCEPTS = ["Nettoomsattning", "Rorelseresultat", "AretsResultat", "EgetKapital", "KassaBank", "Personalkostnader"];
const WORDS = ["bolaget", "verksamheten", "styrelsen", "räkenskapsåret", "resultat", "kapital", "förvaltning", "utdelning"];

function annualReport(orgNo: string, next: () => number): string {
  const parts = [`<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Årsredovisning ${orgNo}</title></head><body>`];
  while (parts.join("").length < 30_000) {
    const concept = CONCEPTS[Math.floor(next() * CONCEPTS.length)];
    const amount = Math.floor(next() * 1e9).toLocaleString("sv-SE");
    const words = Array.from({ length: 12 }, () => WORDS[Math.floor(next() * WORDS.length)]).join(" ");
    parts.push(
      `<p>${words}</p><td><ix:nonFraction name="se-gen-base:${concept}" contextRef="period0" unitRef="SEK" decimals="INF" ` +
        `format="ixt:numspacecomma" scale="0">${amount}</ix:nonFraction></td>`,
    );
  }
  parts.push("</body></html>");
  return parts.join("");
}

async function writeBenchArchive(file: string): Promise<number> {
  const next = random(45);
  const writer = await ZipFileWriter.open(file);
  let documentBytes = 0;
  for (let i = 0; i < REPORTS; i++) {
    const orgNo = completeOrgNo(String(556_000_000 + i * 37));
    const data = new TextEncoder().encode(annualReport(orgNo, next));
    documentBytes += data.length;
    const nested = zipBytes([{ name: `${orgNo.replace("-", "")}_2024-12-31.xhtml`, data }]);
    await writer.add({ name: `${orgNo.replace("-", "")}_2024-12-31.zip`, data: nested, method: OUTER_METHOD });
  }
  await writer.close();
  return documentBytes;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "urval-bench-archives-"));
  try {
    const file = path.join(dir, "01_1.zip");
    const documentBytes = await writeBenchArchive(file);
    const fileBytes = statSync(file).size;
    console.log(
      `${REPORTS} nested zips (${OUTER_METHOD}d in the outer archive), outer ${(fileBytes / 1e6).toFixed(1)} MB, documents ${(documentBytes / 1e6).toFixed(1)} MB`,
    );
    for (let run = 1; run <= RUNS; run++) {
      const started = performance.now();
      let reports = 0;
      for await (const item of readArchive(file)) if (!("refused" in item)) reports++;
      const seconds = (performance.now() - started) / 1000;
      if (reports !== REPORTS) throw new Error(`read ${reports} reports of ${REPORTS}`);
      console.log(
        `run ${run}: ${(seconds * 1000).toFixed(0)} ms, ${(fileBytes / 1e6 / seconds).toFixed(0)} MB/s of archive, ` +
          `${(documentBytes / 1e6 / seconds).toFixed(0)} MB/s of xhtml, ${Math.round(REPORTS / seconds)} nested zips/s`,
      );
    }
    console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
