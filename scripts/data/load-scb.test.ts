import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompanyDetail, type CompanySourceRecord, CompanySourceRecordSchema } from "#search-index/engine";
import { companyFacts, IndexBuild } from "#search-index/indexing";
import { readCompanies, readManifest } from "../reindex/source-reader";
import { loadBolagsverket } from "./load-bolagsverket";
import { loadScb } from "./load-scb";

const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures/scb");
const VALID = path.join(FIXTURES, "scb_bulkfil_JE_20261101T060000_01.txt");
const work = mkdtempSync(path.join(tmpdir(), "urval-scb-"));
const bolagsverketDir = path.join(work, "bolagsverket");
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeAll(async () => {
  const file = path.resolve(import.meta.dirname, "../../tests/fixtures/bolagsverket/bolagsverket_bulkfil.txt");
  await loadBolagsverket({ file, outDir: bolagsverketDir });
});

let runs = 0;
async function load(file: string, options: { skipInvalid?: boolean; bolagsverket?: string } = {}) {
  const outDir = path.join(work, `out-${++runs}`);
  const report = await loadScb({ file, outDir, ...options });
  const companies = readRecords(path.join(outDir, "companies.ndjson"));
  return { report, companies, outDir };
}

function readRecords(file: string): CompanySourceRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => CompanySourceRecordSchema.parse(JSON.parse(line)));
}

const byOrgNo = (companies: CompanySourceRecord[], orgNo: string) => companies.find((c) => c.orgNo === orgNo);
const names = (companies: CompanySourceRecord[]) => companies.map((c) => c.name);

describe("joining SCB's bulk file with Bolagsverket's records", () => {
  it("enriches matched companies, keeps Bolagsverket-only ones and adds complete SCB-only ones", async () => {
    const { report, companies } = await load(VALID, { bolagsverket: bolagsverketDir });
    expect(report).toMatchObject({
      encoding: "ISO-8859-1/Windows-1252",
      rows: 11,
      companies: 13,
      joined: 7,
      bolagsverketOnly: 3,
      scbOnly: 3,
      legalFormChanged: 1,
      issueCount: 0,
      unplacedCount: 1,
      unplaced: [{ line: 11, message: '556012-3456: kan inte härleda säte (kommun) ur postnummer ""' }],
      rejected: false,
    });
    expect(new Set(companies.map((c) => c.orgSeqNo)).size).toBe(13);
  });

  it("takes SNI codes (main first) and SCB's juridisk form; name, address, seat and status stay Bolagsverket's", async () => {
    const bolagsverket = readRecords(path.join(bolagsverketDir, "companies.ndjson"));
    const { companies } = await load(VALID, { bolagsverket: bolagsverketDir });
    const verkstad = byOrgNo(companies, "556677-8899");
    expect(verkstad).toEqual({ ...byOrgNo(bolagsverket, "556677-8899"), sniCodes: ["28290", "33120"] });
    expect(byOrgNo(companies, "559123-4561")?.sniCodes).toEqual(["10710", "56100"]);
    expect(byOrgNo(companies, "811228-9874")).toMatchObject({ name: "Karlssons Måleri", sniCodes: ["43341"], form: "EN" });
    expect(byOrgNo(companies, "969654-3215")).toMatchObject({ form: "HB", sniCodes: ["69201"] });
    expect(byOrgNo(companies, "556300-2004")).toMatchObject({ legalFormCode: "41", form: "BAB", name: "Örebro Fastighetsförvaltning AB" });
    expect(byOrgNo(companies, "556000-1116")).toMatchObject({ sniCodes: [], isActive: false });
    expect(byOrgNo(companies, "802471-2344")).toEqual(byOrgNo(bolagsverket, "802471-2344"));
  });

  it("writes SCB-only companies from SCB's row, text as in the file (stray quotes included)", async () => {
    const { companies, outDir } = await load(VALID, { bolagsverket: bolagsverketDir });
    expect(names(companies).slice(-3)).toEqual(["Solna Datakonsult AB", "Åströms Snickeri", 'Café "Lilla Hörnan" AB']);
    expect(byOrgNo(companies, "750312-1233")).toMatchObject({
      soleProprietorship: true,
      seatMunicipalityCode: "2480",
      sniCodes: ["43320"],
    });
    expect(byOrgNo(companies, "556111-2227")).toMatchObject({ isActive: false, postalAddress: { streetAddress: 'Storgatan "3"' } });
    const manifest = readManifest(outDir);
    expect(manifest).toMatchObject({
      companies: 13,
      worksites: 0,
      source: "scb:scb_bulkfil_JE_20261101T060000_01.txt + bolagsverket:bolagsverket_bulkfil.txt",
    });
    expect(readFileSync(path.join(outDir, "worksites.ndjson"), "utf8")).toBe("");
  });

  it("produces a dataset the reindex reads and the embedded index builds without unknown codes", async () => {
    const { outDir } = await load(VALID, { bolagsverket: bolagsverketDir });
    const build = new IndexBuild();
    let count = 0;
    for await (const company of readCompanies(outDir)) {
      build.addCompany(companyFacts(company));
      expect(buildCompanyDetail(company).orgNo).toBe(company.orgNo);
      count++;
    }
    expect(count).toBe(readManifest(outDir).companies);
    expect(build.finish(1).companies.count).toBe(count);
    expect(build.unknownCodes).toBe(0);
  });

  it("loads SCB alone: every complete row becomes a record", async () => {
    const { report, companies } = await load(VALID);
    expect(report).toMatchObject({ bolagsverket: null, companies: 10, joined: 0, scbOnly: 10, unplacedCount: 1 });
    expect(byOrgNo(companies, "556677-8899")).toMatchObject({
      name: "NORDISK VERKSTAD AB",
      sniCodes: ["28290", "33120"],
      seatMunicipalityCode: "0580",
    });
  });

  it("refuses to write over the Bolagsverket records", async () => {
    await expect(loadScb({ file: VALID, bolagsverket: bolagsverketDir, outDir: bolagsverketDir })).rejects.toThrow("--out");
  });
});

