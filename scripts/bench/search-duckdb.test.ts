import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CompanySourceRecord, type DocumentStore, EmbeddedBackend, indexWords, parseSearch, visiblePage } from "#search-index/engine";
import { companyFacts, IndexBuild, worksiteFacts } from "#search-index/indexing";
import { generateDataset } from "../data/generate";
import { readCompanies, readWorksites } from "../reindex/source-reader";
import { DuckLoader, DuckSearch } from "./search-duckdb";
import { BenchRows } from "./search-sqlite-schema";

const noDocuments: DocumentStore = {
  companyRecords: async () => [],
  worksiteRecords: async () => [],
  companyDetail: async () => null,
  companyRecordsWithDetail: async () => [],
};

let dir: string;
let duck: DuckSearch;
let embedded: EmbeddedBackend;
const companies: CompanySourceRecord[] = [];
const listFile: string[] = [];

beforeAll(async () => {
  // The bench's own synthetic data, small: 2 000 companies and their worksites.
  dir = mkdtempSync(path.join(os.tmpdir(), "urval-duckdb-test-"));
  await generateDataset({ companies: 2000, seed: 3, outDir: dir });
  const file = path.join(dir, "bench.duckdb");
  const loader = await DuckLoader.create(`${file}.partial`);
  const rows = new BenchRows();
  const build = new IndexBuild();
  for await (const company of readCompanies(dir)) {
    companies.push(company);
    if (companies.length % 7 === 0) listFile.push(company.orgNo);
    build.addCompany(companyFacts(company));
    loader.addCompany(rows.company(company));
  }
  for await (const worksite of readWorksites(dir)) {
    const company = build.addWorksite(worksiteFacts(worksite));
    loader.addWorksite(rows.worksite(worksite, company.name));
  }
  await loader.finish(`${file}.partial`, file);
  embedded = new EmbeddedBackend(build.finish(1), noDocuments);
  duck = await DuckSearch.open(file);
  await duck.setListFile(1, listFile);
});

afterAll(() => {
  duck?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A facet's non-zero counts, without the constant `_all` ones (the SQL engines compute those once, outside). */
function counts(facets: Record<string, Record<string, number>>) {
  const kept: Record<string, Record<string, number>> = {};
  for (const [name, values] of Object.entries(facets)) {
    if (name.endsWith("_all")) continue;
    kept[name] = Object.fromEntries(Object.entries(values).filter(([key, n]) => n > 0 && key !== "null" && key !== "nu"));
  }
  return kept;
}

const RELEVANCE = [{ field: "relevance" as const, ascending: false }];
const SEARCHES: [string, unknown, number?][] = [
  ["no filter", {}],
  ["a county", { codeSet: { location: ["14"] } }],
  ["a county and a municipality", { codeSet: { location: ["01", "1480"] } }],
  ["SNI, range and flag", { codeSet: { sni: ["F"] }, range: { turnover: "1000000_50000000" }, bool: { fTax: true } }],
  ["the list file", { numSet: { includeFile: [1] } }],
  ["worksites by size", { resultType: "WORKSITE", codeSet: { employeeRange: ["2", "3"] } }],
  ["a second page", {}, 1],
];

describe("DuckDB's SQL answers as the embedded index does", () => {
  it.each(SEARCHES)("%s: the hit count and the facet counts", async (_, input, page = 0) => {
    const search = parseSearch(input);
    const want = await embedded.search(search, { page: visiblePage(page), listFiles: new Map([[1, listFile]]) });
    const got = await duck.search(search, page, "numSet" in (input as object) ? 1 : null);
    expect(got.hitCount).toBe(want.hitCount);
    expect(counts(got.facets)).toEqual(counts(want.aggregations));
  });

  it("free text: the same hits as the embedded index, companies and worksites", async () => {
    const named = companies[10] as CompanySourceRecord;
    const words = indexWords(named.name);
    const texts = [
      words[0] ?? "",
      words.slice(0, 2).join(" "),
      named.orgNo.slice(0, 6),
      "bygg",
      "storgatan 1",
      "anna",
      "restaurang göteborg",
    ];
    for (const text of texts) {
      let found = 0;
      for (const resultType of ["COMPANY", "WORKSITE"] as const) {
        const search = parseSearch({ text, resultType, sort: RELEVANCE });
        const want = await embedded.search(search, { page: visiblePage(0) });
        const got = await duck.search(search, 0, null);
        expect(got.hitCount, `${text} (${resultType})`).toBe(want.hitCount);
        found += got.hitCount;
      }
      if (texts.indexOf(text) < 3) expect(found, text).toBeGreaterThan(0);
    }
  });

  it("a text of stop words only matches nothing", async () => {
    expect((await duck.search(parseSearch({ text: "ab och" }), 0, null)).hitCount).toBe(0);
  });

  it("suggests the best matches first: every word whole in the name", async () => {
    const words = indexWords((companies[10] as CompanySourceRecord).name);
    const [first] = await duck.suggest(parseSearch({ text: words.join(" "), sort: RELEVANCE }), 5);
    const name = companies.find((c) => c.orgSeqNo === first)?.name ?? "";
    expect(indexWords(name)).toEqual(expect.arrayContaining(words));
  });
});
