import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { luhnValid, normalizePersonalId, normalizePhone, parseIdentity } from "./identity";

const now = new Date("2026-11-21T12:00:00Z");

describe("personal identity numbers", () => {
  it("accepts every common form and normalises to 12 digits", () => {
    for (const form of ["811218-9876", "8112189876", "19811218-9876", "198112189876", "811218 9876"]) {
      expect(normalizePersonalId(form, now), form).toBe("198112189876");
    }
  });

  it("uses + for people of 100 years or more and picks the century for the short form", () => {
    expect(normalizePersonalId("121212+1212", now)).toBe("191212121212");
    expect(normalizePersonalId("121212-1212", now)).toBe("201212121212");
  });

  it("accepts samordningsnummer (day + 60) and refuses a bad check digit or date", () => {
    expect(normalizePersonalId("701063-2391", now)).toBe("197010632391");
    expect(normalizePersonalId("811218-9875", now)).toBeUndefined();
    expect(normalizePersonalId("811318-9876", now)).toBeUndefined();
    expect(normalizePersonalId("810230-0000", now)).toBeUndefined();
  });

  it("agrees with Luhn for every valid generated number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (n) => {
        const nine = String(n).padStart(9, "0");
        const check = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => luhnValid(`${nine}${d}`));
        expect(check).toBeDefined();
        expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => luhnValid(`${nine}${d}`))).toHaveLength(1);
      }),
    );
  });
});

describe("identity classification", () => {
  it("normalises Swedish phone numbers to E.164", () => {
    for (const form of ["070-123 45 67", "0701234567", "+46701234567", "0046 70 123 45 67"]) {
      expect(normalizePhone(form), form).toBe("+46701234567");
    }
    expect(normalizePhone("12345")).toBeUndefined();
  });

  it("classifies e-mail, personal id, phone and username", () => {
    expect(parseIdentity(" Anna@Foretag.SE ")).toMatchObject({ kind: "EMAIL", email: "anna@foretag.se" });
    expect(parseIdentity("19811218-9876")).toMatchObject({ kind: "PERSONAL_ID", personalId: "198112189876" });
    expect(parseIdentity("070-123 45 67")).toMatchObject({ kind: "PHONE", phone: "+46701234567" });
    expect(parseIdentity("kalle.anka")).toMatchObject({ kind: "USERNAME", username: "kalle.anka" });
  });
});
