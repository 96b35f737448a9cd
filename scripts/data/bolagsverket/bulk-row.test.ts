import { describe, expect, it } from "vitest";
import { parseBulkRow, RowError } from "./bulk-row";
import { loadBolagsverketCodes } from "./codes";
import { splitFields } from "./line-reader";

const codes = loadBolagsverketCodes();
const fields = (overrides: Record<number, string> = {}) => {
  const base = [
    "5566778899$ORGNR-IDORG",
    "1",
    "SE-LAND",
    "Nordisk Verkstad AB$FORETAGSNAMN-ORGNAM$1987-03-12",
    "AB-ORGFO",
    "",
    "",
    "",
    "1987-03-12",
    "Maskiner",
    "Box 1$$LINKÖPING$58222$SE-LAND",
  ];
  return base.map((value, i) => overrides[i] ?? value);
};

describe("splitFields", () => {
  it("splits quoted fields with doubled quotes and semicolons inside", () => {
    expect(splitFields('"a";"b ""c"" ; d";""')).toEqual(["a", 'b "c" ; d', ""]);
    expect(splitFields("a;b;")).toEqual(["a", "b", ""]);
    expect(splitFields('"a"x;"b"')).toBeNull();
    expect(splitFields('a"b;c')).toBeNull();
  });
});

describe("parseBulkRow", () => {
  it("parses subfields, repeats and code suffixes", () => {
    const row = parseBulkRow(fields({ 7: "|LI-AVOMFO$2026-04-01|FR-AVOMFO$2026-05-01", 5: "2026-06-01", 6: "LIAV-AVORG" }), codes);
    expect(row).toMatchObject({
      orgNo: "556677-8899",
      identityType: "ORGNR",
      formCode: "AB",
      deregisteredDate: "2026-06-01",
      deregistrationReason: "LIAV",
      procedures: [
        { code: "LI", date: "2026-04-01" },
        { code: "FR", date: "2026-05-01" },
      ],
      address: { street: "Box 1", careOf: null, city: "LINKÖPING", zip: "58222", country: "SE" },
    });
  });

  it("prefers the company name over other name types", () => {
    const row = parseBulkRow(fields({ 3: "Anna Karlsson$NAMN-ORGNAM$2015-03-01|Karlssons Måleri$FORETAGSNAMN-ORGNAM$2015-03-01" }), codes);
    expect(row.name).toBe("Karlssons Måleri");
  });

  it.each([
    [{ 0: "5566778899$PERSON-IDORG" }, "stämmer inte med typen"],
    [{ 0: "556677889$ORGNR-IDORG" }, "ogiltig organisationsidentitet"],
    [{ 4: "AB" }, "okänd organisationsform"],
    [{ 6: "XX-AVORG" }, "okänd avregistreringsorsak"],
    [{ 7: "|ZZ-AVOMFO$2026-01-01" }, "okänd pågående förfarande"],
    [{ 8: "2021-02-30" }, "ogiltigt datum"],
    [{ 2: "Sverige" }, "ogiltigt registreringsland"],
    [{ 3: "Utan typ" }, "ogiltigt organisationsnamn"],
    [{ 10: "Box 1$LINKÖPING$58222$SE-LAND" }, "ogiltig postadress"],
  ])("rejects %o", (overrides, message) => {
    expect(() => parseBulkRow(fields(overrides), codes)).toThrow(RowError);
    expect(() => parseBulkRow(fields(overrides), codes)).toThrow(message);
  });
});
