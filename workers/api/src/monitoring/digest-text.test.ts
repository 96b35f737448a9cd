import { describe, expect, it } from "vitest";
import { digestSubject, digestText, type DigestAlert } from "./digest-text";

const added = (companyName: string): DigestAlert => ({ kind: "SEARCH_NEW", subjectName: "Bygg i Växjö", companyName, changes: [] });

describe("the digest e-mail", () => {
  it("lists saved searches with their new companies and watched companies with their changes, then the link", () => {
    const alerts: DigestAlert[] = [
      ...["A AB", "B AB", "C AB", "D AB", "E AB", "F AB", "G AB"].map(added),
      { kind: "SEARCH_REMOVED", subjectName: "Bygg i Växjö", companyName: "H AB", changes: [] },
      { kind: "COMPANY_CHANGED", subjectName: null, companyName: "Ek AB", changes: ["Kreditbetyg 2 av 4 → 3 av 4"] },
    ];
    expect(digestSubject(alerts)).toBe("Bevakning: 9 nya händelser");
    expect(digestSubject(alerts.slice(0, 1))).toBe("Bevakning: 1 ny händelse");
    expect(digestText({ firstName: "Vera", digest: "DAILY", origin: "https://app.urval.se", alerts: alerts.slice(0, 1) })).toContain(
      "• Bygg i Växjö: 1 nytt företag",
    );
    expect(digestText({ firstName: "Vera", digest: "WEEKLY", origin: "https://app.urval.se", alerts })).toBe(
      [
        "Hej Vera!",
        "",
        "Det här har hänt i dina bevakningar sedan förra utskicket:",
        "",
        "Sparade sökningar",
        "• Bygg i Växjö: 7 nya företag, 1 företag matchar inte längre",
        "  Nya: A AB, B AB, C AB, D AB, E AB och 2 till",
        "",
        "Bevakade företag",
        "• Ek AB",
        "  – Kreditbetyg 2 av 4 → 3 av 4",
        "",
        "Se alla ändringar: https://app.urval.se/bevakningar",
        "",
        "Du får det här mejlet eftersom du har valt veckovis utskick. Du kan ändra det på https://app.urval.se/bevakningar.",
        "",
        "Hälsningar",
        "Urval",
      ].join("\n"),
    );
  });

  it("carries no invisible format character of a saved search's or a company's name (issue 48 point 4)", () => {
    const alerts: DigestAlert[] = [
      { kind: "SEARCH_NEW", subjectName: "Liknar Faktura\u202Eexe", companyName: "Noll\u200Bbredd AB", changes: [] },
      { kind: "COMPANY_CHANGED", subjectName: null, companyName: "Vänd\u2066 AB\u2069", changes: ["Namn \u202Dx"] },
    ];
    const text = digestText({ firstName: "Vera", digest: "DAILY", origin: "https://app.urval.se", alerts });
    expect(text).not.toMatch(/\p{Cf}/u);
    expect(text).toContain("• Liknar Fakturaexe: 1 nytt företag");
    expect(text).toContain("• Vänd AB");
  });
});
