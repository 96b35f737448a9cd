/** Which range filters have a histogram (histogram.ts), without zod for the browser's first load (decision 0063). */
import { RANGE_FIELDS, RANGE_FIELD_NAMES, type RangeField, type ResultType } from "./search-fields";

/** The range fields declared with a histogram (search-fields.ts `histogram`). */
export const HISTOGRAM_FIELDS = RANGE_FIELD_NAMES.filter((field) => RANGE_FIELDS[field].histogram);
export type HistogramField = RangeField;

/** Whether a result type has the field (worksites: turnover, earnings and employees, their company's figures). */
export const histogramApplies = (field: HistogramField, type: ResultType): boolean =>
  (RANGE_FIELDS[field].types as readonly ResultType[]).includes(type);
