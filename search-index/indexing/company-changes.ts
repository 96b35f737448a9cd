/**
 * Bevakning (issue 16): what changed in a watched company between two index versions, as Swedish lines for the
 * /bevakningar page and the digest e-mail ("Ny styrelseledamot: Anna Svensson", "Kreditbetyg 2 av 4 → 3 av 4").
 * Compares two source records (the documents of the two versions); pure.
 */
import { BENEFICIAL_MESSAGES } from "#shared/beneficial-messages";
import { formatCreditGrade, formatMoney, formatNumber, formatPeriod, formatSniCode } from "#shared/format";
import type { Address, CompanySourceRecord } from "../records";

type Company = CompanySourceRecord;

export const REMOVED_FROM_REGISTER = "Företaget finns inte längre i registret";
export const DEREGISTERED = "Företaget har avregistrerats";

function addressText(address: Address): string {
  const place = [address.zip, address.city].filter(Boolean).join(" ");
  return [address.careOf ? `c/o ${address.careOf}` : null, address.streetAddress, place].filter(Boolean).join(", ") || "saknas";
}

/** "Kreditbetyg 2 av 4 → 3 av 4"; a label that introduces (e.g. "Nytt namn:") carries its own colon. */
const arrow = (label: string, before: string, after: string) => `${label} ${before} → ${after}`;

/** Items of `after` missing in `before` and the other way round, compared by `key`. */
function listDiff<T>(before: readonly T[], after: readonly T[], key: (item: T) => string) {
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return { added: after.filter((item) => !had.has(key(item))), removed: before.filter((item) => !has.has(key(item))) };
}

function identityLines(before: Company, after: Company): string[] {
  const lines: string[] = [];
  if (before.name !== after.name) lines.push(arrow("Nytt namn:", before.name, after.name));
  const [postBefore, postAfter] = [addressText(before.postalAddress), addressText(after.postalAddress)];
  if (postBefore !== postAfter) lines.push(arrow("Ny adress:", postBefore, postAfter));
  const phones = listDiff(before.phoneNumbers, after.phoneNumbers, (p) => p);
  for (const phone of phones.added) lines.push(`Nytt telefonnummer: ${phone}`);
  for (const phone of phones.removed) lines.push(`Telefonnummer borttaget: ${phone}`);
  const [mainBefore, mainAfter] = [before.sniCodes[0], after.sniCodes[0]];
  if (mainBefore !== mainAfter) {
    lines.push(
      arrow("Ny huvudbransch (SNI):", mainBefore ? formatSniCode(mainBefore) : "saknas", mainAfter ? formatSniCode(mainAfter) : "saknas"),
    );
  }
  const secondary = listDiff(before.sniCodes.slice(1), after.sniCodes.slice(1), (c) => c);
  for (const code of secondary.added) if (code !== mainBefore) lines.push(`Ny bransch (SNI): ${formatSniCode(code)}`);
  for (const code of secondary.removed) if (code !== mainAfter) lines.push(`Bransch borttagen (SNI): ${formatSniCode(code)}`);
  return lines;
}

function peopleLines(before: Company, after: Company): string[] {
  const lines: string[] = [];
  const board = listDiff(before.boardMembers, after.boardMembers, (m) => m.name);
  for (const member of board.added) lines.push(`Ny styrelseledamot: ${member.name} (${member.roles.join(", ")})`);
  for (const member of board.removed) lines.push(`Har lämnat styrelsen: ${member.name}`);
  const owners = listDiff(before.beneficialOwners, after.beneficialOwners, (o) => o.name);
  for (const owner of owners.added) lines.push(`Ny verklig huvudman: ${owner.name} (${owner.extent})`);
  for (const owner of owners.removed) lines.push(`Är inte längre verklig huvudman: ${owner.name}`);
  if (before.beneficialStatus !== after.beneficialStatus || before.beneficialReportingObligation !== after.beneficialReportingObligation) {
    lines.push(`Verklig huvudman: ${beneficialStatusText(after)}`);
  }
  if (!before.beneficialSuspicion && after.beneficialSuspicion) lines.push(`Verklig huvudman: ${BENEFICIAL_MESSAGES.suspicion}`);
  return lines;
}

function beneficialStatusText(company: Company): string {
  if (!company.beneficialReportingObligation) return BENEFICIAL_MESSAGES.notObliged;
  return company.beneficialStatus ? BENEFICIAL_MESSAGES[company.beneficialStatus] : "uppgifterna är rapporterade";
}

function figureLines(before: Company, after: Company): string[] {
  const lines: string[] = [];
  if (before.scoring !== after.scoring) {
    const grade = (g: number | null) => (g === null ? "saknas" : formatCreditGrade(g));
    lines.push(arrow("Kreditbetyg", grade(before.scoring), grade(after.scoring)));
  }
  if (before.numEmployees !== after.numEmployees) {
    const count = (n: number | null) => (n === null ? "uppgift saknas" : formatNumber(n));
    lines.push(arrow("Antal anställda", count(before.numEmployees), count(after.numEmployees)));
  }
  const known = new Set(before.financialPeriods.map((p) => p.periodEnd));
  for (const period of after.financialPeriods.filter((p) => !known.has(p.periodEnd))) {
    lines.push(`Nytt räkenskapsår: ${formatPeriod(period.periodEnd)}, omsättning ${formatMoney(period.company.turnover)}`);
  }
  return lines;
}

/** The Swedish change lines from `before` to `after`; `after` null: the company is gone from the register. */
export function describeCompanyChanges(before: Company, after: Company | null): string[] {
  if (!after) return [REMOVED_FROM_REGISTER];
  const lines = [...identityLines(before, after), ...peopleLines(before, after), ...figureLines(before, after)];
  if (before.isActive && !after.isActive) lines.push(DEREGISTERED);
  if (!before.isActive && after.isActive) lines.push("Företaget är registrerat igen");
  return lines;
}
