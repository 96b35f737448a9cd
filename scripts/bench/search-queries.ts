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
}

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
  { name: "name prefix 'berg'", broad: false, search: { text: "berg" } },
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
