import { describe, expect, it } from "vitest";
import { loadScbCodes } from "./codes";
import { MASK_COLUMNS, parseHeader, SCB_COLUMNS, type ScbColumn, type ScbHeader } from "./columns";
import { createScbRowSchema, parseScbRow, RowError } from "./scb-row";

const codes = loadScbCodes();
const schema = createScbRowSchema(codes);
const HEADER_TEXT = [...SCB_COLUMNS, ...MASK_COLUMNS].join("\t") + "\t";
const header = parseHeader(HEADER_TEXT) as ScbHeader;

const BASE: Record<ScbColumn, string> = {
  ForAndrTyp: "1",
  COAdress: "C/O ERIKSSON",
  Foretagsnamn: "",
  FtgStat: "1",
  Gatuadress: "STORGATAN 5",
  JEStat: "1",
  JurForm: "49",
  Namn: "ÄNGSBACKENS CAFÉ AB",
  Ng1: "10710",
  Ng2: "56100",
  Ng3: "10710",
  Ng4: "",
  Ng5: "",
  PeOrgNr: "165591234561",
  PostNr: "753 20",
  PostOrt: "UPPSALA",
  RegDatKtid: "20170502",
  Reklamsparrtyp: "1",
};
const lineOf = (overrides: Partial<Record<ScbColumn, string>> = {}) =>
  [...SCB_COLUMNS.map((c) => overrides[c] ?? BASE[c]), ...MASK_COLUMNS.map(() => "1")].join("\t") + "\t";

describe("parseHeader", () => {
  it("finds the columns by name, with or without the trailing TAB and mask columns", () => {
    expect(header.width).toBe(34);
    expect(header.index.PeOrgNr).toBe(13);
    const reordered = parseHeader([...SCB_COLUMNS].reverse().join("\t"));
    expect(reordered).toMatchObject({ width: 18, index: { Reklamsparrtyp: 0, ForAndrTyp: 17 } });
  });

  it.each([
    [HEADER_TEXT.replace("Ng1\t", "Ng 1\t"), "okända kolumner: Ng 1"],
    [HEADER_TEXT.replace("PeOrgNr\t", ""), "kolumner saknas: PeOrgNr"],
    [`${HEADER_TEXT}Namn`, "dubbla kolumner: Namn"],
    ["organisationsidentitet;namnskyddslopnummer", "okända kolumner"],
  ])("rejects a wrong header (%#)", (text, message) => {
    const result = parseHeader(text);
    expect("error" in result && result.error).toContain(message);
  });
});

describe("parseScbRow", () => {
  it("maps identity, names, codes, address and date; SNI main first without duplicates", () => {
    expect(parseScbRow(lineOf(), header, schema)).toEqual({
      orgNo: "559123-4561",
      isPersonalIdentity: false,
      name: "ÄNGSBACKENS CAFÉ AB",
      companyName: null,
      legalFormCode: "49",
      companyStatus: "1",
      sniCodes: ["10710", "56100"],
      address: { careOf: "C/O ERIKSSON", street: "STORGATAN 5", zip: "75320", city: "UPPSALA" },
      registeredDate: "2017-05-02",
      adBlocked: false,
    });
  });

  it("reads sole traders' personal identity numbers, unknown industry and stray quotes", () => {
    const row = parseScbRow(lineOf({ PeOrgNr: "198112289874", JurForm: "10", Ng1: "00000", Namn: 'Anna "Måla" Karlsson' }), header, schema);
    expect(row).toMatchObject({ orgNo: "811228-9874", isPersonalIdentity: true, sniCodes: [], name: 'Anna "Måla" Karlsson' });
  });

  it("accepts a row without the trailing TAB and ignores the unverified columns", () => {
    const row = parseScbRow(lineOf({ ForAndrTyp: "X", JEStat: "?" }).replace(/\t$/, ""), header, schema);
    expect(row.orgNo).toBe("559123-4561");
  });

  it.each([
    [{ PeOrgNr: "165591234562" }, "PeOrgNr: felaktig kontrollsiffra i 559123-4562"],
    [{ PeOrgNr: "5591234561" }, "PeOrgNr: ogiltigt PeOrgNr"],
    [{ PeOrgNr: "168112289874" }, "prefixet 16 stämmer inte med ett personnummer"],
    [{ PeOrgNr: "195591234561" }, "prefixet 19 stämmer inte med ett organisationsnummer"],
    [{ Namn: " " }, "Namn: namn saknas"],
    [{ JurForm: "77" }, 'JurForm: okänd juridisk form "77"'],
    [{ FtgStat: "5" }, 'FtgStat: okänd företagsstatus "5"'],
    [{ FtgStat: "" }, "FtgStat: okänd företagsstatus"],
    [{ Ng1: "" }, 'Ng1: ogiltig SNI-kod ""'],
    [{ Ng2: "99999" }, 'Ng2: okänd SNI 2007-kod "99999"'],
    [{ Ng3: "0111" }, 'Ng3: ogiltig SNI-kod "0111"'],
    [{ PostNr: "1234" }, 'PostNr: ogiltigt postnummer "1234"'],
    [{ RegDatKtid: "20230231" }, 'RegDatKtid: ogiltigt datum "20230231"'],
    [{ RegDatKtid: "2023-01-31" }, "RegDatKtid: ogiltigt datum"],
    [{ Reklamsparrtyp: "3" }, 'Reklamsparrtyp: okänd reklamspärrtyp "3"'],
  ])("rejects %o", (overrides, message) => {
    expect(() => parseScbRow(lineOf(overrides), header, schema)).toThrow(RowError);
    expect(() => parseScbRow(lineOf(overrides), header, schema)).toThrow(message);
  });

  it("lists every bad field of a row", () => {
    expect(() => parseScbRow(lineOf({ JurForm: "77", Ng2: "99999" }), header, schema)).toThrow(/JurForm: .*; Ng2: /);
  });

  it("rejects truncated and overlong rows by their field count", () => {
    expect(() => parseScbRow(lineOf().slice(0, 40), header, schema)).toThrow(/fel antal fält: \d+ i stället för 34 \(avkortad rad\?\)/);
    expect(() => parseScbRow(`${lineOf()}x\t`, header, schema)).toThrow("fel antal fält: 36 i stället för 34");
  });
});
