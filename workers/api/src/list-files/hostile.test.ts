import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#shared/errors";
import { LIST_FILE_LIMITS } from "./limits";
import { parseListFile } from "./parse-list-file";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const HOSTILE = path.join(ROOT, "tests/fixtures/list-files/hostile");
const PROBE = path.join(ROOT, "tests/fixtures/list-files/probe-refusal.ts");
const expectedCodes = JSON.parse(readFileSync(path.join(HOSTILE, "expected.json"), "utf8")) as Record<string, string>;

/** A real .xls (SheetJS's BIFF8 writer) with 15 000 rows × 3 value cells: over the cell limit of the .xls reader. */
async function bigXls(): Promise<Uint8Array> {
  const XLSX = await import("@e965/xlsx");
  const rows: unknown[][] = Array.from({ length: 15_000 }, (_, i) => [5560000000 + i * 10, `Företag ${i} AB`, "Västerås"]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Blad1");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "biff8" }) as ArrayBuffer);
}

/** Just over the size limit, and otherwise a perfectly good list. */
const oversize = () => new TextEncoder().encode("556016-0680\n".repeat(Math.ceil((LIST_FILE_LIMITS.maxFileBytes + 1) / 12)));

async function refusal(name: string, bytes: Uint8Array): Promise<{ error: AppError; ms: number }> {
  const started = performance.now();
  try {
    await parseListFile(name, bytes);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { error, ms: performance.now() - started };
  }
  throw new Error(`${name} was accepted`);
}

describe("hostile list files", () => {
  it.each(Object.entries(expectedCodes))("refuses %s with %s in under a second, naming the file in Swedish", async (file, code) => {
    const { error, ms } = await refusal(file, new Uint8Array(readFileSync(path.join(HOSTILE, file))));
    expect(error.code).toBe(code);
    expect(error.type).toBe("USER_MESSAGE");
    expect(error.status).toBe(400);
    expect(error.message).toMatch(new RegExp(`^Filen "${file.replace(/[.]/g, "\\.")}" `));
    expect(ms).toBeLessThan(1000);
  });

  it("refuses a file over 20 MB before reading it", async () => {
    const { error, ms } = await refusal("stor.txt", oversize());
    expect(error.code).toBe("LIST_FILE_TOO_LARGE");
    expect(error.message).toBe('Filen "stor.txt" är för stor. En listfil får vara högst 20 MB.');
    expect(ms).toBeLessThan(1000);
  });

  it("refuses an .xls with more value cells than SheetJS can hold in an isolate, before parsing it", async () => {
    const { error, ms } = await refusal("gammal.xls", await bigXls());
    expect(error.code).toBe("LIST_FILE_XLS_TOO_LARGE");
    expect(error.message).toBe(
      'Filen "gammal.xls" är för stor för det äldre Excel-formatet (.xls): högst 40 000 ifyllda celler. Spara den som Excel-arbetsbok (.xlsx) och försök igen.',
    );
    expect(ms).toBeLessThan(1000);
  }, 60_000); // building the 45 000-cell workbook in the test itself takes seconds on a loaded machine

  it("keeps control characters and quotes out of the file name it shows", async () => {
    const { error } = await refusal('tom"\u0000\n.csv', new Uint8Array(0));
    expect(error.message).toBe('Filen "tom.csv" är tom.');
  });
});

describe("hostile list files, measured in a fresh process", () => {
  const work = mkdtempSync(path.join(tmpdir(), "urval-hostile-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const run = promisify(execFile);
  // The probe bundled once and run by plain Node: under tsx each process cost about 1 s of CPU in the loader and the
  // transforms, bundled about 0.3 s. Its corpus stays where the probe's source is.
  const bundle = path.join(work, "probe-refusal.mjs");
  beforeAll(async () => {
    const { build } = await import("esbuild");
    await build({
      entryPoints: [PROBE],
      outfile: bundle,
      bundle: true,
      platform: "node",
      format: "esm",
      define: { "import.meta.dirname": JSON.stringify(path.dirname(PROBE)) },
      logLevel: "warning",
    });
  }, 60_000);

  // Linux keeps a process's peak resident set across exec, so a probe forked straight from this worker (hundreds of MB)
  // would begin at the worker's peak: a small Node process in between forks it afresh (tsx's command line did too).
  const launch = `const r = require("node:child_process").spawnSync(process.execPath, process.argv.slice(1), { stdio: "inherit" });
process.exit(r.status ?? 1);`;

  async function probe(file: string, name?: string) {
    const args = ["-e", launch, bundle, file, ...(name ? [name] : [])];
    const { stdout } = await run(process.execPath, args, { cwd: ROOT, timeout: 30_000 });
    return JSON.parse(stdout.trim().split("\n").pop() as string) as { code: string; ms: number; peakGrowthMb: number; peakRssMb: number };
  }

  /** One of each kind whose memory could run away: every zip bomb, an XML attack of each format, a broken .xls. */
  const heavy = [
    "zip-bomb.xlsx",
    "zip-bomb-lying-header.xlsx",
    "zip-bomb-overlapping.xlsx",
    "zip-bomb-many-entries.xlsx",
    "billion-laughs.xlsx",
    "xxe.docx",
    "trasig.xls",
  ];

  it("keeps the peak memory of each bomb, XML attack, broken .xls and oversize file within 32 MB of its baseline", async () => {
    const oversizePath = path.join(work, "stor.txt");
    writeFileSync(oversizePath, oversize());
    const cases: [string, string | undefined, string][] = [
      ...heavy.map((f): [string, string | undefined, string] => [path.join(HOSTILE, f), undefined, expectedCodes[f] as string]),
      [oversizePath, undefined, "LIST_FILE_TOO_LARGE"],
    ];
    const results: string[] = [];
    // Two probes at a time: the machines have two cores.
    for (let i = 0; i < cases.length; i += 2) {
      const batch = cases.slice(i, i + 2);
      const measured = await Promise.all(batch.map(([file, name]) => probe(file, name)));
      measured.forEach((m, j) => {
        const [file, , code] = batch[j] as [string, string | undefined, string];
        results.push(
          `${path.basename(file)} ${m.code} ${m.ms.toFixed(1)} ms +${m.peakGrowthMb.toFixed(1)} MB (peak ${m.peakRssMb.toFixed(0)} MB)`,
        );
        expect(m.code, path.basename(file)).toBe(code);
        expect(m.ms, path.basename(file)).toBeLessThan(1000);
        expect(m.peakGrowthMb, path.basename(file)).toBeLessThan(32);
        expect(m.peakRssMb, path.basename(file)).toBeLessThan(256);
      });
    }
    expect(results).toHaveLength(cases.length);
    console.info(results.join("\n"));
  }, 120_000);
});
