import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employeeRangeBounds } from "../../search-index/refdata";
import type { CompanySourceRecord, GroupNode, WorksiteSourceRecord } from "../../search-index/records";
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
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
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
    for (const company of companies.filter((c) => c.financialPeriods.some((p) => p.group !== null))) {
      expect(company.groupMotherOrgNo).toBe(company.orgNo);
      const members = companies.filter((c) => c.groupMotherOrgNo === company.orgNo);
      const period = company.financialPeriods[0];
      const sum = members.reduce(
        (s, m) => s + (m.financialPeriods.find((p) => p.periodEnd === period?.periodEnd)?.company.turnover ?? 0),
        0,
      );
      expect(period?.group?.turnover).toBe(sum);
    }
  });
});

describe("financial periods", () => {
  it("are consistent with the key figures and balance", () => {
    for (const c of companies) {
      const latest = c.financialPeriods[0];
      expect(c.financialPeriods.length).toBeLessThanOrEqual(3);
      if (!latest) {
        expect(c.turnover).toBeNull();
        continue;
      }
      expect(c.turnover).toBe(latest.company.turnover);
      expect(c.earnings).toBe(latest.company.earningsAfterNetInterestIncome);
      expect(c.dividend).toBe(latest.company.dividend);
      expect(c.numEmployees).toBe(latest.company.numberOfEmployees);
      for (const p of c.financialPeriods) {
        const { totalAssets, totalEquity, totalLongTermLiabilities, totalShortTermLiabilities, dividend } = p.company;
        expect(Math.abs(totalAssets - totalEquity - totalLongTermLiabilities - totalShortTermLiabilities)).toBeLessThanOrEqual(2000);
        expect(p.periodStart < p.periodEnd).toBe(true);
        if (dividend > 0) expect(["AB", "BAB", "FAB"]).toContain(c.form);
      }
      expect(c.annualReports.every((r) => c.financialPeriods.some((p) => p.periodEnd === r.periodEnd))).toBe(true);
    }
  });

  it("matches the employee size class", () => {
    for (const c of companies.filter((c) => c.numEmployees !== null)) {
      const bounds = employeeRangeBounds(c.employeeRangeCode);
      expect(bounds, c.orgNo).not.toBeNull();
      expect(c.numEmployees).toBeGreaterThanOrEqual(bounds?.min ?? 0);
      if (bounds?.max !== null) expect(c.numEmployees).toBeLessThanOrEqual(bounds?.max ?? 0);
    }
  });
});

describe("worksites", () => {
  it("belong to active companies; every active employer has one; exactly one head office each", () => {
    const byCompany = groupBy(worksites, (w) => w.orgSeqNo);
    const companyBySeq = new Map(companies.map((c) => [c.orgSeqNo, c]));
    for (const [seq, list] of byCompany) {
      expect(companyBySeq.get(seq)?.isActive).toBe(true);
      expect(list.filter((w) => w.headquarters)).toHaveLength(1);
      expect(list.every((w) => w.orgNo === companyBySeq.get(seq)?.orgNo)).toBe(true);
    }
    for (const c of companies.filter((c) => c.isActive && (c.numEmployees ?? 0) > 0)) expect(byCompany.has(c.orgSeqNo), c.orgNo).toBe(true);
    const hq = worksites.filter((w) => w.headquarters);
    expect(hq.every((w) => w.municipalityCode === companyBySeq.get(w.orgSeqNo)?.seatMunicipalityCode)).toBe(true);
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
