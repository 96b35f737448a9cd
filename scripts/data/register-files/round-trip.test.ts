import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CompanySourceRecord, CompanySourceRecordSchema } from "#search-index/engine";
import { generateDataset } from "../generate";
import { loadBolagsverket } from "../load-bolagsverket";
import { loadScb } from "../load-scb";
import { isInBolagsverket } from "./register-membership";
import { type RegisterFilesResult, writeRegisterFiles } from "./write-register-files";

const SEED = 11;
const work = mkdtempSync(path.join(tmpdir(), "urval-register-files-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const readRecords = (file: string): CompanySourceRecord[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => CompanySourceRecordSchema.parse(JSON.parse(line)));

/** What the register files carry of a company (the seat is derived from the postal code, so it is not compared). */
const registerView = (c: CompanySourceRecord) => ({
  orgNo: c.orgNo,
  name: c.name,
  legalFormCode: c.legalFormCode,
  form: c.form,
  formText: c.formText,
  soleProprietorship: c.soleProprietorship,
  isActive: c.isActive,
  sniCodes: c.sniCodes,
  postalAddress: c.postalAddress,
  registeredDate: c.registeredDate,
});

let source: CompanySourceRecord[] = [];
let written: RegisterFilesResult;
let bolagsverketReport: Awaited<ReturnType<typeof loadBolagsverket>>;
let scbReport: Awaited<ReturnType<typeof loadScb>>;
let loaded: Map<string, CompanySourceRecord>;

beforeAll(async () => {
  await generateDataset({ companies: 400, worksites: 0, seed: SEED, outDir: path.join(work, "source") });
  source = readRecords(path.join(work, "source", "companies.ndjson"));
  written = await writeRegisterFiles(source, { outDir: path.join(work, "files"), seed: SEED });
  bolagsverketReport = await loadBolagsverket({ file: written.bolagsverket.file, outDir: path.join(work, "bolagsverket") });
  scbReport = await loadScb({ file: written.scb.file, bolagsverket: path.join(work, "bolagsverket"), outDir: path.join(work, "register") });
  loaded = new Map(readRecords(path.join(work, "register", "companies.ndjson")).map((c) => [c.orgNo, c]));
}, 60_000);

describe("source records → register files → data:load-bolagsverket → data:load-scb --bolagsverket", () => {
  it("loads both files without a single issue", () => {
    expect(bolagsverketReport).toMatchObject({ rows: written.bolagsverket.rows, issueCount: 0, rejected: false });
    expect(bolagsverketReport.companies).toBe(written.bolagsverket.companies);
    expect(scbReport).toMatchObject({
      encoding: "ISO-8859-1/Windows-1252",
      rows: written.scb.rows,
      issueCount: 0,
      unplacedCount: 0,
      rejected: false,
      joined: written.bolagsverket.companies,
      bolagsverketOnly: 0,
      scbOnly: written.scb.scbOnlyCompanies + written.scb.extraEntities,
      legalFormChanged: 0,
    });
  });

  it("gives back every source company: name, number, form, SNI codes, address, registration date, status", () => {
    expect(source).toHaveLength(400);
    for (const company of source) expect(registerView(loaded.get(company.orgNo) ?? company), company.orgNo).toEqual(registerView(company));
    expect(source.filter((c) => !loaded.has(c.orgNo))).toEqual([]);
  });

  it("keeps Bolagsverket's business description", () => {
    for (const company of source.filter((c) => isInBolagsverket(c, { seed: SEED })))
      expect(loaded.get(company.orgNo)?.businessDescription, company.orgNo).toBe(company.businessDescription);
  });

  it("covers the cases: sole traders in both files and in SCB's only, inactive companies, public bodies", () => {
    const inBolagsverket = (c: CompanySourceRecord) => isInBolagsverket(c, { seed: SEED });
    const soleTraders = source.filter((c) => c.form === "EN");
    expect(soleTraders.filter(inBolagsverket).length).toBeGreaterThan(10);
    expect(soleTraders.filter((c) => !inBolagsverket(c)).length).toBeGreaterThan(40);
    expect(source.filter((c) => !c.isActive && inBolagsverket(c)).length).toBeGreaterThan(10);
    expect(written.bolagsverket.extraRows).toBeGreaterThan(100);
  });

  it("reaches the real files' rows per company", () => {
    expect(written.bolagsverket.rows / 400).toBeCloseTo(2_970_000 / 1_300_000, 0);
    expect(written.scb.rows).toBe(Math.round((400 * 1_800_000) / 1_300_000));
  });
});

describe("the committed register sample (tests/fixtures/register)", () => {
  const SAMPLE = path.resolve(import.meta.dirname, "../../../tests/fixtures/register");

  it("loads without a single issue and gives back every source company", async () => {
    const sampleSource = readRecords(path.join(SAMPLE, "source-companies.ndjson"));
    const bolagsverketDir = path.join(work, "sample-bolagsverket");
    const bolagsverket = await loadBolagsverket({ file: path.join(SAMPLE, "bolagsverket_bulkfil.txt"), outDir: bolagsverketDir });
    const scb = await loadScb({
      file: path.join(SAMPLE, "scb_bulkfil_JE_20261101T060000_01.txt"),
      bolagsverket: bolagsverketDir,
      outDir: path.join(work, "sample-register"),
    });
    expect(bolagsverket).toMatchObject({ issueCount: 0, rejected: false });
    expect(scb).toMatchObject({ issueCount: 0, unplacedCount: 0, rejected: false, bolagsverketOnly: 0 });
    const sampleLoaded = new Map(readRecords(path.join(work, "sample-register", "companies.ndjson")).map((c) => [c.orgNo, c]));
    for (const company of sampleSource) expect(sampleLoaded.has(company.orgNo), company.orgNo).toBe(true);
    for (const company of sampleSource) expect(registerView(sampleLoaded.get(company.orgNo) ?? company)).toEqual(registerView(company));
  });
});
