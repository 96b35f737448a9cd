/**
 * Valid-ish values from a zod 4 schema as a fast-check arbitrary: strings follow the schema's pattern and length,
 * numbers its bounds, objects its shape (optional keys sometimes left out), unions and enums their options. Refinements
 * (superRefine, custom) are not modelled, so some values are rejected by the API: that is what "valid-ish" means here.
 * Covers the zod features the API contracts use; anything else becomes an arbitrary JSON value.
 */
import fc from "fast-check";
import type { z } from "zod";

interface CheckDef {
  check?: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
}

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
}

/** Arrays stay short unless the caller asks for their maximum (the D1 and body limits have their own cases). */
const MAX_ARRAY = 4;
const MAX_DEPTH = 6;

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((check) => check._zod.def);

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const pattern = def.pattern ?? checks.find((c) => c.pattern)?.pattern;
  if (def.format === "uuid") return fc.uuid({ version: 4 });
  if (def.format === "url") return fc.webUrl();
  if (def.format === "email") return fc.emailAddress();
  const min = checks.find((c) => c.check === "min_length")?.minimum ?? 0;
  const max = checks.find((c) => c.check === "max_length")?.maximum;
  if (pattern) return fc.stringMatching(pattern).filter((s) => s.length >= min && (max === undefined || s.length <= max));
  return fc.string({ minLength: min, maxLength: Math.min(max ?? 40, 40) });
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const isInt = checks.some((c) => c.format === "safeint" || c.format === "int32");
  const lower = checks.find((c) => c.check === "greater_than");
  const upper = checks.find((c) => c.check === "less_than");
  const min = lower ? Number(lower.value) + (lower.inclusive ? 0 : 1) : -1e6;
  const max = upper ? Number(upper.value) - (upper.inclusive ? 0 : 1) : 1e6;
  if (isInt) return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function arrayArbitrary(def: Def, depth: number): fc.Arbitrary<unknown[]> {
  const checks = checksOf(def);
  const min = checks.find((c) => c.check === "min_length")?.minimum ?? 0;
  const max = checks.find((c) => c.check === "max_length")?.maximum ?? MAX_ARRAY;
  return fc.array(arbitraryFromZod(def.element as z.ZodType, depth + 1), {
    minLength: min,
    maxLength: Math.max(min, Math.min(max, MAX_ARRAY)),
  });
}

function objectArbitrary(def: Def, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(def.shape ?? {});
  const model = Object.fromEntries(entries.map(([key, schema]) => [key, arbitraryFromZod(schema, depth + 1)]));
  const optional = entries.filter(([, schema]) => ["optional", "default", "prefault"].includes(defOf(schema).type)).map(([key]) => key);
  const required = entries.map(([key]) => key).filter((key) => !optional.includes(key));
  return fc.record(model, { requiredKeys: required }).map((value) => {
    for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
    return value;
  });
}

export function arbitraryFromZod(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > MAX_DEPTH) return fc.constant(null);
  switch (def.type) {
    case "string":
      return stringArbitrary(def);
    case "number":
      return numberArbitrary(def);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "literal":
      return fc.constantFrom(...(def.values ?? [null]));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case "array":
      return arrayArbitrary(def, depth);
    case "object":
      return objectArbitrary(def, depth);
    case "union":
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryFromZod(option, depth + 1)));
    case "optional":
    case "default":
    case "prefault":
      return fc.option(arbitraryFromZod(def.innerType as z.ZodType, depth + 1), { nil: undefined });
    case "nullable":
      return fc.option(arbitraryFromZod(def.innerType as z.ZodType, depth + 1), { nil: null });
    case "pipe":
      return arbitraryFromZod(def.in as z.ZodType, depth + 1);
    case "lazy":
      return arbitraryFromZod((def.getter as () => z.ZodType)(), depth + 1);
    case "record":
      return fc.dictionary(fc.string({ maxLength: 8 }), arbitraryFromZod(def.valueType as z.ZodType, depth + 1), { maxKeys: 3 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
