/**
 * The annual-report loader on the register sample's archives (tests/fixtures/register/annual-reports): every hostile
 * case refused on its own, for the reason expected.json gives, within a second, with nothing else lost; corrections
 * replace earlier filings; --strict and a failing run leave nothing half-done.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnnualReportLoadReport, loadAnnualReports, readAnnualReportLines } from "./load-annual-reports";

const SAMPLE = path.resolve(import.meta.dirname, "../../../tests/fixtures/register/annual-reports");

interface Expected {
  reports: number;
  corrections: { orgNo: string; periodEnd: string }[];
  foreignCurrency: { orgNo: string; periodEnd: string; currency: string }[];
  hostile: {
    archives: string[];
    cases: { archive: string; inner: string; file: string | null; reason: string }[];
    good: { archive: string; inner: string }[];
  };
}
const expected = JSON.parse(readFileSync(path.join(SAMPLE, "expected.json"), "utf8")) as Expected;

let work: string;
let report: AnnualReportLoadReport;
beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "urval-annual-reports-"));
  report = await loadAnnualReports({ dir: SAMPLE, outDir: path.join(work, "out") });
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("loadAnnualReports on the register sample", () => {
  it("refuses exactly the hostile cases, each for its reason and within a second", () => {
    const refused = report.refused.map((r) => ({ archive: r.archive, inner: r.inner, file: r.file, reason: r.reason }));
    const cases = expected.hostile.cases.map(({ archive, inner, file, reason }) => ({ archive, inner, file, reason }));
    expect(refused).toEqual(expect.arrayContaining(cases));
    expect(report.refusedCount).toBe(cases.length);
    // The slowest single filing, hostile ones included (the 1 GiB bomb, the 51 MiB document).
    expect(report.slowestMs).toBeLessThan(1000);
    expect(report.rejected).toBe(false);
  });

  it("loses nothing else: every other filing is a report, the good ones beside the hostile cases too", async () => {
    expect(report.filings - report.refusedCount - report.corrections.length).toBe(report.reports);
    const lines = [];
    for await (const line of readAnnualReportLines(path.join(work, "out"))) lines.push(line);
    expect(lines).toHaveLength(report.reports);
    const loaded = new Set(lines.map((line) => `${line.archive}/${line.inner}`));
    for (const good of expected.hostile.good) expect(loaded, `${good.archive}/${good.inner}`).toContain(`${good.archive}/${good.inner}`);
    // Each line's document is in documents.bin at its offset, a gzip member of the very bytes hashed.
    const documents = readFileSync(path.join(work, "out", "documents.bin"));
    for (const line of lines.slice(0, 20)) {
      const bytes = gunzipSync(documents.subarray(line.document.offset, line.document.offset + line.document.length));
      expect(bytes.length).toBe(line.document.bytes);
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(line.document.sha256);
    }
  });

  it("lets a correction replace the earlier filing of the same period, and says so", async () => {
    const lines = new Map<string, string>();
    for await (const line of readAnnualReportLines(path.join(work, "out"))) {
      const key = `${line.orgNo} ${line.periodEnd}`;
      expect(lines.has(key), `${key} twice`).toBe(false);
      lines.set(key, `${line.archive}/${line.inner}`);
    }
    for (const correction of expected.corrections) {
      const listed = report.corrections.filter((c) => c.orgNo === correction.orgNo && c.periodEnd === correction.periodEnd);
      expect(listed.length, `${correction.orgNo} ${correction.periodEnd}`).toBeGreaterThan(0);
      // The filing kept is the last one listed as the replacement.
      expect(lines.get(`${correction.orgNo} ${correction.periodEnd}`)).toBe(listed.at(-1)?.by);
    }
  });

  it("keeps a report in another currency in its currency, flagged", async () => {
    const byKey = new Map<string, string>();
    for await (const line of readAnnualReportLines(path.join(work, "out"))) byKey.set(`${line.orgNo} ${line.periodEnd}`, line.currency);
    for (const eur of expected.foreignCurrency) {
      expect(byKey.get(`${eur.orgNo} ${eur.periodEnd}`)).toBe(eur.currency);
      expect(report.flagged.some((f) => f.orgNo === eur.orgNo && f.remarks.some((r) => r.flag === "FOREIGN_CURRENCY"))).toBe(true);
    }
  });

  it("with strict, rejects the run on any refusal and leaves only the load report", async () => {
    const out = path.join(work, "strict");
    mkdirSync(out);
    writeFileSync(path.join(out, "manifest.json"), "{}");
    const strict = await loadAnnualReports({ dir: SAMPLE, outDir: out, strict: true });
    expect(strict.rejected).toBe(true);
    expect(readdirSync(out)).toEqual(["load-report.json"]);
  });

  it("leaves an earlier load untouched when a run fails, and no work directory behind", async () => {
    const out = path.join(work, "earlier");
    mkdirSync(out);
    writeFileSync(path.join(out, "manifest.json"), "earlier");
    await expect(loadAnnualReports({ dir: path.join(work, "no-such-dir"), outDir: out })).rejects.toThrow();
    expect(readFileSync(path.join(out, "manifest.json"), "utf8")).toBe("earlier");
    expect(readdirSync(work).filter((name) => name.includes(".partial-"))).toEqual([]);
    expect(existsSync(path.join(out, "reports.ndjson"))).toBe(false);
  });
});
