import { describe, expect, it } from "vitest";
import { describeCompanyChanges, DEREGISTERED, REMOVED_FROM_REGISTER } from "./company-changes";
import type { CompanySourceRecord } from "../records";

const FIGURES = {
  turnover: 9_800_000,
  cashFlowAffectingEBTDA: 0,
  profitAndLossForTheYear: 0,
  totalAssets: 0,
  totalEquity: 0,
  sumOfCashBank: 0,
  totalLongTermLiabilities: 0,
  totalShortTermLiabilities: 0,
  earningsAfterDepreciation: 0,
  earningsAfterNetInterestIncome: 0,
  dividend: 0,
  numberOfEmployees: 12,
  personnelExpenses: 0,
};

const base = (): CompanySourceRecord => ({
  kind: "company",
  orgSeqNo: 1,
  orgNo: "556677-8899",
  name: "Byggbolaget i Växjö AB",
  legalFormCode: "49",
  form: "AB",
  formText: "Aktiebolag",
  soleProprietorship: false,
  isActive: true,
  postalAddress: { careOf: null, streetAddress: "Storgatan 1", zip: "352 30", city: "Växjö" },
  visitingAddress: null,
  phoneNumbers: ["0470-123 45"],
  seatMunicipalityCode: "0780",
  seatCountyCode: "07",
  createdDate: "2001-03-01",
  registeredDate: "2001-03-15",
  fTaxReg: true,
  vatReg: true,
  employerReg: true,
  sniCodes: ["41200", "43320"],
  managerTitle: null,
  managerName: null,
  managerAge: null,
  boardMembers: [{ name: "Anna Svensson", age: 52, roles: ["Ledamot"] }],
  beneficialOwners: [{ name: "Anna Svensson", age: 52, extent: "mer än 75 %" }],
  beneficialReportingObligation: true,
  beneficialStatus: null,
  beneficialSuspicion: false,
  businessDescription: null,
  scoring: 2,
  fiscalYearEndMonth: 12,
  employeeRangeCode: "4",
  turnover: 9_800_000,
  earnings: 0,
  dividend: 0,
  numEmployees: 12,
  financialPeriods: [{ type: "ÅR", periodStart: "2025-01-01", periodEnd: "2025-12-31", company: FIGURES, group: null }],
  annualReports: [],
  groupMotherOrgNo: null,
  companyGroupMotherName: null,
  companyGroupTree: null,
  isListed: false,
  isOwnerManaged: true,
  hasAuditor: false,
  auditObligation: false,
  isShelfCompany: false,
});

describe("describeCompanyChanges", () => {
  it("says nothing when nothing changed", () => {
    expect(describeCompanyChanges(base(), base())).toEqual([]);
  });

  it("describes the credit grade on the cards' scale", () => {
    expect(describeCompanyChanges(base(), { ...base(), scoring: 3 })).toEqual(["Kreditbetyg 2 av 4 → 3 av 4"]);
    expect(describeCompanyChanges(base(), { ...base(), scoring: null })).toEqual(["Kreditbetyg 2 av 4 → saknas"]);
  });

  it("names new and departed board members and beneficial owners", () => {
    const after = {
      ...base(),
      boardMembers: [{ name: "Bo Ek", age: 61, roles: ["Ordförande", "Ledamot"] }],
      beneficialOwners: [{ name: "Bo Ek", age: 61, extent: "mer än 25 %" }],
    };
    expect(describeCompanyChanges(base(), after)).toEqual([
      "Ny styrelseledamot: Bo Ek (Ordförande, Ledamot)",
      "Har lämnat styrelsen: Anna Svensson",
      "Ny verklig huvudman: Bo Ek (mer än 25 %)",
      "Är inte längre verklig huvudman: Anna Svensson",
    ]);
  });

  it("describes the beneficial-owner status with the spec's messages", () => {
    expect(describeCompanyChanges(base(), { ...base(), beneficialStatus: "MISSING" })).toEqual([
      "Verklig huvudman: Verklig huvudman saknas",
    ]);
    expect(describeCompanyChanges(base(), { ...base(), beneficialSuspicion: true })).toEqual([
      "Verklig huvudman: Det finns misstanke om att uppgifterna kan vara felaktiga",
    ]);
  });

  it("describes name, address, phone and SNI changes", () => {
    const after = {
      ...base(),
      name: "Byggbolaget Syd AB",
      postalAddress: { careOf: "Ek", streetAddress: "Kungsgatan 2", zip: "211 22", city: "Malmö" },
      phoneNumbers: ["040-765 43"],
      sniCodes: ["43320", "41200"],
    };
    expect(describeCompanyChanges(base(), after)).toEqual([
      "Nytt namn: Byggbolaget i Växjö AB → Byggbolaget Syd AB",
      "Ny adress: Storgatan 1, 352 30 Växjö → c/o Ek, Kungsgatan 2, 211 22 Malmö",
      "Nytt telefonnummer: 040-765 43",
      "Telefonnummer borttaget: 0470-123 45",
      "Ny huvudbransch (SNI): 41.200 → 43.320",
    ]);
  });

  it("describes employees, a new financial period and deregistration", () => {
    const before = base();
    const latest = before.financialPeriods[0]!;
    const period = { ...latest, periodStart: "2026-01-01", periodEnd: "2026-12-31", company: { ...latest.company, turnover: 12_300_000 } };
    const after = { ...before, numEmployees: 15, financialPeriods: [period, ...before.financialPeriods], isActive: false };
    expect(describeCompanyChanges(before, after)).toEqual([
      "Antal anställda 12 → 15",
      "Nytt räkenskapsår: 2026, omsättning 12,3 mkr",
      DEREGISTERED,
    ]);
  });

  it("says when the company is gone from the register", () => {
    expect(describeCompanyChanges(base(), null)).toEqual([REMOVED_FROM_REGISTER]);
  });
});
