/**
 * F-tax, VAT and employer registration, which the free registers leave unknown (to-record.ts UNKNOWN): known or unknown
 * together (search-fields.ts `unknownGroup`), one shared known bit in the embedded index, absent where unknown on both
 * backends' documents. The searches themselves are compared on both backends in backend-equivalence.test.ts.
 */
import { describe, expect, it } from "vitest";
import { KNOWN_BITS } from "#search-index/embedded/index-types";
import { flagBits } from "#search-index/indexing/embedded/flag-bit";
import { companyFlags, INHERITED_FLAGS, worksiteFlags } from "#search-index/indexing/field-sources";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";

const company = fixtureCompanies().find((c) => c.fTaxReg && c.vatReg && c.employerReg)!;
const worksite = fixtureWorksites().find((w) => w.orgSeqNo === company.orgSeqNo)!;
const REGISTRATIONS = ["fTax", "vatReg", "employerReg"] as const;

describe("the registrations known or unknown together", () => {
  it("share one known bit in the embedded index, apart from Gasell's", () => {
    const bits = REGISTRATIONS.map((name) => KNOWN_BITS[name]);
    expect(new Set(bits).size).toBe(1);
    expect(bits[0]).toBeDefined();
    expect(KNOWN_BITS.gasell).not.toBe(bits[0]);
  });

  it("are all left out of a company's flags when its source leaves them unknown, and so are absent on its worksites", () => {
    const unknown = companyFlags({ ...company, fTaxReg: null, vatReg: null, employerReg: null });
    for (const name of REGISTRATIONS) expect(unknown[name], name).toBeUndefined();
    const inherited = Object.fromEntries(INHERITED_FLAGS.flatMap((name) => (unknown[name] === undefined ? [] : [[name, unknown[name]]])));
    const ofWorksite = worksiteFlags(worksite, inherited);
    for (const name of REGISTRATIONS) expect(ofWorksite[name], name).toBeUndefined();
    // Neither bit: not 'Ja' (the flag's bit) and not 'Nej' (the known bit).
    expect(flagBits(unknown) & (1 << KNOWN_BITS.fTax!)).toBe(0);
  });

  it("are never half known: one unknown leaves the others out too (they share the known bit)", () => {
    const half = companyFlags({ ...company, vatReg: null });
    for (const name of REGISTRATIONS) expect(half[name], name).toBeUndefined();
  });

  it("are kept, with their known bit, where the source has them; an inherited 'no' stays 'no'", () => {
    const known = companyFlags({ ...company, vatReg: false });
    expect([known.fTax, known.vatReg, known.employerReg]).toEqual([true, false, true]);
    expect(flagBits(known) & (1 << KNOWN_BITS.fTax!)).not.toBe(0);
    expect(worksiteFlags(worksite, { fTax: true, vatReg: false, employerReg: true })).toMatchObject({
      fTax: true,
      vatReg: false,
      employerReg: true,
    });
  });
});
