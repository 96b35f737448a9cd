/**
 * The search-engine benchmark's query mix (issue 4), as HTTP calls of POST /sapi/search/page/{n}: no filter, one county,
 * SNI section + county + turnover range, limited companies + employee range + F-tax, name prefix, a 5000-number include
 * list, a deep page at offset 980 and a worksite search. Codes are SNI 2007 / SCB codes as in search-index/refdata.
 */
import type { SearchInput } from "#shared/search/search-schema";

export interface BenchQuery {
  name: string;
  page: number;
  search: SearchInput;
}

export function benchQueries(includeFileId: number | null): BenchQuery[] {
  const queries: BenchQuery[] = [
    { name: "no filter", page: 0, search: { resultType: "COMPANY" } },
    { name: "one county (Skåne)", page: 0, search: { codeSet: { location: ["12"] } } },
    {
      name: "SNI F + Västra Götaland + turnover 1–50 mkr",
      page: 0,
      search: { codeSet: { sni: ["F"], location: ["14"] }, range: { turnover: "1000000_50000000" } },
    },
    {
      name: "AB (49) + 10–49 employees + F-tax",
      page: 0,
      search: { codeSet: { companyForm: ["49"] }, range: { numEmployees: "10_49" }, bool: { fTax: true } },
    },
    { name: "name prefix 'berg'", page: 0, search: { text: "berg" } },
    { name: "deep page (offset 980), sort by name", page: 49, search: { sort: [{ field: "name", ascending: true }] } },
    {
      name: "worksites: Göteborg + SNI 56",
      page: 0,
      search: { resultType: "WORKSITE", codeSet: { location: ["1480"], sni: ["56"] } },
    },
  ];
  if (includeFileId !== null) {
    queries.splice(5, 0, { name: "include list of 5000 numbers", page: 0, search: { numSet: { includeFile: [includeFileId] } } });
  }
  return queries;
}
