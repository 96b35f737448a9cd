import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employeeRangeBounds } from "#search-index";
import type { CompanySourceRecord, GroupNode, WorksiteSourceRecord } from "#search-index/engine";
import { generateDataset } from "./generate";

const N = 12_000;
const WORKSITE_TARGET = 13_000;
const dir = mkdtempSync(path.join(tmpdir(), "urval-gen-c-"));
let companies: CompanySourceRecord[] = [];
let worksites: WorksiteSourceRecord[] = [];
const read = <T>(file: string) =>
  readFileSync(path.join(dir, file), "utf8")
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as T);

beforeAll(async () => {
  await generateDataset({ companies: N, worksites: WORKSITE_TARGET, seed: 3, outDir: dir });
  companies = read<CompanySourceRecord>("companies.ndjson");
  worksites = read<WorksiteSourceRecord>("worksites.ndjson");
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function treeOrgNos(node: GroupNode): string[] {
  return [node.orgNo, ...node.children.flatMap(treeOrgNos)];
}

describe("company groups", () => {
  it("have one mother and the same tree on every member", () => {
    const groups = groupBy(
      companies.filter((c) => c.groupMotherOrgNo !== null),
      (c) => c.groupMotherOrgNo,
    );
    expect(groups.size).toBeGreaterThan(50);
    for (const [motherOrgNo, members] of groups) {
      const mothers = members.filter((m) => m.orgNo === motherOrgNo);
      expect(mothers).toHaveLength(1);
      const tree = JSON.stringify(mothers[0]?.companyGroupTree);
      expect(members.every((m) => JSON.stringify(m.companyGroupTree) === tree)).toBe(true);
      expect(members.every((m) => m.companyGroupMotherName === mothers[0]?.name)).toBe(true);
      const inTree = treeOrgNos(members[0]?.companyGroupTree as GroupNode);
      expect(inTree.sort()).toEqual(members.map((m) => m.orgNo).sort());
      expect(members[0]?.companyGroupTree?.ownerShare).toBeNull();
    }
  });

  it("gives group figures only to mothers, as the sum of the members' figures", () => {
    const groups = groupBy(companies, (c) => c.groupMotherOrgNo);
    const withGroupFigures = companies.filter((c) => c.financialPeriods.some((p) => p.group !== null));
    expect(withGroupFigures.length).toBeGreaterThan(10);
    for (const company of withGroupFigures) {
      expect(company.groupMotherOrgNo).toBe(company.orgNo);
      const members = groups.get(company.orgNo) ?? [];
      const period = company.financialPeriods[0];
      const sum = members.reduce(
        (s, m) => s + (m.financialPeriods.find((p) => p.periodEnd === period?.periodEnd)?.company.turnover ?? 0),
        0,
      );
      expect(period?.group?.turnover).toBe(sum);
    }
  });
});

/** Every inconsistency between a company's key figures, periods and reports, as readable strings. */
function financialProblems(c: CompanySourceRecord): string[] {
  const problems: string[] = [];
  const latest = c.financialPeriods[0];
  if (c.financialPeriods.length > 4) problems.push(`${c.orgNo}: more than 4 periods`);
  if (!latest) return c.turnover === null ? problems : [...problems, `${c.orgNo}: turnover without accounts`];
  const key = [c.turnover, c.earnings, c.dividend, c.numEmployees];
  const fromPeriod = [
    latest.company.turnover,
    latest.company.earningsAfterNetInterestIncome,
    latest.company.dividend,
    latest.company.numberOfEmployees,
  ];
  if (JSON.stringify(key) !== JSON.stringify(fromPeriod)) problems.push(`${c.orgNo}: key figures differ from the latest period`);
  for (const p of c.financialPeriods) {
    const { totalAssets, totalEquity, totalLongTermLiabilities, totalShortTermLiabilities, dividend } = p.company;
    if (Math.abs(totalAssets! - totalEquity! - totalLongTermLiabilities! - totalShortTermLiabilities!) > 2000)
      problems.push(`${c.orgNo}: unbalanced`);
    if (p.periodStart >= p.periodEnd) problems.push(`${c.orgNo}: period ${p.periodStart}–${p.periodEnd}`);
    if (dividend! > 0 && !["AB", "BAB", "FAB"].includes(c.form)) problems.push(`${c.orgNo}: dividend from ${c.form}`);
  }
  if (!c.annualReports.every((r) => c.financialPeriods.some((p) => p.periodEnd === r.periodEnd)))
    problems.push(`${c.orgNo}: report without period`);
  return problems;
}

function sizeClassProblem(c: CompanySourceRecord): string[] {
  if (c.numEmployees === null) return [];
  const bounds = employeeRangeBounds(c.employeeRangeCode);
  const fits = bounds !== null && c.numEmployees >= bounds.min && (bounds.max === null || c.numEmployees <= bounds.max);
  return fits ? [] : [`${c.orgNo}: ${c.numEmployees} employees in class ${c.employeeRangeCode}`];
}

describe("financial periods", () => {
  it("are consistent with the key figures and balance", () => {
    expect(companies.filter((c) => c.financialPeriods.length > 0).length).toBeGreaterThan(N / 3);
    expect(companies.flatMap(financialProblems)).toEqual([]);
  });

  it("matches the employee size class", () => {
    expect(companies.flatMap(sizeClassProblem)).toEqual([]);
  });
});

function worksiteProblems(companyBySeq: Map<number, CompanySourceRecord>, byCompany: Map<number, WorksiteSourceRecord[]>): string[] {
  const problems: string[] = [];
  for (const [seq, list] of byCompany) {
    const company = companyBySeq.get(seq);
    if (!company?.isActive) problems.push(`${seq}: worksite of an inactive or unknown company`);
    if (list.filter((w) => w.headquarters).length !== 1) problems.push(`${seq}: not exactly one head office`);
    if (list.some((w) => w.orgNo !== company?.orgNo)) problems.push(`${seq}: orgNo differs`);
    const hq = list.find((w) => w.headquarters);
    if (hq && hq.municipalityCode !== company?.seatMunicipalityCode) problems.push(`${seq}: head office away from the seat`);
  }
  for (const c of companyBySeq.values()) {
    if (c.isActive && (c.numEmployees ?? 0) > 0 && !byCompany.has(c.orgSeqNo)) problems.push(`${c.orgNo}: employer without worksite`);
  }
  return problems;
}

describe("worksites", () => {
  it("belong to active companies; every active employer has one; exactly one head office each, at the seat", () => {
    const byCompany = groupBy(worksites, (w) => w.orgSeqNo);
    expect(worksiteProblems(new Map(companies.map((c) => [c.orgSeqNo, c])), byCompany)).toEqual([]);
  });

  it("have unique 8-digit CFAR numbers and come close to the requested count", () => {
    expect(new Set(worksites.map((w) => w.cfarNo)).size).toBe(worksites.length);
    expect(Math.abs(worksites.length - WORKSITE_TARGET) / WORKSITE_TARGET).toBeLessThan(0.03);
  });
});

describe("determinism", () => {
  it("writes the same files for the same seed and different ones for another seed", async () => {
    const again = mkdtempSync(path.join(tmpdir(), "urval-gen-d-"));
    try {
      const small = { companies: 1500, worksites: 1600 };
      await generateDataset({ ...small, seed: 9, outDir: path.join(again, "a") });
      await generateDataset({ ...small, seed: 9, outDir: path.join(again, "b") });
      await generateDataset({ ...small, seed: 10, outDir: path.join(again, "c") });
      const file = (sub: string) => readFileSync(path.join(again, sub, "companies.ndjson"), "utf8");
      expect(file("a")).toBe(file("b"));
      expect(file("a")).not.toBe(file("c"));
      expect(readFileSync(path.join(again, "a", "worksites.ndjson"), "utf8")).toBe(
        readFileSync(path.join(again, "b", "worksites.ndjson"), "utf8"),
      );
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  }, 60_000);
});
