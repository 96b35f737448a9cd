/** The sort selector's options (spec §5): every sort field of the result type, in both directions. */
import { SORT_FIELDS, SORTS, type ResultType, type SortField, type SortFieldDef, type SortKind } from "#shared/search/search-fields";

export interface SortOption {
  value: string;
  field: SortField;
  ascending: boolean;
  label: string;
}

const DIRECTIONS: Record<SortKind, [descending: string, ascending: string]> = {
  amount: ["högst först", "lägst först"],
  date: ["nyast först", "äldst först"],
  name: ["Ö–A", "A–Ö"],
  random: ["ordning 2", "ordning 1"],
  relevance: ["", ""],
};

/** Which direction a kind lists first: the one people read as natural ("A–Ö" before "Ö–A", "ordning 1" before 2). */
const ASCENDING_FIRST: Record<SortKind, boolean> = { amount: false, date: false, name: true, random: true, relevance: false };

export const sortValue = (field: SortField, ascending: boolean) => `${field}:${ascending ? "asc" : "desc"}`;

/**
 * The options for a result type. Relevance (one direction, named alone) leads the list when the search has a text;
 * without one every record would score alike, so it is not offered.
 */
export function sortOptions(type: ResultType, hasText = false): SortOption[] {
  return SORT_FIELDS[type].flatMap((field): SortOption[] => {
    const def: SortFieldDef = SORTS[field];
    if (def.kind === "relevance") return hasText ? [{ value: sortValue(field, false), field, ascending: false, label: def.label }] : [];
    return [ASCENDING_FIRST[def.kind], !ASCENDING_FIRST[def.kind]].map((ascending) => {
      const name = (type === "WORKSITE" ? def.worksiteLabel : undefined) ?? def.label;
      return { value: sortValue(field, ascending), field, ascending, label: `${name}, ${DIRECTIONS[def.kind][ascending ? 1 : 0]}` };
    });
  });
}
