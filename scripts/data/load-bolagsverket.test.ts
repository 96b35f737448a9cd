import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type CompanySourceRecord, CompanySourceRecordSchema, SourceManifestSchema } from "#search-index/engine";
import { loadBolagsverket } from "./load-bolagsverket";

const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures/bolagsverket");
const work = mkdtempSync(path.join(tmpdir(), "urval-bv-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let runs = 0;
async function load(file: string, skipInvalid = false) {
  const outDir = path.join(work, `out-${++runs}`);
  const report = await loadBolagsverket({ file, outDir, skipInvalid });
  const companiesFile = path.join(outDir, "companies.ndjson");
  const companies = existsSync(companiesFile)
    ? readFileSync(companiesFile, "utf8")
        .trimEnd()
        .split("\n")
        .filter(Boolean)
        .map((line) => CompanySourceRecordSchema.parse(JSON.parse(line)))
    : [];
  return { report, companies, outDir };
}

const byOrgNo = (companies: CompanySourceRecord[], orgNo: string) => companies.find((c) => c.orgNo === orgNo);

describe("loading a valid bulk file", () => {
  it("writes one valid source record per organisation, from its primary (lowest namnskydd) row", async () => {
    const { report, companies, outDir } = await load(path.join(FIXTURES, "bolagsverket_bulkfil.txt"));
    expect(report).toMatchObject({ rows: 11, companies: 10, issueCount: 0, rejected: false });
    expect(companies).toHaveLength(10);
    expect(byOrgNo(companies, "556677-8899")?.name).toBe("Nordisk Verkstad AB");
    const manifest = SourceManifestSchema.parse(JSON.parse(readFileSync(path.join(outDir, "manifest.json"), "utf8")));
    expect(manifest).toMatchObject({ companies: 10, worksites: 0, seed: null, source: "bolagsverket:bolagsverket_bulkfil.txt" });
    expect(readFileSync(path.join(outDir, "worksites.ndjson"), "utf8")).toBe("");
  });

  it("maps identities, forms, status, names, text and addresses", async () => {
    const { companies } = await load(path.join(FIXTURES, "bolagsverket_bulkfil.txt"));
    expect(byOrgNo(companies, "811228-9874")).toMatchObject({
      name: "Karlssons Måleri",
      form: "EN",
      legalFormCode: "10",
      soleProprietorship: true,
    });
    expect(byOrgNo(companies, "811228-9874")?.beneficialReportingObligation).toBe(false);
    expect(byOrgNo(companies, "969654-3215")).toMatchObject({
      form: "HB",
      legalFormCode: "31",
      seatMunicipalityCode: "1280",
      seatCountyCode: "12",
    });
    expect(byOrgNo(companies, "769612-3459")).toMatchObject({ form: "BRF", legalFormCode: "53" });
    expect(byOrgNo(companies, "556000-1116")?.isActive).toBe(false);
    expect(byOrgNo(companies, "556300-2004")?.isActive).toBe(false);
    expect(byOrgNo(companies, "559123-4561")).toMatchObject({
      businessDescription: 'Café- och bageriverksamhet samt "catering" till företag',
      postalAddress: { careOf: "c/o Eriksson", streetAddress: "Storgatan 5", zip: "753 20", city: "Uppsala" },
    });
    expect(byOrgNo(companies, "559001-1226")?.businessDescription).toBe("Konsultverksamhet inom IT.\nUtveckling av programvara.");
    expect(byOrgNo(companies, "559001-1226")?.seatCountyCode).toBe("01");
    expect(byOrgNo(companies, "556677-8899")?.orgSeqNo).toBe(556677889);
  });

  it("gives fields the bulk file lacks explicit unknown values", async () => {
    const { companies } = await load(path.join(FIXTURES, "bolagsverket_bulkfil.txt"));
    const company = byOrgNo(companies, "556677-8899");
    expect(company).toMatchObject({
      sniCodes: [],
      phoneNumbers: [],
      visitingAddress: null,
      employeeRangeCode: "0",
      numEmployees: null,
      turnover: null,
      financialPeriods: [],
      boardMembers: [],
      managerName: null,
      scoring: null,
      companyGroupTree: null,
    });
  });

  it("reads Windows line endings the same way (line breaks inside text become \\n)", async () => {
    const crlf = path.join(work, "crlf.txt");
    writeFileSync(crlf, readFileSync(path.join(FIXTURES, "bolagsverket_bulkfil.txt"), "utf8").replace(/\n/g, "\r\n"));
    const [unix, windows] = [await load(path.join(FIXTURES, "bolagsverket_bulkfil.txt")), await load(crlf)];
    expect(windows.companies.map((c) => c.name)).toEqual(unix.companies.map((c) => c.name));
    expect(byOrgNo(windows.companies, "559001-1226")?.businessDescription).toBe("Konsultverksamhet inom IT.\nUtveckling av programvara.");
  });
});

describe("loading bad input", () => {
  it("rejects a file with bad rows as a whole, listing every problem with its line number", async () => {
    const { report, companies, outDir } = await load(path.join(FIXTURES, "bad-rows.txt"));
    expect(report.rejected).toBe(true);
    expect(report.issues.map((i) => i.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(report.issues[0]?.message).toContain("XYZ-ORGFO");
    expect(companies).toHaveLength(0);
    expect(existsSync(path.join(outDir, "manifest.json"))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(outDir, "load-report.json"), "utf8"))).toMatchObject({ rejected: true, issueCount: 7 });
  });

  it("skips bad rows on request and indexes only the good ones", async () => {
    const { report, companies } = await load(path.join(FIXTURES, "bad-rows.txt"), true);
    expect(report).toMatchObject({ rejected: false, issueCount: 7, companies: 2 });
    expect(companies.map((c) => c.name)).toEqual(["Ekbackens Ekonomiska Förening", "Sista Raden AB"]);
  });

  it("reports broken encoding by line and never indexes the broken row", async () => {
    const rejected = await load(path.join(FIXTURES, "broken-encoding.txt"));
    expect(rejected.report.rejected).toBe(true);
    expect(rejected.report.issues).toEqual([{ line: 3, message: "ogiltig teckenkodning (inte UTF-8)" }]);
    const skipped = await load(path.join(FIXTURES, "broken-encoding.txt"), true);
    expect(skipped.companies.map((c) => c.name)).toEqual(["Ekbackens Ekonomiska Förening", "Sista Raden AB"]);
  });

  it("rejects a file without the bulk-file header even when skipping bad rows", async () => {
    const { report, companies } = await load(path.join(FIXTURES, "missing-header.txt"), true);
    expect(report.rejected).toBe(true);
    expect(report.issues[0]?.line).toBe(1);
    expect(companies).toHaveLength(0);
  });
});
