/**
 * The fake cluster's query evaluation (fake-elasticsearch.ts): the query DSL our code sends (bool with filter / must /
 * should / must_not, term, terms, prefix, range, ids, exists, match_all), plus `match` on text fields for the
 * documentation's examples, over plain JSON documents. An array field matches when any of its values does, as in
 * Elasticsearch. Anything else is a parsing_exception, so a query we start sending untested fails here first.
 */
export type Json = Record<string, unknown>;

export class FakeEsError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    reason: string,
  ) {
    super(reason);
  }

  body() {
    const cause = { type: this.type, reason: this.message };
    return { error: { root_cause: [cause], ...cause }, status: this.status };
  }
}

/** The values of a (dotted) field, flattened; missing and null give none. */
export function fieldValues(doc: Json, field: string): unknown[] {
  let values: unknown[] = [doc];
  for (const part of field.split(".")) {
    values = values.flatMap((v) => (v && typeof v === "object" && !Array.isArray(v) ? [(v as Json)[part]] : []));
    values = values.flat(Infinity);
  }
  return values.filter((v) => v !== null && v !== undefined);
}

const single = (clause: unknown, name: string): [string, unknown] => {
  const entries = Object.entries((clause ?? {}) as Json).filter(([key]) => key !== "boost" && key !== "_name");
  if (entries.length !== 1) throw new FakeEsError(400, "parsing_exception", `[${name}] query must name exactly one field`);
  return entries[0] as [string, unknown];
};

/** `{field: value}` or `{field: {value}}` (term, prefix). */
function fieldValue(clause: unknown, name: string): [string, unknown] {
  const [field, spec] = single(clause, name);
  return [field, spec && typeof spec === "object" && !Array.isArray(spec) ? (spec as Json).value : spec];
}

const same = (a: unknown, b: unknown) => String(a) === String(b);
const tokens = (text: unknown) =>
  String(text)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const asList = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function inRange(value: unknown, bounds: Json): boolean {
  const n = Number(value);
  if (Number.isNaN(n)) return false;
  return (
    (bounds.gte === undefined || n >= Number(bounds.gte)) &&
    (bounds.gt === undefined || n > Number(bounds.gt)) &&
    (bounds.lte === undefined || n <= Number(bounds.lte)) &&
    (bounds.lt === undefined || n < Number(bounds.lt))
  );
}

/** How a `percolate` clause is answered: by the caller, which knows the stored query and the percolated documents. */
export type PercolateEvaluator = (clause: Json, doc: Json) => boolean;

export interface EvalContext {
  id: string;
  percolate?: PercolateEvaluator;
}

function boolMatches(spec: Json, doc: Json, ctx: EvalContext): boolean {
  const all = (key: string) => asList(spec[key]).every((q) => queryMatches(q as Json, doc, ctx));
  const should = asList(spec.should);
  const scoring = asList(spec.must).length + asList(spec.filter).length > 0;
  const minimum = Number(spec.minimum_should_match ?? (should.length > 0 && !scoring ? 1 : 0));
  if (!all("filter") || !all("must")) return false;
  if (asList(spec.must_not).some((q) => queryMatches(q as Json, doc, ctx))) return false;
  return should.filter((q) => queryMatches(q as Json, doc, ctx)).length >= minimum;
}

export function queryMatches(query: Json, doc: Json, ctx: EvalContext): boolean {
  const [type, spec] = single(query, "query");
  switch (type) {
    case "match_all":
      return true;
    case "match_none":
      return false;
    case "bool":
      return boolMatches(spec as Json, doc, ctx);
    case "term": {
      const [field, value] = fieldValue(spec, type);
      return fieldValues(doc, field).some((v) => same(v, value));
    }
    case "terms": {
      const [field, wanted] = single(spec, type);
      if (!Array.isArray(wanted)) throw new FakeEsError(400, "parsing_exception", "[terms] query does not support a lookup here");
      return fieldValues(doc, field).some((v) => wanted.some((w) => same(v, w)));
    }
    case "prefix": {
      const [field, value] = fieldValue(spec, type);
      return fieldValues(doc, field).some((v) => String(v).startsWith(String(value)));
    }
    case "range": {
      const [field, bounds] = single(spec, type);
      return fieldValues(doc, field).some((v) => inRange(v, bounds as Json));
    }
    case "ids":
      return asList((spec as Json).values).some((id) => same(id, ctx.id));
    case "exists":
      return fieldValues(doc, String((spec as Json).field)).length > 0;
    case "match": {
      const [field, text] = single(spec, type);
      const wanted = tokens(text && typeof text === "object" ? (text as Json).query : text);
      const have = new Set(fieldValues(doc, field).flatMap(tokens));
      return wanted.some((t) => have.has(t));
    }
    case "percolate":
      if (!ctx.percolate) throw new FakeEsError(400, "parsing_exception", "[percolate] query is not allowed here");
      return ctx.percolate(spec as Json, doc);
    default:
      throw new FakeEsError(400, "parsing_exception", `unknown query [${type}]`);
  }
}

/** Every field a query names (Elasticsearch refuses to store a percolator query naming an unmapped field). */
export function queryFields(query: Json): string[] {
  const [type, spec] = single(query, "query");
  if (type === "bool") {
    const clauses = ["filter", "must", "should", "must_not"].flatMap((key) => asList((spec as Json)[key]));
    return clauses.flatMap((q) => queryFields(q as Json));
  }
  if (type === "exists") return [String((spec as Json).field)];
  if (type === "match_all" || type === "match_none" || type === "ids") return [];
  if (["term", "terms", "prefix", "range", "match"].includes(type)) return [single(spec, type)[0]];
  throw new FakeEsError(400, "parsing_exception", `unknown query [${type}]`);
}
