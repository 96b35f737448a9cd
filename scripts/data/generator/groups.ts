/**
 * Company groups (koncerner): one mother aktiebolag, daughters and granddaughters with ownership shares. Every
 * member carries the same group tree and mother; the mother of a larger group reports group figures that are the
 * sums of its members' company figures.
 */
import type { CompanySourceRecord, FinancialPart, GroupNode } from "#search-index/engine";
import { FINANCIAL_FIELDS } from "#shared/search/result-schemas";
import { buildCompany, type CompanyDraft, type GeneratorContext } from "./company";
import { formProfile } from "./forms";
import type { Rng } from "./random";

/** Group size: mostly a holding company with one or two daughters, a few large groups. */
export function groupSize(rng: Rng): number {
  const roll = rng.next();
  if (roll < 0.5) return 2;
  if (roll < 0.75) return 3;
  if (roll < 0.93) return rng.int(4, 6);
  if (roll < 0.99) return rng.int(7, 20);
  return rng.int(21, 60);
}

function sumParts(parts: FinancialPart[]): FinancialPart {
  const sum = Object.fromEntries(FINANCIAL_FIELDS.map((k) => [k, 0])) as FinancialPart;
  for (const part of parts) for (const k of FINANCIAL_FIELDS) sum[k] = (sum[k] ?? 0) + (part[k] ?? 0);
  return sum;
}

function node(record: CompanySourceRecord, ownerShare: number | null): GroupNode {
  return { orgNo: record.orgNo, name: record.name, ownerShare, turnover: record.turnover, numEmployees: record.numEmployees, children: [] };
}

function buildMembers(ctx: GeneratorContext, firstSeqNo: number, size: number): CompanyDraft[] {
  const ab = formProfile("AB");
  const mother = buildCompany(ctx, firstSeqNo, ab, { forceActive: true, mainSni: ctx.rng.chance(0.7) ? "64202" : undefined });
  const base = { forceActive: true, closingMonth: mother.record.fiscalYearEndMonth };
  const members = [mother];
  for (let i = 1; i < size; i++) {
    const nearby = ctx.rng.chance(0.6) ? mother.record.seatMunicipalityCode : undefined;
    members.push(buildCompany(ctx, firstSeqNo + i, ab, { ...base, municipalityCode: nearby }));
  }
  return members;
}

function buildTree(rng: Rng, members: CompanyDraft[]): GroupNode {
  const nodes = members.map((m, i) =>
    node(m.record, i === 0 ? null : rng.chance(0.75) ? 100 : Math.round((50.1 + 49 * rng.next()) * 10) / 10),
  );
  nodes.forEach((child, i) => {
    if (i === 0) return;
    const parent = i < 3 || rng.chance(0.6) ? nodes[0] : nodes[rng.int(1, i - 1)];
    parent?.children.push(child);
  });
  const root = nodes[0];
  if (!root) throw new Error("a group needs a mother");
  return root;
}

function addGroupFigures(members: CompanyDraft[]) {
  const mother = members[0]?.record;
  if (!mother) return;
  mother.financialPeriods = mother.financialPeriods.map((period) => {
    const parts = members.flatMap((m) => m.record.financialPeriods.filter((p) => p.periodEnd === period.periodEnd).map((p) => p.company));
    return { ...period, group: sumParts(parts) };
  });
}

/** Builds `size` consecutive companies (orgSeqNo firstSeqNo…) forming one group. */
export function buildGroup(ctx: GeneratorContext, firstSeqNo: number, size: number): CompanyDraft[] {
  const members = buildMembers(ctx, firstSeqNo, size);
  const mother = members[0]?.record;
  if (!mother) return members;
  const totalEmployees = members.reduce((sum, m) => sum + m.employees, 0);
  if (size >= 3 || totalEmployees >= 50) addGroupFigures(members);
  mother.isListed = size >= 7 && ctx.rng.chance(0.3);
  if (mother.isListed) Object.assign(mother, { beneficialReportingObligation: false, beneficialStatus: null, beneficialOwners: [] });
  const tree = buildTree(ctx.rng, members);
  for (const { record } of members) {
    record.groupMotherOrgNo = mother.orgNo;
    record.companyGroupMotherName = mother.name;
    record.companyGroupTree = tree;
    if (record !== mother) inheritBeneficialOwners(record, mother);
  }
  return members;
}

/** Daughters are owned through the mother: her beneficial owners, or none determinable under a listed mother. */
function inheritBeneficialOwners(record: CompanySourceRecord, mother: CompanySourceRecord) {
  record.isOwnerManaged = false;
  if (record.beneficialStatus !== null || !record.beneficialReportingObligation) return;
  record.beneficialOwners = mother.beneficialOwners.map((o) => ({ ...o, extent: "Ägande genom företag" }));
  if (record.beneficialOwners.length === 0) record.beneficialStatus = "UNSPECIFIED";
}
