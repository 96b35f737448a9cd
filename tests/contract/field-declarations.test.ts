/**
 * Every declared yes/no filter, range and code set (workers/shared/search/search-fields.ts) walked through every face
 * (issue 46 point 1): the sidebar's groups, the API schema and the URL round trip, where its value comes from and the
 * Elasticsearch mapping, both backends giving the same hits (and a code set's counts), the summary line, the export's
 * sheet and columns, and Bevakning (the stored saved search, its suggested name and the percolator against the
 * embedded matching). A field declared without one of them fails here.
 */
import type { Client } from "@elastic/elasticsearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchBackend } from "#search-index/backend";
import { COMPANY_MAPPINGS, WORKSITE_MAPPINGS } from "#search-index/elasticsearch/es-mappings";
import { facetTerms } from "#search-index/elasticsearch/es-aggregations";
import { codeSetDocField, RANGE_DOC_FIELDS, type EsNames } from "#search-index/elasticsearch/es-fields";
import { percolateCompanies, resyncSavedSearches, type SavedSearchEntry } from "#search-index/elasticsearch/es-saved-searches";
import { companyDocument } from "#search-index/indexing/elasticsearch/es-documents";
import { KNOWN_BITS, LIMITED_BIT } from "#search-index/embedded/index-types";
import { CODE_SET_SOURCES, FLAG_SOURCES, RANGE_SOURCES } from "#search-index/indexing/field-sources";
import { candidateBackend, matchingIds } from "#search-index/indexing/monitoring/embedded-source";
import { CODE_SET_ENTRIES, locationTree, sniDetailGroupToKeywords, sniTree } from "#search-index/refdata/index";
import { parseSavedSearch, parseSearch } from "#search-index/search-model";
import { REFDATA_NAMES } from "#shared/api-contracts/search-api";
import { CATALOGUES, FINANCIAL_FIELDS } from "#shared/api-contracts/export-columns";
import { HISTOGRAM_FIELDS } from "#shared/search/histogram";
import { describeSearch, type CodeTexts } from "#shared/search/search-description";
import {
  BOOL_FILTER_NAMES,
  CODE_SET_NAMES,
  codeSetDef,
  codeSetsOf,
  FLAT_CODE_SETS,
  flagDef,
  RANGE_FIELD_NAMES,
  rangeFieldDef,
  RESULT_TYPES,
  unknownGroupOf,
  type BoolFilter,
  type CodeSetName,
  type FlatCodeSet,
  type RangeField,
  type ResultType,
} from "#shared/search/search-fields";
import { safeParseSearch, SearchSchema, type Search, type SearchInput } from "#shared/search/search-schema";
import { deserializeSearch, serializeSearch } from "#shared/search/search-serialize";
import { flagFields, RANGE_GROUP_NAMES, rangeGroupFields } from "#app/lib/search/filter-groups";
import { filterTexts, searchSummary } from "#app/lib/search/summary";
import { ancestorsOf, codeLabel, refdataFromFull, type SearchRefdata } from "#app/lib/search/search-refdata";
import { entriesKey, type EntriesKey } from "#app/lib/refdata-entries";
import { DEFAULT_SAVED_SEARCH_NAME, savedSearchName } from "#app/lib/monitoring/saved-search-name";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";
import { allIds } from "./support/contract-helpers";
import { elasticsearchUnder, embeddedContractBackend } from "./support/backends";
import { clusterClient, dropIndices } from "./support/es-cluster-helpers";

const PREFIX = "urval_fields_";
const MAPPINGS: Record<ResultType, Record<string, unknown>> = {
  COMPANY: COMPANY_MAPPINGS.properties,
  WORKSITE: WORKSITE_MAPPINGS.properties,
};
const CODE_TEXTS = new Proxy({}, { get: () => (code: string) => code }) as CodeTexts;

/** The screen's reference data as the browser has it once loaded, from the index's own reference data. */
const REFDATA: SearchRefdata = refdataFromFull({
  sniTree,
  locationTree,
  ...(Object.fromEntries(FLAT_CODE_SETS.map((name) => [entriesKey(name), [...CODE_SET_ENTRIES[name]]])) as Record<
    EntriesKey,
    { code: string; text: string }[]
  >),
  sniKeywords: sniDetailGroupToKeywords as Record<string, string[]>,
  sniAggregation: new Map(),
});

