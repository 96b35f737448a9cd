/**
 * The sidebar's filter groups, from the field declarations (workers/shared/search/search-fields.ts): the range groups
 * in RANGE_GROUPS order, each with its fields in declaration order, and the yes/no filters of 'Egenskaper'. The
 * sidebar (components/search/sidebar.tsx) draws these; nothing else lists which field sits in which group.
 */
import {
  BOOL_FILTER_NAMES,
  BOOL_FILTERS,
  RANGE_FIELD_NAMES,
  RANGE_FIELDS,
  RANGE_GROUPS,
  type BoolFilter,
  type RangeField,
  type RangeGroup,
  type ResultType,
} from "#shared/search/search-fields";

const applies = (types: readonly ResultType[], type: ResultType) => types.includes(type);

/** The range fields of a group that apply to the result type, in declaration order. */
export const rangeGroupFields = (group: RangeGroup, type: ResultType): RangeField[] =>
  RANGE_FIELD_NAMES.filter((field) => RANGE_FIELDS[field].group === group && applies(RANGE_FIELDS[field].types, type));

export const RANGE_GROUP_NAMES = Object.keys(RANGE_GROUPS) as RangeGroup[];

/** The range fields of the groups for limited companies (they show only while the search can hold such companies). */
export const LIMITED_COMPANY_FIELDS: readonly RangeField[] = RANGE_GROUP_NAMES.filter(
  (group) => RANGE_GROUPS[group].limitedCompanies,
).flatMap((group) => rangeGroupFields(group, "COMPANY"));

/** The yes/no filters ('Egenskaper') that apply to the result type, in declaration order. */
export const flagFields = (type: ResultType): BoolFilter[] => BOOL_FILTER_NAMES.filter((name) => applies(BOOL_FILTERS[name].types, type));