describe("encodings", () => {
  it.each([
    ["utf8.txt", "UTF-8"],
    ["utf8-bom.txt", "UTF-8"],
  ])("reads %s (decided by the bytes) exactly like the ISO-8859-1 original", async (file, encoding) => {
    const [original, other] = [await load(VALID), await load(path.join(FIXTURES, file))];
    expect(other.report).toMatchObject({ encoding, issueCount: 0, rejected: false });
    expect(other.companies).toEqual(original.companies);
  });

  it.each([
    ["utf8-with-latin1-line.txt", 4, "ogiltig teckenkodning: raden är inte UTF-8 som resten av filen"],
    ["latin1-with-utf8-line.txt", 5, "blandad teckenkodning: raden är UTF-8 men resten av filen är ISO-8859-1/Windows-1252"],
    ["double-encoded.txt", 2, 'dubbelkodad text "Ã…"'],
  ])("rejects %s, naming the line, and skips only that line on request", async (file, line, message) => {
    const rejected = await load(path.join(FIXTURES, file));
    expect(rejected.report).toMatchObject({
      rejected: true,
      issueCount: 1,
      issues: [{ line, message: expect.stringContaining(message) as string }],
    });
    expect(rejected.companies).toEqual([]);
    const skipped = await load(path.join(FIXTURES, file), { skipInvalid: true });
    expect(skipped.report.rejected).toBe(false);
    expect(skipped.companies.length).toBeGreaterThan(0);
  });

  it("reports broken bytes as control characters", async () => {
    const { report, companies } = await load(path.join(FIXTURES, "broken-bytes.txt"), { skipInvalid: true });
    expect(report.issues).toEqual([
      { line: 3, message: "otillåtet styrtecken U+0081 (trasiga byte?)" },
      { line: 4, message: "otillåtet styrtecken U+0000 (trasiga byte?)" },
    ]);
    expect(names(companies)).toEqual(["Hela Bolaget AB"]);
  });
});

