import { describe, expect, it } from "vitest";
import type { CompanySourceRecord } from "#search-index/engine";
import { loadZipLookup } from "../bolagsverket/zip-lookup";
import { loadScbCodes } from "./codes";
import type { ScbRow } from "./scb-row";
import { enrichRecord, toScbOnlyRecord } from "./to-record";

const codes = loadScbCodes();
const zips = loadZipLookup();

const row = (overrides: Partial<ScbRow> = {}): ScbRow => ({
  orgNo: "556987-6542",
  isPersonalIdentity: false,
  name: "SOLNA DATAKONSULT AB",
  companyName: null,
  legalFormCode: "49",
  companyStatus: "1",
  sniCodes: ["62010", "62020"],
  address: { careOf: null, street: "RÅSUNDAVÄGEN 1", zip: "17172", city: "SOLNA" },
  registeredDate: "2019-04-02",
  adBlocked: false,
  ...overrides,
});

describe("formOf", () => {
  it("uses Urval's short form, SCB's title where the code is ambiguous or has no short form", () => {
    expect(codes.formOf("49")).toEqual({ form: "AB", legalFormCode: "49", formText: "Aktiebolag" });
    expect(codes.formOf("31")).toEqual({ form: "HB", legalFormCode: "31", formText: "Handelsbolag, kommanditbolag" });
    expect(codes.formOf("32")).toEqual({ form: "ÖJ", legalFormCode: "32", formText: "Gruvbolag" });
  });
});

describe("toScbOnlyRecord", () => {
  it("builds a complete record: seat from the postal code, status from FtgStat, SNI main first", () => {
    const record = toScbOnlyRecord(row(), codes, zips) as CompanySourceRecord;
    expect(record).toMatchObject({
      orgSeqNo: 556987654,
      name: "SOLNA DATAKONSULT AB",
      form: "AB",
      legalFormCode: "49",
      isActive: true,
      soleProprietorship: false,
      postalAddress: { careOf: null, streetAddress: "RÅSUNDAVÄGEN 1", zip: "171 72", city: "Solna" },
      seatMunicipalityCode: "0184",
      seatCountyCode: "01",
      registeredDate: "2019-04-02",
      sniCodes: ["62010", "62020"],
      employeeRangeCode: "0",
      beneficialReportingObligation: true,
    });
  });

  it("leaves F-tax, VAT and employer registration unknown (null), never 'no': neither free file has them", () => {
    const record = toScbOnlyRecord(row(), codes, zips) as CompanySourceRecord;
    expect([record.fTaxReg, record.vatReg, record.employerReg]).toEqual([null, null, null]);
  });

  it("prefers the registered company name and marks sole traders", () => {
    const record = toScbOnlyRecord(
      row({ isPersonalIdentity: true, name: "ÅSTRÖM, PER", companyName: "Åströms Snickeri", legalFormCode: "10", companyStatus: "9" }),
      codes,
      zips,
    ) as CompanySourceRecord;
    expect(record).toMatchObject({ name: "Åströms Snickeri", form: "EN", soleProprietorship: true, isActive: false });
    expect(record.beneficialReportingObligation).toBe(false);
  });

  it("says why a row cannot make a complete record", () => {
    expect(toScbOnlyRecord(row({ address: { careOf: null, street: null, zip: null, city: null } }), codes, zips)).toEqual({
      problem: 'kan inte härleda säte (kommun) ur postnummer ""',
    });
    expect(toScbOnlyRecord(row({ registeredDate: null }), codes, zips)).toEqual({ problem: "registreringsdatum (RegDatKtid) saknas" });
  });
});

describe("enrichRecord", () => {
  const company = toScbOnlyRecord(row({ sniCodes: [] }), codes, zips) as CompanySourceRecord;
  const bolagsverket: CompanySourceRecord = { ...company, name: "Solna Datakonsult AB", businessDescription: "Konsulter" };

  it("adds SCB's SNI codes and keeps everything else", () => {
    const { record, legalFormChanged } = enrichRecord(bolagsverket, row({ name: "ANNAT NAMN", sniCodes: ["62020"] }), codes);
    expect(legalFormChanged).toBe(false);
    expect(record).toEqual({ ...bolagsverket, sniCodes: ["62020"] });
  });

  it("takes SCB's juridisk form when it differs, with its short form", () => {
    const { record, legalFormChanged } = enrichRecord(bolagsverket, row({ legalFormCode: "41" }), codes);
    expect(legalFormChanged).toBe(true);
    expect(record).toMatchObject({ legalFormCode: "41", form: "BAB", formText: "Bankaktiebolag" });
  });

  it("keeps Bolagsverket's finer form when the codes agree (KB under 31)", () => {
    const kb = { ...bolagsverket, legalFormCode: "31", form: "KB", formText: "Kommanditbolag" };
    expect(enrichRecord(kb, row({ legalFormCode: "31" }), codes).record).toMatchObject({ form: "KB", formText: "Kommanditbolag" });
  });

  it("refuses to join different organisations", () => {
    expect(() => enrichRecord(bolagsverket, row({ orgNo: "556111-2227" }), codes)).toThrow("join mismatch");
  });
});
