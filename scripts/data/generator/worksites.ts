/**
 * CFAR worksites of active companies: every active company with employees has at least one, exactly one is the
 * head office (at the seat), and the company's employees are split across its worksites.
 */
import { employeeRangeCodeFor } from "#search-index";
import type { Address, CompanySourceRecord, WorksiteSourceRecord } from "#search-index/engine";
import type { CompanyDraft, GeneratorContext } from "./company";
import { daysBefore } from "./company-traits";
import { dayNumberOf } from "./dates";
import { cfarNumber } from "./identities";
import { address, phoneNumber, pickMunicipality } from "./places";
import type { Rng } from "./random";

/** Worksites a company must have: one per employer, more for large employers. */
export function mandatoryWorksites(rng: Rng, draft: CompanyDraft): number {
  if (!draft.record.isActive || draft.employees === 0) return 0;
  if (draft.employees < 20) return 1;
  return 1 + Math.min(150, Math.floor((draft.employees / 60) * rng.next() * 2));
}

/** Splits employees: the head office takes the largest share, the rest is spread at random. */
function splitEmployees(rng: Rng, total: number, count: number): number[] {
  if (count <= 1) return count === 1 ? [total] : [];
  const weights = Array.from({ length: count }, (_, i) => (i === 0 ? 2 + rng.next() * 3 : 0.2 + rng.next()));
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor((w / sum) * total));
  shares[0] = (shares[0] ?? 0) + total - shares.reduce((a, b) => a + b, 0);
  return shares;
}

function laterDate(rng: Rng, from: string): string {
  const span = Math.max(0, dayNumberOf("2026-10-31") - dayNumberOf(from));
  return daysBefore("2026-10-31", Math.floor(span * rng.next()));
}

/** The head office sits at the company's visiting address, else at its street (not box) postal address. */
function headOfficeAddress(company: CompanySourceRecord): Address | null {
  if (company.visitingAddress) return { ...company.visitingAddress, careOf: null };
  return company.postalAddress.streetAddress?.startsWith("Box ") ? null : { ...company.postalAddress, careOf: null };
}

/** Builds `count` worksites for a company; `nextIndex` numbers the CFAR sequence. */
export function buildWorksites(ctx: GeneratorContext, draft: CompanyDraft, count: number, nextIndex: number): WorksiteSourceRecord[] {
  const { rng, lists } = ctx;
  const company = draft.record;
  const employees = splitEmployees(rng, draft.employees, count);
  return employees.map((staff, i) => {
    const headquarters = i === 0;
    const municipalityCode = headquarters
      ? company.seatMunicipalityCode
      : pickMunicipality(rng, lists, rng.chance(0.7) ? company.seatCountyCode : undefined).code;
    const postal = (headquarters ? headOfficeAddress(company) : null) ?? address(rng, lists, municipalityCode);
    return {
      kind: "worksite",
      cfarNo: cfarNumber(nextIndex + i),
      orgSeqNo: company.orgSeqNo,
      orgNo: company.orgNo,
      name: headquarters ? company.name : `${company.name}, ${lists.municipalityNames.get(municipalityCode) ?? ""}`,
      headquarters,
      postalAddress: postal,
      visitingAddress: rng.chance(0.6) ? postal : null,
      phoneNumber: headquarters
        ? (company.phoneNumbers[0] ?? null)
        : rng.chance(0.6)
          ? phoneNumber(rng, municipalityCode.slice(0, 2))
          : null,
      municipalityCode,
      countyCode: municipalityCode.slice(0, 2),
      employeeRangeCode: employeeRangeCodeFor(staff),
      sniCodes: rng.chance(0.85) || company.sniCodes.length < 2 ? [company.sniCodes[0] ?? "70220"] : company.sniCodes.slice(1, 2),
      activeFrom: headquarters ? company.registeredDate : laterDate(rng, company.registeredDate),
    };
  });
}
