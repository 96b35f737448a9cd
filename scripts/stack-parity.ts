/**
 * npm run stack:parity -- --a URL --a-state DIR --b URL --b-state DIR [--companies N]
 *
 * Two running stacks on the same dataset (say `npm start` on the embedded index and `URVAL_SEARCH_BACKEND=cluster npm
 * start`), asked the same things through their APIs as a subscriber's browser asks them: the search-benchmark mix and
 * a sort of every kind, each answer compared (hit count, the records on the page in order, every facet count for the
 * selection and all of Sweden), then the detail of every company on the first pages. Signs in with each state's demo
 * account. Exits 1 on any difference; prints each one.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";
import { z } from "zod";
import { SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import type { SearchInput } from "#shared/search/search-schema";
import { sameOriginHeadersOf, signInToStack } from "#tests/support/stack-client";
import { benchQueries } from "./bench/api-queries";

const { values } = parseArgs({
  options: { a: { type: "string" }, "a-state": { type: "string" }, b: { type: "string" }, "b-state": { type: "string" } },
});
if (!values.a || !values.b || !values["a-state"] || !values["b-state"]) {
  console.error("usage: npm run stack:parity -- --a URL --a-state DIR --b URL --b-state DIR");
  process.exit(2);
}

interface Side {
  url: string;
  headers: Record<string, string>;
}

async function open(url: string, state: string): Promise<Side> {
  const demo = z
    .object({ username: z.string(), password: z.string() })
    .parse(JSON.parse(readFileSync(path.join(state, "demo-account.json"), "utf8")));
  const cookie = await signInToStack(url, demo, { acceptTerms: true });
  return { url, headers: { Cookie: cookie, ...sameOriginHeadersOf(new URL(url).origin), "Content-Type": "application/json" } };
}

async function page(side: Side, search: SearchInput, n: number) {
  const response = await fetch(`${side.url}/sapi/search/page/${n}`, {
    method: "POST",
    headers: side.headers,
    body: JSON.stringify(search),
  });
  if (response.status !== 200) throw new Error(`${side.url}: ${response.status} ${await response.text()}`);
  return SearchPageAnswerSchema.parse(await response.json()).results;
}

async function detail(side: Side, id: string): Promise<unknown> {
  const response = await fetch(`${side.url}/sapi/details/entity/${id}`, { headers: side.headers });
  return { status: response.status, body: (await response.json()) as unknown };
}

const SORTS = ["name", "turnover", "numEmployees", "createdDate", "scoring", "random"] as const;

async function main() {
  const [a, b] = await Promise.all([
    open(values.a as string, values["a-state"] as string),
    open(values.b as string, values["b-state"] as string),
  ]);
  const queries = [
    ...benchQueries(null),
    ...SORTS.flatMap((field) =>
      [false, true].map((ascending) => ({
        name: `sort ${field} ${ascending ? "asc" : "desc"}`,
        page: 3,
        search: { codeSet: { location: ["01"] }, sort: [{ field, ascending }] } as SearchInput,
      })),
    ),
    { name: "text 'pizzeria'", page: 0, search: { text: "pizzeria" } },
    {
      name: "worksites, head offices, sort by size class",
      page: 1,
      search: { resultType: "WORKSITE", bool: { headquarters: true }, sort: [{ field: "employeeRange", ascending: false }] } as SearchInput,
    },
  ];
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const query of queries) {
    const [left, right] = await Promise.all([page(a, query.search, query.page), page(b, query.search, query.page)]);
    const idsOf = (r: typeof left) => r.records.map((record) => String("cfarNo" in record ? record.cfarNo : record.orgSeqNo));
    const same = {
      hits: left.hitCount === right.hitCount,
      records: isDeepStrictEqual(left.records, right.records),
      facets: isDeepStrictEqual(left.aggregations, right.aggregations),
    };
    console.log(`${Object.values(same).every(Boolean) ? "same" : "DIFF"}  ${query.name}: ${left.hitCount} / ${right.hitCount} hits`);
    for (const [what, ok] of Object.entries(same)) if (!ok) problems.push(`${query.name}: ${what} differ`);
    if (left.type === "COMPANY") for (const id of idsOf(left).slice(0, 5)) ids.add(id);
  }
  for (const id of ids) {
    const [left, right] = await Promise.all([detail(a, id), detail(b, id)]);
    if (!isDeepStrictEqual(left, right)) problems.push(`detail ${id} differs`);
  }
  console.log(`${queries.length} searches and ${ids.size} company details compared: ${problems.length} differences`);
  for (const problem of problems) console.log(`  ${problem}`);
  if (problems.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
