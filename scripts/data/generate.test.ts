import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counties, isLimitedCompanyForm, sniSectionOf } from "#search-index";
import {
  type CompanySourceRecord,
  CompanySourceRecordSchema,
  SourceManifestSchema,
  type WorksiteSourceRecord,
  WorksiteSourceRecordSchema,
} from "#search-index/engine";
import { readCsvObjects } from "./csv";
import { generateDataset } from "./generate";
import { isPersonalIdentityNumber, isValidOrgNo } from "./org-number";

const N = 20_000;
const dir = mkdtempSync(path.join(tmpdir(), "urval-gen-"));
let companies: CompanySourceRecord[] = [];
let worksites: WorksiteSourceRecord[] = [];

const readNdjson = (file: string) =>
  readFileSync(file, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as unknown);
const shareOf = <T>(items: T[], predicate: (item: T) => boolean) => items.filter(predicate).length / items.length;

beforeAll(async () => {
  const result = await generateDataset({ companies: N, seed: 42, outDir: dir });
  companies = readNdjson(result.companiesFile).map((row) => CompanySourceRecordSchema.parse(row));
  worksites = readNdjson(result.worksitesFile).map((row) => WorksiteSourceRecordSchema.parse(row));
  SourceManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("generated companies", () => {
  it("writes exactly N valid records with unique ids and Luhn-valid, unique organisation numbers", () => {
    expect(companies).toHaveLength(N);
    expect(new Set(companies.map((c) => c.orgSeqNo)).size).toBe(N);
    expect(new Set(companies.map((c) => c.orgNo)).size).toBe(N);
    expect(companies.every((c) => isValidOrgNo(c.orgNo))).toBe(true);
  });

  it("gives sole traders personal identity numbers and everyone else form-appropriate prefixes", () => {
    const wrong = companies.filter((c) => {
      const prefixOk = c.form === "HB" ? c.orgNo.startsWith("9") : isLimitedCompanyForm(c.legalFormCode) ? c.orgNo.startsWith("5") : true;
      return c.soleProprietorship !== (c.form === "EN") || isPersonalIdentityNumber(c.orgNo) !== (c.form === "EN") || !prefixOk;
    });
    expect(wrong.map((c) => `${c.form} ${c.orgNo}`)).toEqual([]);
  });

  it("spreads companies over counties within 2 percentage points of their population share", () => {
    const population = counties.reduce((sum, c) => sum + c.population, 0);
    for (const county of counties) {
      const share = shareOf(companies, (c) => c.seatCountyCode === county.code);
      expect(Math.abs(share - county.population / population), county.name).toBeLessThan(0.02);
    }
  });

  it("has about half aktiebolag, many sole traders and mostly companies without employees", () => {
    const limited = shareOf(companies, (c) => isLimitedCompanyForm(c.legalFormCode));
    expect(limited).toBeGreaterThan(0.45);
    expect(limited).toBeLessThan(0.58);
    expect(shareOf(companies, (c) => c.form === "EN")).toBeGreaterThan(0.25);
    expect(shareOf(companies, (c) => c.numEmployees === 0)).toBeGreaterThan(0.6);
    expect(shareOf(companies, (c) => (c.numEmployees ?? 0) >= 50)).toBeLessThan(0.02);
  });

  it("skews the SNI mix like the Swedish economy", () => {
    const section = (code: string) => shareOf(companies, (c) => sniSectionOf(c.sniCodes[0] ?? "") === code);
    expect(section("M")).toBeGreaterThan(0.1);
    expect(section("F")).toBeGreaterThan(0.07);
    expect(section("G")).toBeGreaterThan(0.07);
    expect(section("L")).toBeGreaterThan(0.05);
    for (const rare of ["B", "D", "E", "O", "T", "U"]) expect(section(rare)).toBeLessThan(0.02);
  });

  it("uses real postal codes of the seat municipality", () => {
    const sources = path.join(import.meta.dirname, "../../search-index/refdata/sources/postal_codes.csv");
    const byZip = new Map(readCsvObjects(sources).map((r) => [`${r.postal_code}|${r.municipality_code}`, r.locality]));
    const wrong = companies.filter(
      (c) => byZip.get(`${c.postalAddress.zip?.replace(" ", "")}|${c.seatMunicipalityCode}`) !== c.postalAddress.city,
    );
    expect(wrong.map((c) => `${c.orgNo} ${c.postalAddress.zip} ${c.postalAddress.city}`)).toEqual([]);
  });

  it("includes names with å, ä, ö and rare names a spreadsheet would read as formulas", () => {
    expect(shareOf(companies, (c) => /[åäöÅÄÖ]/.test(c.name))).toBeGreaterThan(0.2);
    expect(companies.filter((c) => /^[-=+@]/.test(c.name)).length).toBeGreaterThanOrEqual(2);
  });

  it("defaults to Sweden's ratio of worksites to companies (1.4 M to 1.3 M)", () => {
    expect(worksites.length / N).toBeGreaterThan(1.05);
    expect(worksites.length / N).toBeLessThan(1.11);
  });

  it("reports beneficial owners with every status and a form-appropriate obligation", () => {
    const statuses = new Set(companies.map((c) => c.beneficialStatus));
    for (const status of ["NOT_REPORTED", "UNSPECIFIED", "MISSING", "REMOVED", null]) expect(statuses.has(status as never)).toBe(true);
    expect(companies.some((c) => c.beneficialSuspicion)).toBe(true);
    expect(companies.filter((c) => c.form === "EN").every((c) => !c.beneficialReportingObligation)).toBe(true);
    expect(companies.filter((c) => c.beneficialStatus !== null).every((c) => c.beneficialOwners.length === 0)).toBe(true);
  });
});
