/**
 * Where each declared search field's value comes from (the declarations are in workers/shared/search/search-fields.ts):
 * one function per field from the source record. Both reindexes read these, the embedded one into its columns
 * (embedded/column-facts.ts) and the Elasticsearch one into its documents (elasticsearch/es-documents.ts), so a field
 * is filled the same way in both. A declared field without a source here fails the type check.
 */
import type { BoolFilter } from "#shared/search/search-fields";
import type { CompanySourceRecord, WorksiteSourceRecord } from "../records";

export interface FlagSource {
  /** A company's value; absent for a worksite-only flag. */
  company?: (source: CompanySourceRecord) => boolean;
  /** A worksite's own value, or "company": its company's value. Absent for a company-only flag. */
  worksite?: ((source: WorksiteSourceRecord) => boolean) | "company";
}

export const FLAG_SOURCES: Record<BoolFilter, FlagSource> = {
  hasPhone: { company: (c) => c.phoneNumbers.length > 0, worksite: (w) => w.phoneNumber !== null && w.phoneNumber !== "" },
  headquarters: { worksite: (w) => w.headquarters },
  fTax: { company: (c) => c.fTaxReg, worksite: "company" },
  vatReg: { company: (c) => c.vatReg, worksite: "company" },
  employerReg: { company: (c) => c.employerReg, worksite: "company" },
  listed: { company: (c) => c.isListed },
  inGroup: { company: (c) => c.groupMotherOrgNo !== null },
  ownerManaged: { company: (c) => c.isOwnerManaged },
  hasAuditor: { company: (c) => c.hasAuditor },
  auditObligation: { company: (c) => c.auditObligation },
  shelfCompany: { company: (c) => c.isShelfCompany },
};

const FLAGS = Object.entries(FLAG_SOURCES) as [BoolFilter, FlagSource][];

/** A company's flags by name (company-only and shared flags). */
export function companyFlags(source: CompanySourceRecord): Partial<Record<BoolFilter, boolean>> {
  const flags: Partial<Record<BoolFilter, boolean>> = {};
  for (const [name, from] of FLAGS) if (from.company) flags[name] = from.company(source);
  return flags;
}

/** The flags a worksite takes over from its company. */
export const INHERITED_FLAGS: readonly BoolFilter[] = FLAGS.filter(([, from]) => from.worksite === "company").map(([name]) => name);

/** A worksite's flags by name: its own, and its company's where the flag is the company's (`inherited`). */
export function worksiteFlags(
  source: WorksiteSourceRecord,
  inherited: Partial<Record<BoolFilter, boolean>> = {},
): Partial<Record<BoolFilter, boolean>> {
  const flags: Partial<Record<BoolFilter, boolean>> = {};
  for (const [name, from] of FLAGS) {
    if (from.worksite === "company") flags[name] = inherited[name] ?? false;
    else if (from.worksite) flags[name] = from.worksite(source);
  }
  return flags;
}
