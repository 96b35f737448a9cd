/**
 * The search object of spec §3 as one zod schema (SearchSchema), with the defaults of the spec: sort by turnover
 * descending, useMainSni and useLocation true. Everything that enters the system as a search is parsed with it;
 * reference-data checks of codes happen in search-index (search-model.ts).
 */
import { z } from "zod";
import { validationError } from "../errors";
import { DEFAULT_SORT, MAX_TEXT_LENGTH, parseRange } from "./search-values";
import {
  BOOL_FILTER_NAMES,
  BOOL_FILTERS,
  CODE_SET_NAMES,
  CODE_SETS,
  RANGE_FIELD_NAMES,
  RANGE_FIELDS,
  RESULT_TYPES,
  SORT_FIELDS,
  ALL_SORT_FIELDS,
  type ResultType,
} from "./search-fields";

export const ResultTypeSchema = z.enum(RESULT_TYPES);

export { DEFAULT_SORT, formatRange, MAX_TEXT_LENGTH, parseRange, type RangeBounds } from "./search-values";

export const RangeValueSchema = z
  .string()
  .max(64)
  .superRefine((value, ctx) => {
    const bounds = parseRange(value);
    if (!bounds) ctx.addIssue({ code: "custom", message: "Ange intervallet som från_till, till exempel 1000_5000" });
    else if (bounds.from !== null && bounds.to !== null && bounds.from > bounds.to)
      ctx.addIssue({ code: "custom", message: "Intervallets början är större än dess slut" });
  });

const CodeSchema = z.string().regex(/^[A-Za-z0-9]{1,10}$/, "Ogiltig kod");
const CodeListSchema = z.array(CodeSchema).max(2000);
const ListFileIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

function optionalFields<const K extends string, S extends z.ZodType>(names: readonly K[], schema: S) {
  return Object.fromEntries(names.map((name) => [name, schema.optional()])) as { [P in K]: z.ZodOptional<S> };
}

export const SortEntrySchema = z.strictObject({ field: z.enum(ALL_SORT_FIELDS), ascending: z.boolean() });
export type SortEntry = z.infer<typeof SortEntrySchema>;

const BaseSearchSchema = z.strictObject({
  resultType: ResultTypeSchema.default("COMPANY"),
  text: z.string().max(MAX_TEXT_LENGTH, `Söktexten får vara högst ${MAX_TEXT_LENGTH} tecken`).nullable().default(null),
  numeric: z
    .strictObject({
      orgSeqNo: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      seqNo: z.number().int().nonnegative().optional(),
    })
    .prefault({}),
  range: z.strictObject(optionalFields(RANGE_FIELD_NAMES, RangeValueSchema)).prefault({}),
  bool: z
    .strictObject({
      useMainSni: z.boolean().default(true),
      useLocation: z.boolean().default(true),
      ...optionalFields(BOOL_FILTER_NAMES, z.boolean()),
    })
    .prefault({}),
  codeSet: z.strictObject(optionalFields(CODE_SET_NAMES, CodeListSchema)).prefault({}),
  /**
   * Codes left out ("Uteslut", docs/decisions/0064): a record whose code (a tree's: at or below an excluded code) is
   * here does not match, whatever `codeSet` chooses. Absent in searches and links from before: nothing excluded.
   */
  excludeCodeSet: z.strictObject(optionalFields(CODE_SET_NAMES, CodeListSchema)).prefault({}),
  numSet: z
    .strictObject({
      includeFile: z.array(ListFileIdSchema).max(100).optional(),
      excludeFile: z.array(ListFileIdSchema).max(100).optional(),
    })
    .prefault({}),
  sort: z
    .array(SortEntrySchema)
    .min(1)
    .max(3)
    .default(() => DEFAULT_SORT.map((entry) => ({ ...entry }))),
});

type BaseSearch = z.output<typeof BaseSearchSchema>;

/** Constraints that do not apply to the result type, and sort fields it lacks, are rejected naming the field. */
function checkApplicability(search: BaseSearch, ctx: z.RefinementCtx) {
  const type: ResultType = search.resultType;
  const reject = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
  const wrongType = type === "COMPANY" ? "Gäller endast arbetsställen" : "Gäller endast företag";
  for (const name of RANGE_FIELD_NAMES) {
    if (search.range[name] !== undefined && !RANGE_FIELDS[name].types.includes(type)) reject(["range", name], wrongType);
  }
  for (const name of BOOL_FILTER_NAMES) {
    if (search.bool[name] !== undefined && !BOOL_FILTERS[name].types.includes(type)) reject(["bool", name], wrongType);
  }
  for (const name of CODE_SET_NAMES) {
    if (search.codeSet[name] !== undefined && !CODE_SETS[name].types.includes(type)) reject(["codeSet", name], wrongType);
    const excluded = search.excludeCodeSet[name];
    if (excluded === undefined) continue;
    if (!CODE_SETS[name].types.includes(type)) reject(["excludeCodeSet", name], wrongType);
    const chosen = new Set(search.codeSet[name]);
    excluded.forEach((code, index) => {
      if (chosen.has(code)) reject(["excludeCodeSet", name, index], "Samma kod kan inte både väljas och uteslutas");
    });
  }
  const allowed: readonly string[] = SORT_FIELDS[type];
  const seen = new Set<string>();
  search.sort.forEach((entry, index) => {
    if (!allowed.includes(entry.field)) reject(["sort", index, "field"], "Sorteringen finns inte för den här sökningen");
    if (seen.has(entry.field)) reject(["sort", index, "field"], "Samma sortering får bara anges en gång");
    seen.add(entry.field);
  });
}

export const SearchSchema = BaseSearchSchema.superRefine(checkApplicability);
/** A parsed search: every default filled in. */
export type Search = z.output<typeof SearchSchema>;
/** What a client may send: defaults may be left out. */
export type SearchInput = z.input<typeof SearchSchema>;

/** Parses with Swedish messages; unknown keys are reported at their own path (e.g. "range.foo"). */
export function safeParseSearch(
  input: unknown,
): { success: true; data: Search } | { success: false; issues: { path: string; message: string }[] } {
  const result = SearchSchema.safeParse(input, { error: z.locales.sv().localeError });
  if (result.success) return { success: true, data: result.data };
  const issues = result.error.issues.flatMap((issue) => {
    const base = issue.path.map(String);
    if (issue.code === "unrecognized_keys") return issue.keys.map((key) => ({ path: [...base, key].join("."), message: "Okänt fält" }));
    return [{ path: base.join("."), message: issue.message }];
  });
  return { success: false, issues };
}

/** Parses a search or throws a VALIDATION AppError naming the fields (paths prefixed by `prefix` when given). */
export function parseSearchOrThrow(input: unknown, prefix?: string): Search {
  const result = safeParseSearch(input);
  if (result.success) return result.data;
  const issues = result.issues.map((issue) => (prefix ? { ...issue, path: issue.path ? `${prefix}.${issue.path}` : prefix } : issue));
  throw validationError(issues, "Sökningen är ogiltig.");
}
