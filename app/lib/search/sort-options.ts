/** The sort selector's options (spec §5): every sort field of the result type, in both directions. */
import { SORT_FIELDS, type ResultType, type SortField } from "#shared/search/search-fields";

export interface SortOption {
  value: string;
  field: SortField;
  ascending: boolean;
  label: string;
}

const LABELS: Record<SortField, string> = {
  turnover: "Omsättning",
  earnings: "Resultat",
  dividend: "Utdelning",
  numEmployees: "Antal anställda",
  scoring: "Kreditbetyg",
  createdDate: "Registreringsdatum",
  name: "Namn",
  random: "Slumpvis",
  employeeRange: "Storleksklass",
  activeFrom: "Startdatum",
};

const WORKSITE_LABELS: Partial<Record<SortField, string>> = { turnover: "Företagets omsättning", earnings: "Företagets resultat" };

function directionText(field: SortField, ascending: boolean): string {
  if (field === "name") return ascending ? "A–Ö" : "Ö–A";
  if (field === "createdDate" || field === "activeFrom") return ascending ? "äldst först" : "nyast först";
  if (field === "random") return ascending ? "ordning 1" : "ordning 2";
  return ascending ? "lägst först" : "högst först";
}

export const sortValue = (field: SortField, ascending: boolean) => `${field}:${ascending ? "asc" : "desc"}`;

export function sortOptions(type: ResultType): SortOption[] {
  return SORT_FIELDS[type].flatMap((field) =>
    [false, true].map((ascending) => {
      const name = (type === "WORKSITE" ? WORKSITE_LABELS[field] : undefined) ?? LABELS[field];
      return { value: sortValue(field, ascending), field, ascending, label: `${name}, ${directionText(field, ascending)}` };
    }),
  );
}
