import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { completeOrgNo, isPersonalIdentityNumber, isValidOrgNo, luhnCheckDigit, normaliseIdentity } from "./org-number";

describe("organisation numbers", () => {
  it("checks the Luhn digit of real numbers", () => {
    expect(isValidOrgNo("556012-5790")).toBe(true);
    expect(isValidOrgNo("556012-5791")).toBe(false);
    expect(isValidOrgNo("5560125790")).toBe(false);
    expect(luhnCheckDigit("811228987")).toBe(4);
  });

  it("completes any nine digits to a valid number, and a changed digit breaks it", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 0, max: 8 }), (body, position) => {
        const orgNo = completeOrgNo(body);
        expect(isValidOrgNo(orgNo)).toBe(true);
        const digits = orgNo.replace("-", "").split("");
        digits[position] = String((Number(digits[position]) + 1) % 10);
        expect(isValidOrgNo(`${digits.slice(0, 6).join("")}-${digits.slice(6).join("")}`)).toBe(false);
      }),
    );
  });

  it("tells personal identity numbers from organisation numbers", () => {
    expect(isPersonalIdentityNumber("811228-9874")).toBe(true);
    expect(isPersonalIdentityNumber("556012-5790")).toBe(false);
    expect(isPersonalIdentityNumber("802002-1234")).toBe(false);
  });

  it("normalises register identities", () => {
    expect(normaliseIdentity("5560125790")).toBe("556012-5790");
    expect(normaliseIdentity("198112289874")).toBe("811228-9874");
    expect(normaliseIdentity("165560125790")).toBe("556012-5790");
    expect(normaliseIdentity("55601257")).toBeNull();
    expect(normaliseIdentity("55601257AB")).toBeNull();
  });
});
