import { describe, expect, it } from "vitest";
import { CompanySourceRecordSchema, type CompanySourceRecord } from "#search-index/engine";
import { UNKNOWN } from "../bolagsverket/to-record";
import { filedRefNo, joinAnnualReports, sizeClassOf } from "./join-reports";
import type { AnnualReportLine } from "./load-annual-reports";
import type { ReportFigures } from "./types";

const registerRecord = (overrides: Partial<CompanySourceRecord> = {}): CompanySourceRecord => ({
  kind: "company",
  orgSeqNo: 556018749,
  orgNo: "556018-7493",
  name: "Nordisk Verkstad AB",
  legalFormCode: "49",
  form: "AB",
  formText: "Aktiebolag",
  soleProprietorship: false,
  isActive: true,
  postalAddress: { careOf: null, streetAddress: "Box 1042", zip: "582 22", city: "Linköping" },
  seatMunicipalityCode: "0580",
  seatCountyCode: "05",
  createdDate: "1987-03-12",
  registeredDate: "1987-03-12",
  businessDescription: null,
  beneficialReportingObligation: true,
  ...UNKNOWN,
  ...overrides,
});

const figures = (turnover: number, employees: number | null): ReportFigures => ({
  turnover,
  operatingResult: Math.round(turnover / 10),
  resultAfterFinancialItems: Math.round(turnover / 12),
  profitForTheYear: Math.round(turnover / 15),
  equity: 1_000_000,
  totalAssets: 5_000_000,
  cashAndBank: 300_000,
  longTermLiabilities: 1_500_000,
  shortTermLiabilities: 2_500_000,
  personnelExpenses: 4_000_000,
  employees,
  dividend: null,
});

let sha = 0;
function report(periodEnd: string, periods: [string, number, number | null][], options: Partial<AnnualReportLine> = {}): AnnualReportLine {
  sha++;
  return {
    orgNo: "556018-7493",
    name: "Nordisk Verkstad AB",
    periodStart: `${periodEnd.slice(0, 4)}-01-01`,
    periodEnd,
    currency: "SEK",
    framework: "K2",
    groupReport: false,
    periods: periods.map(([end, turnover, employees]) => ({
      start: `${end.slice(0, 4)}-01-01`,
      end,
      company: figures(turnover, employees),
      group: null,
    })),
    remarks: [],
    archive: "01_1.zip",
    inner: `5560187493_${periodEnd}.zip`,
    file: "arsredovisning.xhtml",
    document: { sha256: sha.toString(16).padStart(64, "0"), offset: 0, length: 1, bytes: 1 },
    ...options,
  };
}

describe("joinAnnualReports", () => {
  it("gives each report's own year, and an earlier year only where no report of that year exists", () => {
    const latest = report("2025-12-31", [
      ["2025-12-31", 12_000_000, 14],
      ["2024-12-31", 11_000_000, 13],
    ]);
    const older = report("2024-12-31", [
      ["2024-12-31", 10_900_000, 12],
      ["2023-12-31", 9_000_000, 11],
    ]);
    const packed = new Map([latest, older].map((r, i) => [r.document.sha256, { pack: "f".repeat(64), offset: i * 10, length: 10 }]));
    const joined = CompanySourceRecordSchema.parse(joinAnnualReports(registerRecord(), [older, latest], packed));
    expect(joined.financialPeriods.map((p) => [p.periodEnd, p.company.turnover])).toEqual([
      ["2025-12-31", 12_000_000],
      // The 2024 report's own figure, not the 2025 report's comparison figure.
      ["2024-12-31", 10_900_000],
      ["2023-12-31", 9_000_000],
    ]);
    expect(joined.turnover).toBe(12_000_000);
    expect(joined.earnings).toBe(1_000_000);
    expect(joined.numEmployees).toBe(14);
    expect(joined.financialPeriods[0]?.company.cashFlowAffectingEBTDA).toBeNull();
    expect(joined.annualReports).toEqual([
      { refNo: filedRefNo(latest), periodEnd: "2025-12-31", sha256: latest.document.sha256, document: packed.get(latest.document.sha256) },
      { refNo: filedRefNo(older), periodEnd: "2024-12-31", sha256: older.document.sha256, document: packed.get(older.document.sha256) },
    ]);
  });

  it("derives the size class from the head count by SCB's limits, marked as derived", () => {
    const joined = joinAnnualReports(registerRecord(), [report("2025-12-31", [["2025-12-31", 50_000_000, 45]])]);
    expect(joined.employeeRangeCode).toBe("5");
    expect(joined.employeeRangeDerived).toBe(true);
    expect([0, 1, 4, 5, 9, 10, 499, 500, 1999, 2000, 9999, 10_000].map(sizeClassOf)).toEqual([
      "1",
      "2",
      "2",
      "3",
      "3",
      "4",
      "8",
      "9",
      "11",
      "12",
      "15",
      "16",
    ]);
  });

  it("keeps a report in EUR in its own currency and out of the SEK key figures", () => {
    const eur = report("2025-12-31", [["2025-12-31", 2_000_000, 30]], { currency: "EUR" });
    const joined = joinAnnualReports(registerRecord(), [eur]);
    expect(joined.financialPeriods[0]?.currency).toBe("EUR");
    expect(joined.financialPeriods[0]?.company.turnover).toBe(2_000_000);
    expect(joined.turnover).toBeNull();
    expect(joined.numEmployees).toBeNull();
    expect(joined.employeeRangeCode).toBe("0");
  });

  it("leaves a company without reports, and a sole trader, as the registers have them", () => {
    const plain = registerRecord();
    expect(joinAnnualReports(plain, [])).toBe(plain);
    const soleTrader = registerRecord({ soleProprietorship: true, legalFormCode: "10", form: "EN" });
    expect(joinAnnualReports(soleTrader, [report("2025-12-31", [["2025-12-31", 1, 1]])])).toBe(soleTrader);
  });

  it("keeps the group part of a group report beside the company part", () => {
    const group = report("2025-12-31", [["2025-12-31", 12_000_000, 14]], { groupReport: true });
    group.periods[0]!.group = figures(80_000_000, 120);
    const joined = joinAnnualReports(registerRecord(), [group]);
    expect(joined.financialPeriods[0]?.group?.turnover).toBe(80_000_000);
    // The key figures are the company's own.
    expect(joined.turnover).toBe(12_000_000);
  });
});
