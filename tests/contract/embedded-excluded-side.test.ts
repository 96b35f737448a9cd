/**
 * The embedded backend answers a pure exclusion whose excluded side is small by that side (excluded-side.ts): the
 * whole index less the side. Its answer must be the scan's, to the byte: hit count, the page's records in order, every
 * facet count (the excluded set's own too) and the histogram. On the search fixture and a generated register, both
 * result types, every code set on every field choice of the trees (main or any industry, own or any place), codes at
 * each level of the trees, rare and common (so the scan's fallback is met too), several sorts and pages.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CompanySourceRecord,
  type DocumentStore,
  EmbeddedBackend,
  parseSearch,
  type SearchIndex,
  visiblePage,
  type WorksiteSourceRecord,
} from "#search-index/engine";
import { companyFacts, IndexBuild, worksiteFacts } from "#search-index/indexing";
import { excludedSideIsSmall, pureExclusion } from "#search-index/pure-exclusion";
import { generateDataset } from "#scripts/data/generate";
import { readCompanies, readWorksites } from "#scripts/reindex/source-reader";
import { CODE_SET_NAMES, CODE_SETS, RESULT_TYPES, SORT_FIELDS, type ResultType } from "#shared/search/search-fields";
import type { SearchInput } from "#shared/search/search-schema";
import { HISTOGRAM_FIELDS, histogramApplies } from "#shared/search/histogram";
import { fixtureCompanies, fixtureWorksites } from "../fixtures/search/fixture-dataset";

/** Records as their ids only: the page's order is what the two paths must agree on. */
const idsOnly = async (ids: number[]) => ids.map((id) => ({ id: String(id) })) as never;
const documents: DocumentStore = {
  companyRecords: idsOnly,
  worksiteRecords: idsOnly,
  companyDetail: async () => null,
  companyRecordsWithDetail: idsOnly,
};

function indexOf(companies: CompanySourceRecord[], worksites: WorksiteSourceRecord[]): SearchIndex {
  const build = new IndexBuild();
  for (const company of companies) build.addCompany(companyFacts(company));
  for (const worksite of worksites) build.addWorksiteColumns(worksiteFacts(worksite));
  return build.finish(1);
}

/** Codes to exclude from a set's whole-index counts: at each code length the rarest, a middle and the most common; the two rarest together; a code with one below it. */
function exclusions(all: Record<string, number>): string[][] {
  const codes = Object.entries(all)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => x - y || a.localeCompare(b))
    .map(([code]) => code);
  const picks: string[][] = [codes.slice(0, 2)];
  for (const length of new Set(codes.map((code) => code.length))) {
    const level = codes.filter((code) => code.length === length);
    for (const code of new Set([level[0], level[Math.floor(level.length / 2)], level[level.length - 1]])) if (code) picks.push([code]);
  }
  const parent = codes.find((code) => codes.some((other) => other !== code && other.startsWith(code)));
  const child = parent && codes.find((other) => other !== parent && other.startsWith(parent));
  if (parent && child) picks.push([parent, child]);
  return picks.filter((pick) => pick.length > 0);
}

/** The field choices a set is matched on for the type. */
const optionsOf = (type: ResultType, name: string): SearchInput["bool"][] =>
  type !== "COMPANY"
    ? [{}]
    : name === "sni"
      ? [{ useMainSni: true }, { useMainSni: false }]
      : name === "location"
        ? [{ useLocation: true }, { useLocation: false }]
        : [{}];

function sortsOf(type: ResultType): SearchInput["sort"][] {
  const fields = SORT_FIELDS[type].filter((field) => field !== "relevance" && field !== "random").slice(0, 2);
  return [
    undefined,
    ...(SORT_FIELDS[type].includes("random") ? [[{ field: "random" as const, ascending: true }]] : []),
    ...fields.flatMap((field) => [[{ field, ascending: true }], [{ field, ascending: false }]]),
  ];
}

interface Dataset {
  name: string;
  index: SearchIndex;
}

let root: string;
const datasets: Dataset[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "urval-excluded-side-"));
  datasets.push({ name: "the search fixture", index: indexOf(fixtureCompanies(), fixtureWorksites()) });
  const dir = path.join(root, "generated");
  await generateDataset({ companies: 3000, seed: 23, outDir: dir });
  const companies: CompanySourceRecord[] = [];
  const worksites: WorksiteSourceRecord[] = [];
  for await (const company of readCompanies(dir)) companies.push(company);
  for await (const worksite of readWorksites(dir)) worksites.push(worksite);
  datasets.push({ name: "3 000 generated companies", index: indexOf(companies, worksites) });
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a pure exclusion on the embedded backend, by its excluded side", () => {
  it("gives the scan's answer: hits, page order, every count and the histogram", async () => {
    let bySide = 0;
    let scanned = 0;
    for (const { name: dataset, index } of datasets) {
      const subtracting = new EmbeddedBackend(index, documents);
      const scanning = new EmbeddedBackend(index, documents, { byExcludedSide: false });
      for (const type of RESULT_TYPES) {
        const fields = HISTOGRAM_FIELDS.filter((field) => histogramApplies(field, type));
        for (const name of CODE_SET_NAMES.filter((set) => CODE_SETS[set].types.includes(type))) {
          for (const bool of optionsOf(type, name)) {
            const whole = await scanning.search(parseSearch({ resultType: type, bool }));
            for (const excluded of exclusions(whole.aggregations[`${name}_all`] ?? {})) {
              for (const [s, sort] of sortsOf(type).entries()) {
                const search = parseSearch({ resultType: type, bool, excludeCodeSet: { [name]: excluded }, ...(sort ? { sort } : {}) });
                expect(pureExclusion(search)).toBe(name);
                const small = excludedSideIsSmall(excluded, whole.aggregations[`${name}_all`], whole.hitCount);
                for (const [k, page] of [0, 2, 49].map(visiblePage).entries()) {
                  const histogram = k === 0 ? fields[(bySide + scanned + s) % fields.length] : undefined;
                  const options = { page, ...(histogram ? { histogram } : {}) };
                  const [a, b] = [await subtracting.search(search, options), await scanning.search(search, options)];
                  const label = `${dataset}: ${type} ${name} ${JSON.stringify(bool)} utom ${excluded.join(", ")}, sort ${JSON.stringify(sort)}, page ${page}`;
                  expect(JSON.stringify(a), label).toBe(JSON.stringify(b));
                  if (histogram) expect(a.histogram?.field, label).toBe(histogram);
                  if (small) bySide++;
                  else scanned++;
                }
              }
            }
          }
        }
      }
    }
    console.log(`[excluded side] ${bySide} searches by the excluded side, ${scanned} scanned (a large side)`);
    expect(bySide).toBeGreaterThan(200);
    expect(scanned).toBeGreaterThan(0);
  }, 600_000);
});
