import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type CompanySourceRecord, CompanySourceRecordSchema } from "#search-index/engine";
import { parseBulkRow } from "../bolagsverket/bulk-row";
import { loadBolagsverketCodes } from "../bolagsverket/codes";
import { splitFields } from "../bolagsverket/line-reader";
import { Rng } from "../generator/random";
import { bolagsverketRows } from "./bolagsverket-rows";
import { bolagsverketForms, bolagsverketLetters, centuryOf } from "./register-membership";
import { RegisterFormatError } from "./register-text";
import { scbRow } from "./scb-rows";

const SAMPLE = path.resolve(import.meta.dirname, "../../../tests/fixtures/register/source-companies.ndjson");
const sample = readFileSync(SAMPLE, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => CompanySourceRecordSchema.parse(JSON.parse(line)));
const company = (form: string): CompanySourceRecord => {
  const found = sample.find((c) => c.form === form && c.isActive);
  if (!found) throw new Error(`no ${form} in the sample`);
  return found;
};
const codes = loadBolagsverketCodes();
const parsed = (line: string | undefined) => parseBulkRow(splitFields(line ?? "") ?? [], codes);

describe("Bolagsverket rows", () => {
  it("uses only organisationsform letters that Bolagsverket's loader maps back to the same form", () => {
    for (const form of bolagsverketForms())
      for (const letter of bolagsverketLetters(form)) expect(codes.companyForm(letter)?.form, letter).toBe(form);
  });

  it("writes quotes, semicolons and dollar signs in names and descriptions so that they parse back", () => {
    const record = { ...company("AB"), name: 'Café "Kronan"; $ Bar AB', businessDescription: 'Servering; "mat" och $ dryck' };
    const [primary, ...extras] = bolagsverketRows(record, 2, new Rng(1));
    expect(parsed(primary)).toMatchObject({ name: record.name, description: record.businessDescription, nameSeq: 1 });
    expect(extras.map((line) => parsed(line).nameSeq)).toEqual([2, 3]);
  });

  it("writes a sole trader as a PERSON row with the century and the owner's name", () => {
    const record = company("EN");
    const row = parsed(bolagsverketRows(record, 0, new Rng(1))[0]);
    expect(row).toMatchObject({ identityType: "PERSON", orgNo: record.orgNo, formCode: "E" });
    expect(splitFields(bolagsverketRows(record, 0, new Rng(1))[0] ?? "")?.[0]).toMatch(/^(19|20)\d{10}\$PERSON-IDORG$/);
  });

  it("refuses text the format cannot carry unchanged", () => {
    expect(() => bolagsverketRows({ ...company("AB"), name: "Ett | Två AB" }, 0, new Rng(1))).toThrow(RegisterFormatError);
    const address = { ...company("AB").postalAddress, streetAddress: "Box $5" };
    expect(() => bolagsverketRows({ ...company("AB"), postalAddress: address }, 0, new Rng(1))).toThrow(RegisterFormatError);
  });
});

describe("SCB rows", () => {
  it("refuses characters outside ISO-8859-1 and TABs", () => {
    const options = { inBolagsverket: false, rng: new Rng(1) };
    expect(() => scbRow({ ...company("AB"), name: "Łódź Trading AB" }, options)).toThrow(RegisterFormatError);
    expect(() => scbRow({ ...company("AB"), name: "Tab\tAB" }, options)).toThrow(RegisterFormatError);
    expect(scbRow(company("AB"), options).subarray(-3).toString("latin1")).toBe("\t\r\n");
  });

  it("gives personal identity numbers the century that makes the holder an adult", () => {
    expect(centuryOf("051224-1234")).toBe("20");
    expect(centuryOf("460101-1234")).toBe("19");
    expect(centuryOf("120101-1234")).toBe("19");
  });
});