const flagCases = BOOL_FILTER_NAMES.flatMap((name) => flagDef(name).types.map((type) => ({ name, type })));
const rangeCases = RANGE_FIELD_NAMES.flatMap((field) => rangeFieldDef(field).types.map((type) => ({ field, type })));
const codeSetCases = CODE_SET_NAMES.flatMap((name) => codeSetDef(name).types.map((type) => ({ name, type })));

/**
 * A code to choose and one to exclude in a code set, from the first fixture record of the result type: a flat set's
 * record code and another entry; a tree's top node above the record's code, and the code itself (its subtree left out).
 */
function codeSetCodes(name: CodeSetName, type: ResultType): { chosen: string; excluded: string } {
  const source = CODE_SET_SOURCES[name];
  const codes = type === "COMPANY" ? source.company?.(fixtureCompanies()[0]!) : source.worksite?.(fixtureWorksites()[0]!);
  const own = typeof codes === "string" ? codes : (codes?.[0] ?? "");
  if (codeSetDef(name).kind === "codes") {
    const other = CODE_SET_ENTRIES[name as FlatCodeSet].find((entry) => entry.code !== own);
    return { chosen: own, excluded: other?.code ?? "" };
  }
  const tree = name === "sni" ? REFDATA.sni : REFDATA.location;
  const top = tree ? (ancestorsOf(tree, own)[0] ?? own) : own;
  return { chosen: top, excluded: own };
}

const codeSetSearch = (type: ResultType, name: CodeSetName, codes: { chosen?: string; excluded?: string }): SearchInput => ({
  resultType: type,
  ...(codes.chosen === undefined ? {} : { codeSet: { [name]: [codes.chosen] } }),
  ...(codes.excluded === undefined ? {} : { excludeCodeSet: { [name]: [codes.excluded] } }),
});

/** A range the field's slider can set: from a quarter into its span (a date: the year 2010) to its upper bound. */
function rangeValue(field: RangeField): string {
  const def = rangeFieldDef(field);
  if (def.kind === "date") return "20100101_";
  return `${Math.round(def.min + (def.max - def.min) / 4)}_`;
}

const flagSearch = (type: ResultType, name: BoolFilter, value: boolean): SearchInput => ({ resultType: type, bool: { [name]: value } });
const rangeSearch = (type: ResultType, field: RangeField, value = rangeValue(field)): SearchInput => ({
  resultType: type,
  range: { [field]: value },
});

/** The URL face: the `vad` string gives the search back, and a search of the wrong result type is refused at the field. */
function expectUrlAndSchema(input: SearchInput, path: string, types: readonly ResultType[]) {
  const search: Search = SearchSchema.parse(input);
  const back = deserializeSearch(serializeSearch(search));
  expect(back).toEqual({ success: true, data: search });
  for (const other of RESULT_TYPES.filter((type) => !types.includes(type))) {
    const refused = safeParseSearch({ ...input, resultType: other });
    expect(refused.success ? [] : refused.issues.map((issue) => issue.path)).toContain(path);
  }
}

/** The export face: the declared columns exist in the result type's catalogue, and the sheet names the filter. */
function expectExport(search: Search, label: string, columns: readonly string[] | undefined) {
  for (const column of columns ?? []) {
    const known = column.startsWith("financial.")
      ? column.slice("financial.".length) in FINANCIAL_FIELDS
      : column in CATALOGUES[search.resultType];
    expect(known, `export column ${column}`).toBe(true);
  }
  const criteria = describeSearch(search, { exclude: false, count: 0 }, CODE_TEXTS);
  expect(criteria.map((criterion) => criterion.label)).toContain(label);
}

