import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatOrgNo, judgeCandidate, normaliseOrgNo } from "./org-number";

const isLuhnValid = (ten: string) => judgeCandidate(ten).kind === "valid";

/** Check digit computed the long way, as the Swedish Tax Agency describes it (weights 2,1,2,1,… on nine digits). */
function referenceCheckDigit(nine: string): number {
  const products = [...nine].map((d, i) => Number(d) * (i % 2 === 0 ? 2 : 1));
  const digitSum = products.reduce((sum, p) => sum + Math.floor(p / 10) + (p % 10), 0);
  return (10 - (digitSum % 10)) % 10;
}

describe("organisation numbers", () => {
  it("accepts real numbers and rejects a wrong check digit", () => {
    expect(isLuhnValid("5560160680")).toBe(true); // Telefonaktiebolaget L M Ericsson
    expect(isLuhnValid("2021005448")).toBe(true); // Skatteverket
    expect(isLuhnValid("5560160681")).toBe(false);
  });

  it.each([
    ["556016-0680", "556016-0680"],
    ["5560160680", "556016-0680"],
    ["16556016-0680", "556016-0680"],
    ["165560160680", "556016-0680"],
    ["556016 0680", "556016-0680"],
    ["55 60 16-0680", "556016-0680"],
    ["556016\u20130680", "556016-0680"],
    ["19640823-3234", "640823-3234"],
    ["196408233234", "640823-3234"],
    ["640823+3234", "640823-3234"],
  ])("normalises %s", (input, expected) => {
    expect(normaliseOrgNo(input)).toBe(expected);
  });

  it("refuses century prefixes on organisation numbers and other prefixes altogether", () => {
    expect(judgeCandidate("19556016-0680").kind).toBe("invalid"); // 19 needs a real birth date
    expect(judgeCandidate("18640823-3234").kind).toBe("invalid");
    expect(judgeCandidate("16556016-0681").kind).toBe("invalid");
  });

  it("ignores digit groups that are not shaped like a number", () => {
    expect(judgeCandidate("08-12345678").kind).toBe("ignored");
    expect(judgeCandidate("556016068").kind).toBe("ignored");
    expect(judgeCandidate("55601606801").kind).toBe("ignored");
    expect(judgeCandidate("5560-160680").kind).toBe("ignored");
  });

  it("agrees with the reference check digit and round-trips every spelling (property)", () => {
    const nine = fc.stringMatching(/^[1-9][0-9]{8}$/);
    fc.assert(
      fc.property(nine, fc.integer({ min: 0, max: 4 }), (body, spelling) => {
        const ten = body + String(referenceCheckDigit(body));
        const spelled = [
          `${ten.slice(0, 6)}-${ten.slice(6)}`,
          ten,
          `16${ten}`,
          `16${ten.slice(0, 6)}-${ten.slice(6)}`,
          `${ten.slice(0, 6)} ${ten.slice(6)}`,
        ][spelling] as string;
        expect(normaliseOrgNo(spelled)).toBe(`${ten.slice(0, 6)}-${ten.slice(6)}`);
        const wrong = body + String((referenceCheckDigit(body) + 1) % 10);
        expect(isLuhnValid(wrong)).toBe(false);
      }),
    );
  });

  it("formats numeric keys with leading zeros", () => {
    expect(formatOrgNo(102031283)).toBe("010203-1283");
  });
});