describe("bad rows", () => {
  it("rejects a file with bad fields as a whole, one issue per line, and writes only the report", async () => {
    const { report, companies, outDir } = await load(path.join(FIXTURES, "bad-fields.txt"));
    expect(report.rejected).toBe(true);
    expect(report.issues.map((i) => i.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(report.issues.map((i) => i.message.split(":")[0])).toEqual([
      "PeOrgNr",
      "Ng2",
      "JurForm",
      "FtgStat",
      "RegDatKtid",
      "PostNr",
      "PeOrgNr",
      "Namn",
      "PeOrgNr",
      "Reklamsparrtyp",
    ]);
    expect(companies).toEqual([]);
    expect(existsSync(path.join(outDir, "manifest.json"))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(outDir, "load-report.json"), "utf8"))).toMatchObject({ rejected: true, issueCount: 10 });
  });

  it("skips bad rows on request and writes the rest", async () => {
    const { report, companies } = await load(path.join(FIXTURES, "bad-fields.txt"), { skipInvalid: true });
    expect(report).toMatchObject({ rejected: false, issueCount: 10, companies: 1 });
    expect(names(companies)).toEqual(["Sista Raden AB"]);
  });

  it("reports truncated lines by their field count", async () => {
    const { report, companies } = await load(path.join(FIXTURES, "truncated.txt"), { skipInvalid: true });
    expect(report.issues.map((i) => i.line)).toEqual([3, 5]);
    expect(report.issues[0]?.message).toMatch(/^fel antal fält: \d+ i stället för 34 \(avkortad rad\?\)$/);
    expect(names(companies)).toEqual(["NORDISK VERKSTAD AB", "LUNDQVIST & ÖBERG HB"]);
  });

  it("reports a duplicated organisation number with both lines and, when skipping, uses neither row", async () => {
    const rejected = await load(path.join(FIXTURES, "duplicates.txt"), { bolagsverket: bolagsverketDir });
    expect(rejected.report.issues).toEqual([{ line: 5, message: "organisationsnumret 556677-8899 förekommer på rad 2 och rad 5" }]);
    const skipped = await load(path.join(FIXTURES, "duplicates.txt"), { bolagsverket: bolagsverketDir, skipInvalid: true });
    expect(byOrgNo(skipped.companies, "556677-8899")).toMatchObject({ name: "Nordisk Verkstad AB", sniCodes: [] });
    expect(byOrgNo(skipped.companies, "559123-4561")?.sniCodes).toEqual(["10710", "56100"]);
  });

  it.each(["missing-header.txt", "wrong-header.txt"])("rejects %s even when skipping bad rows", async (file) => {
    const { report, companies } = await load(path.join(FIXTURES, file), { skipInvalid: true });
    expect(report).toMatchObject({ rejected: true, issueCount: 1 });
    expect(report.issues[0]).toMatchObject({ line: 1, message: expect.stringContaining("rubrikraden är inte SCB:s bulkfil") as string });
    expect(companies).toEqual([]);
  });

  it("rejects invalid Bolagsverket records even when skipping, naming their file and line", async () => {
    const dir = path.join(work, "bad-bolagsverket");
    mkdirSync(dir, { recursive: true });
    const lines = readFileSync(path.join(bolagsverketDir, "companies.ndjson"), "utf8").split("\n").filter(Boolean);
    writeFileSync(path.join(dir, "companies.ndjson"), [lines[0], '{"kind":"company"}', lines[0]].join("\n") + "\n");
    const { report, companies } = await load(VALID, { bolagsverket: dir, skipInvalid: true });
    expect(report.rejected).toBe(true);
    expect(report.issues.map((i) => [i.file, i.line])).toEqual([
      ["companies.ndjson", 2],
      ["companies.ndjson", 3],
    ]);
    expect(companies).toEqual([]);
  });
});