describe("the declared yes/no filters", () => {
  it.each(flagCases)("$name ($type): sidebar, URL, schema, source, mapping, summary line and export", ({ name, type }) => {
    const def = flagDef(name);
    expect(flagFields(type)).toContain(name);
    expectUrlAndSchema(flagSearch(type, name, true), `bool.${name}`, def.types);
    const source = FLAG_SOURCES[name];
    expect(type === "COMPANY" ? source.company : source.worksite, "where the value comes from").toBeDefined();
    expect(MAPPINGS[type][name]).toEqual({ type: "boolean" });
    for (const value of [true, false]) {
      const search = SearchSchema.parse(flagSearch(type, name, value));
      const text = filterTexts(search, null);
      expect(text).toEqual([value || def.excludeLabel === undefined ? `${def.label}: ${value ? "Ja" : "Nej"}` : def.excludeLabel]);
      expectExport(search, def.label, def.exportColumns[type]);
      expect(savedSearchName(search, null)).toBe(value && def.nameWord !== undefined ? def.nameWord : DEFAULT_SAVED_SEARCH_NAME);
    }
  });
});

describe("the declared range filters", () => {
  it.each(rangeCases)("$field ($type): sidebar, URL, schema, source, mapping, summary line and export", ({ field, type }) => {
    const def = rangeFieldDef(field);
    expect(RANGE_GROUP_NAMES.filter((group) => rangeGroupFields(group, type).includes(field))).toEqual([def.group]);
    expectUrlAndSchema(rangeSearch(type, field), `range.${field}`, def.types);
    // Stored from the source record, or read from another field's column, or a list column of its own.
    if (RANGE_SOURCES[field] === null) expect(def.derive !== undefined || def.list, "where the value comes from").toBe(true);
    else expect(def.derive).toBeUndefined();
    expect(RANGE_DOC_FIELDS[field]).toBe(def.column);
    expect(MAPPINGS[type][def.column], `mapping of ${def.column}`).toBeDefined();
    expect(HISTOGRAM_FIELDS.includes(field)).toBe(def.histogram);
    // A histogram's bins are on the column's scale: a derived field's bounds are not, so it has none.
    if (def.derive) expect(def.histogram, "a derived field's histogram").toBe(false);
    const search = SearchSchema.parse(rangeSearch(type, field));
    const text = filterTexts(search, null);
    expect(text).toHaveLength(1);
    expect(text[0]?.startsWith(`${def.label} `)).toBe(true);
    expectExport(search, def.label, def.exportColumns[type]);
    // Bevakning's suggested name says the fields declared with a unit for it, or as the summary line, and only those.
    const name = savedSearchName(search, null);
    if (def.nameUnit !== undefined) expect(name).toContain(` ${def.nameUnit}`);
    else if (def.nameAsSummary) expect(name).toContain(`, ${text[0]!.charAt(0).toLowerCase()}${text[0]!.slice(1)}`);
    else expect(name).toBe(DEFAULT_SAVED_SEARCH_NAME);
  });
});

