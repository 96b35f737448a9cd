/** The fixed query mix of bench:search (issue 4): broad and selective company searches, a list file, worksites. */
import type { SearchInput } from "#shared/search/search-schema";

export interface BenchQuery {
  name: string;
  /** Broad queries carry the "≥ 30× SQLite" target. */
  broad: boolean;
  search: SearchInput;
  page?: number;
  /** Uses list file 1: 5 000 organisation numbers spread over the dataset. */
  listFile?: boolean;
  /** A free-text search (issue 26): carries the "p95 under 60 ms" goal. */
  text?: boolean;
}

const RELEVANCE = [{ field: "relevance" as const, ascending: false }];
const freeText = (name: string, text: string, resultType: "COMPANY" | "WORKSITE" = "COMPANY"): BenchQuery => ({
  name,
  broad: false,
  text: true,
  search: { resultType, text, sort: RELEVANCE },
});

export const BENCH_QUERIES: BenchQuery[] = [
  { name: "no filter", broad: true, search: {} },
  { name: "one county (Stockholm)", broad: true, search: { codeSet: { location: ["01"] } } },
  {
    name: "SNI F + county 12 + turnover 1–50 M",
    broad: false,
    search: { codeSet: { sni: ["F"], location: ["12"] }, range: { turnover: "1000000_50000000" } },
  },
  {
    name: "AB + 10–49 employees + F-tax",
    broad: true,
    search: { codeSet: { companyForm: ["49"] }, range: { numEmployees: "10_49" }, bool: { fTax: true } },
  },
  { name: "free text 'berg', turnover order", broad: false, search: { text: "berg" } },
  freeText("free text, one word: 'bygg'", "bygg"),
  freeText("free text, two words: 'lindqvist fastighets'", "lindqvist fastighets"),
  freeText("free text, trade + town: 'pizzeria kalmar'", "pizzeria kalmar"),
  freeText("free text, trade + town: 'frisör göteborg'", "frisör göteborg"),
  freeText("free text, street: 'storgatan 12'", "storgatan 12"),
  freeText("free text, person: 'anna johansson'", "anna johansson"),
  freeText("free text, org. no. prefix: '556036'", "556036"),
  freeText("free text, worksites: 'restaurang stockholm'", "restaurang stockholm", "WORKSITE"),
  { name: "5 000-number include list", broad: false, search: { numSet: { includeFile: [1] } }, listFile: true },
  { name: "deep page (offset 980), county 14", broad: true, search: { codeSet: { location: ["14"] } }, page: 49 },
  { name: "worksites: no filter", broad: true, search: { resultType: "WORKSITE" } },
  {
    name: "worksites: county 14 + size 3–5",
    broad: false,
    search: { resultType: "WORKSITE", codeSet: { location: ["14"], employeeRange: ["3", "4", "5"] } },
  },
];

export const LIST_FILE_SIZE = 5000;

/** What a subscriber has typed when the header box asks for suggestions (prefixes as typed; issue 26's goal: p95 under 30 ms). */
export const SUGGEST_TEXTS = ["p", "piz", "pizzeria ka", "berg", "storg", "anna joh", "5560", "lindqvist f", "frisör", "kalmar"];
