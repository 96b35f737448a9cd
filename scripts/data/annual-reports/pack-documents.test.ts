import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { loadAnnualReports, readAnnualReportLines } from "./load-annual-reports";
import { packDocuments } from "./pack-documents";

const SAMPLE = path.resolve(import.meta.dirname, "../../../tests/fixtures/register/annual-reports");
const work = mkdtempSync(path.join(tmpdir(), "urval-packs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("packDocuments", () => {
  it("puts every document once into packs named by their own hash, each readable at its place", async () => {
    const out = path.join(work, "out");
    await loadAnnualReports({ dir: SAMPLE, outDir: out });
    const packs = path.join(work, "packs");
    const placed = await packDocuments(out, packs, 256 * 1024);
    const files = readdirSync(packs);
    expect(files.length).toBeGreaterThan(2);
    for (const file of files)
      expect(
        createHash("sha256")
          .update(readFileSync(path.join(packs, file)))
          .digest("hex") + ".bin",
      ).toBe(file);
    const hashes = new Set<string>();
    for await (const line of readAnnualReportLines(out)) hashes.add(line.document.sha256);
    expect([...placed.keys()].sort()).toEqual([...hashes].sort());
    for (const [sha256, { pack, offset, length }] of placed) {
      const member = readFileSync(path.join(packs, `${pack}.bin`)).subarray(offset, offset + length);
      expect(createHash("sha256").update(gunzipSync(member)).digest("hex")).toBe(sha256);
    }
    // The same documents pack into the same bytes: a pack stored by an earlier run is found under its name.
    const again = await packDocuments(out, path.join(work, "again"), 256 * 1024);
    expect(readdirSync(path.join(work, "again")).sort()).toEqual(files.sort());
    expect(again).toEqual(placed);
  });
});