describe("the declared code sets", () => {
  it.each(codeSetCases)("$name ($type): sidebar, URL, schema, source, mapping, summary line, export and Bevakning", ({ name, type }) => {
    const def = codeSetDef(name);
    const { chosen, excluded } = codeSetCodes(name, type);
    expect(chosen, "a code of the fixture's record").not.toBe("");
    expect(excluded).not.toBe("");
    // The sidebar: the result type's groups in declaration order, a tree's editor or the reference list's entries.
    expect(codeSetsOf(type)).toContain(name);
    if (def.kind === "codes") {
      expect(REFDATA.entries[name as FlatCodeSet]).toEqual(CODE_SET_ENTRIES[name as FlatCodeSet]);
      expect(REFDATA_NAMES).toContain(def.refdata);
    } else {
      expect(def.nodes, "a tree's node fields").toBeDefined();
      expect(REFDATA_NAMES).toContain(def.refdata);
    }
    // The URL, for a choice and an exclusion alike, and the schema refusing either on the wrong result type.
    expectUrlAndSchema(codeSetSearch(type, name, { chosen }), `codeSet.${name}`, def.types);
    expectUrlAndSchema(codeSetSearch(type, name, { excluded }), `excludeCodeSet.${name}`, def.types);
    const both = SearchSchema.parse(codeSetSearch(type, name, { chosen, excluded }));
    expect(deserializeSearch(serializeSearch(both))).toEqual({ success: true, data: both });
    // Where a record's codes come from.
    const source = CODE_SET_SOURCES[name];
    expect(type === "COMPANY" ? source.company : source.worksite, "where the codes come from").toBeDefined();
    // The document fields: a flat set's own keyword counted by facet keys, a tree's fields of its own and every node.
    if (def.nodes) {
      for (const field of [def.nodes.own, def.nodes.any]) expect(MAPPINGS[type][field], `mapping of ${field}`).toBeDefined();
    } else {
      expect(MAPPINGS[type][name]).toEqual({ type: "keyword" });
      expect(codeSetDocField(name, { useMainSni: true, useLocation: true })).toBe(name);
    }
    expect(Object.keys(facetTerms(parseSearch({ resultType: type })))).toContain(name);
    // The summary line says the chosen and the excluded code's texts.
    const search = SearchSchema.parse(codeSetSearch(type, name, { chosen, excluded }));
    const summary = searchSummary(search, REFDATA);
    const lines = def.kind === "codes" ? filterTexts(search, REFDATA) : [summary.industries, summary.places];
    const line = lines.find((text) => text.includes(codeLabel(REFDATA, name, chosen)));
    expect(line, "the summary line").toBeDefined();
    expect(line).toContain(` utom ${codeLabel(REFDATA, name, excluded)}`);
    if (def.kind === "codes") expect(line?.startsWith(`${def.label}: `)).toBe(true);
    // The export's columns and sheet.
    expectExport(SearchSchema.parse(codeSetSearch(type, name, { chosen })), def.label, def.exportColumns[type]);
    // Bevakning's suggested name says the trees (industries, places), not the flat sets.
    const named = savedSearchName(SearchSchema.parse(codeSetSearch(type, name, { chosen })), REFDATA);
    expect(named === DEFAULT_SAVED_SEARCH_NAME, named).toBe(def.kind === "codes");
  });
});

