import path from "node:path";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { isFictionalNumber, publisherProblems, readPublisher } from "./publisher";
import { publisherLine, telHref } from "./publisher-text";

const real = {
  name: "Urval AB",
  street: "Drottninggatan 5",
  postalAddress: "411 14 Göteborg",
  customerServicePhone: "031-12 34 56",
  customerServiceEmail: "kundservice@urval.se",
  customerServiceHours: "Vardagar 8.00–17.00",
  responsiblePublisher: "Anna Holm",
  staff: [{ name: "Anna Holm", role: "Försäljning", phone: "08-123 456 78", email: "anna.holm@urval.se" }],
};

/** The development defaults as wrangler.toml [vars.PUBLISHER] has them, read by wrangler itself. */
function developmentDefaults(): unknown {
  const config = unstable_readConfig({ config: path.join(import.meta.dirname, "../../wrangler.toml") }, { hideWarnings: true });
  return config.vars.PUBLISHER;
}

describe("publisherProblems", () => {
  it("accepts complete details in production", () => {
    expect(publisherProblems(real, { production: true })).toEqual([]);
  });

  it("accepts the details as JSON text (a var set in the dashboard)", () => {
    expect(publisherProblems(JSON.stringify(real), { production: true })).toEqual([]);
  });

  it("accepts wrangler.toml's development defaults in development only", () => {
    const defaults = developmentDefaults();
    expect(publisherProblems(defaults, { production: false })).toEqual([]);
    expect(publisherProblems(defaults, { production: true })).toEqual([
      "PUBLISHER is marked developmentDefaults = true",
      "PUBLISHER has the fictional phone number 031-390 06 00",
      "PUBLISHER has the fictional phone number 031-390 06 01",
      "PUBLISHER has the fictional phone number 031-390 06 02",
    ]);
  });

  it("refuses fictional numbers in production even without the marker", () => {
    const copied = { ...real, staff: [{ ...real.staff[0], phone: "070-174 06 50" }] };
    expect(publisherProblems(copied, { production: true })).toEqual(["PUBLISHER has the fictional phone number 070-174 06 50"]);
  });

  it("names every missing, placeholder or malformed field", () => {
    const problems = publisherProblems(
      {
        ...real,
        street: "REPLACE_ME",
        customerServicePhone: "+46 31 12",
        customerServiceEmail: "REPLACE_ME",
        responsiblePublisher: undefined,
      },
      { production: false },
    );
    expect(problems).toEqual([
      "PUBLISHER.street: still the placeholder REPLACE_ME",
      'PUBLISHER.customerServicePhone: a Swedish number such as "08-123 456 78"',
      "PUBLISHER.customerServiceEmail: still the placeholder REPLACE_ME",
      expect.stringMatching(/^PUBLISHER\.responsiblePublisher: /),
    ]);
  });

  it("refuses unknown keys (a misspelt field), an empty staff list and duplicate staff", () => {
    expect(publisherProblems({ ...real, postal: "111 35 Stockholm" }, { production: false })).toEqual([
      expect.stringMatching(/^PUBLISHER\.\(value\): .*postal/),
    ]);
    expect(publisherProblems({ ...real, staff: [] }, { production: false })).toEqual(["PUBLISHER.staff: at least one contact"]);
    expect(publisherProblems({ ...real, staff: [real.staff[0], real.staff[0]] }, { production: false })).toEqual([
      "PUBLISHER.staff: staff e-mail addresses must differ",
    ]);
  });

  it("says so when the var is missing", () => {
    expect(publisherProblems(undefined, { production: false })).toEqual(["PUBLISHER is not set"]);
  });
});

describe("readPublisher", () => {
  it("returns the checked details", () => {
    expect(readPublisher({ APP_ENV: "production", PUBLISHER: real }).name).toBe("Urval AB");
  });

  it("refuses to render production with the development defaults", () => {
    expect(() => readPublisher({ APP_ENV: "production", PUBLISHER: developmentDefaults() })).toThrow(/developmentDefaults/);
    expect(readPublisher({ APP_ENV: "development", PUBLISHER: developmentDefaults() }).customerServicePhone).toBe("031-390 06 00");
  });
});

describe("helpers", () => {
  it("formats the publisher line and tel: links as the pages show them", () => {
    expect(publisherLine(real)).toBe("Urval är en redaktionell prenumerationstjänst med utgivningsbevis. Ansvarig utgivare: Anna Holm.");
    expect(telHref("031-390 06 00")).toBe("tel:+46313900600");
  });

  it("knows PTS's ranges for fiction", () => {
    expect(isFictionalNumber("031-390 06 99")).toBe(true);
    expect(isFictionalNumber("031-390 07 00")).toBe(false);
    expect(isFictionalNumber("08-465 004 12")).toBe(true);
    expect(isFictionalNumber("08-123 456 78")).toBe(false);
  });
});