describe("both backends and Bevakning on every declared filter", () => {
  const opened: { backend: SearchBackend; close(): Promise<void> }[] = [];
  let cluster: { client: Client; names: EsNames } | null = null;
  beforeAll(async () => {
    await dropIndices(PREFIX);
    opened.push(await embeddedContractBackend.open(), await elasticsearchUnder(PREFIX).open());
    cluster = clusterClient(PREFIX);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(opened.map((o) => o.close()));
    await cluster?.client.close();
    await dropIndices(PREFIX);
  });

  const searches: { name: string; type: ResultType; input: SearchInput }[] = [
    ...flagCases.flatMap(({ name, type }) =>
      [true, false].map((value) => ({ name: `${name}=${value}`, type, input: flagSearch(type, name, value) })),
    ),
    ...rangeCases.map(({ field, type }) => ({ name: `${field} ${rangeValue(field)}`, type, input: rangeSearch(type, field) })),
    ...codeSetCases.flatMap(({ name, type }) => {
      const { chosen, excluded } = codeSetCodes(name, type);
      return [
        { name: `${name} ${chosen}`, type, input: codeSetSearch(type, name, { chosen }) },
        { name: `${name} utom ${excluded}`, type, input: codeSetSearch(type, name, { excluded }) },
        { name: `${name} ${chosen} utom ${excluded}`, type, input: codeSetSearch(type, name, { chosen, excluded }) },
      ];
    }),
  ];

  it.each(searches)("$name ($type): the same hits on both backends", async ({ input }) => {
    const [embedded, onCluster] = await Promise.all(opened.map((o) => allIds(o.backend, input)));
    expect(onCluster).toEqual(embedded);
  });

  it.each(codeSetCases)("$name ($type): the same facet counts on both backends, its own and all of Sweden's", async ({ name, type }) => {
    const { chosen, excluded } = codeSetCodes(name, type);
    for (const input of [codeSetSearch(type, name, { chosen }), codeSetSearch(type, name, { excluded })]) {
      const [embedded, onCluster] = await Promise.all(opened.map((o) => o.backend.search(parseSearch(input), {})));
      for (const key of [name, `${name}_all`]) {
        expect(embedded?.aggregations[key], key).toBeDefined();
        expect(onCluster?.aggregations[key], key).toEqual(embedded?.aggregations[key]);
      }
      expect(onCluster?.hitCount).toBe(embedded?.hitCount);
    }
  });

  it("a flag's two values split the records of its result type between them, on both backends", async () => {
    for (const { backend } of opened)
      for (const { name, type } of flagCases) {
        const all = await allIds(backend, { resultType: type });
        const yes = await allIds(backend, flagSearch(type, name, true));
        const no = await allIds(backend, flagSearch(type, name, false));
        // A flag that may be unknown leaves those records out of both ('uppgift saknas'), as the source says.
        const source = FLAG_SOURCES[name].company;
        const unknown = flagDef(name).mayBeUnknown && source ? fixtureCompanies().filter((c) => source(c) === null).length : 0;
        expect(yes.length + no.length + unknown, name).toBe(all.length);
        expect(
          yes.filter((id) => no.includes(id)),
          name,
        ).toEqual([]);
      }
  });

  it("Bevakning: every company filter is stored and percolated as the embedded matching finds it", async () => {
    const companies = fixtureCompanies();
    const worksites = fixtureWorksites();
    const company = searches.filter((s) => s.type === "COMPANY");
    const entries: SavedSearchEntry[] = company.map((s, i) => {
      const stored = parseSavedSearch(serializeSearch(SearchSchema.parse(s.input)));
      expect(stored, s.name).not.toBeNull();
      expect(stored?.range).toEqual(parseSearch(s.input).range);
      return { id: `s${String(i).padStart(3, "0")}`, userId: "u1", search: stored! };
    });
    const { client, names } = cluster!;
    await resyncSavedSearches(client, names, entries);
    const places = new Map<number, string[]>();
    for (const w of worksites) places.set(w.orgSeqNo, [...(places.get(w.orgSeqNo) ?? []), w.municipalityCode]);
    const documents = companies.map((c) => companyDocument(c, places.get(c.orgSeqNo) ?? []) as unknown as Record<string, unknown>);
    const matches = await percolateCompanies(client, names, documents);
    const embedded = candidateBackend({ version: 1, companies: new Map(companies.map((c) => [c.orgSeqNo, c])), worksites });
    for (const [i, { id, search }] of entries.entries()) {
      const expected = [...(await matchingIds(embedded, search))].sort((a, b) => a - b);
      expect(
        [...(matches.get(id) ?? [])].sort((a, b) => a - b),
        company[i]?.name,
      ).toEqual(expected);
    }
  });
});

describe("the declarations themselves", () => {
  it("each result type has at most two flat code sets, the second of at most 15 codes (the embedded scan's two code slots and pair column)", () => {
    for (const type of RESULT_TYPES) {
      const flat = codeSetsOf(type).filter((name) => codeSetDef(name).kind === "codes") as FlatCodeSet[];
      expect(flat.length, type).toBeLessThanOrEqual(2);
      if (flat[1]) expect(CODE_SET_ENTRIES[flat[1]].length, flat[1]).toBeLessThanOrEqual(15);
      // Every code index and NO_CODE fit a byte.
      for (const name of flat) expect(CODE_SET_ENTRIES[name].length, name).toBeLessThan(255);
    }
  });
  it("every flag, and the known bit of each group that may be unknown, fits the embedded index's 16-bit flags column beside the limited-company bit", () => {
    const knownBits = new Set(BOOL_FILTER_NAMES.map(unknownGroupOf).filter((group) => group !== undefined)).size;
    expect(knownBits).toBe(new Set(Object.values(KNOWN_BITS)).size);
    expect(BOOL_FILTER_NAMES.length + knownBits + 1).toBeLessThanOrEqual(16);
    expect(LIMITED_BIT).toBe(BOOL_FILTER_NAMES.length + knownBits);
  });
  it("every range group shows some field, and every field of a result type sits in exactly one group", () => {
    for (const group of RANGE_GROUP_NAMES) expect(RESULT_TYPES.some((type) => rangeGroupFields(group, type).length > 0)).toBe(true);
  });
});
