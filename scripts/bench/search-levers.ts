/**
 * npm run bench:search-levers -- --url URL --prefixes p1_,p2_ [--runs 15] [--no-append]
 * Issue 37's levers side by side, in one run, on index sets that already live on one running cluster (each reindexed
 * by the operators' CLI under its own ELASTICSEARCH_INDEX_PREFIX, e.g. with different ELASTICSEARCH_PRIMARIES):
 * - "one body (0036)": the search as one request with every facet's terms aggregation in filter groups, the shape
 *   before decision 0044 (rebuilt here from the facets' own fields), request_cache=false;
 * - "plan, uncached": the production backend's _msearch plan (es-query.ts planEsSearch) with request_cache=false;
 * - "plan, repeated": the same with the shard request cache on, as production runs it (after an untimed first run).
 * Each query of bench:search's mix (the list-file query left out: it needs the API's list file) runs untimed once,
 * then `runs` times per variant, interleaved. Prints p50/p95 per query and variant and appends them (record.ts).
 */
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import {
  createEsClient,
  ElasticsearchBackend,
  esNames,
  facetFilters,
  hardFilters,
  parseSearch,
  sortClauses,
  type ValidSearch,
  visiblePage,
} from "#search-index/engine";
import { BOOL_FILTER_NAMES, BOOL_FILTERS, CODE_SETS, PAGE_SIZE } from "#shared/search/search-fields";
import { recordBenchmark } from "./record";
import { BENCH_QUERIES } from "./search-queries";

const ArgsSchema = z.object({
  url: z.string().url(),
  prefixes: z
    .string()
    .transform((list) => list.split(",").map((p) => p.trim()))
    .pipe(z.array(z.string().regex(/^[a-z0-9_]*$/)).min(1)),
  runs: z.coerce.number().int().min(3).max(500).default(15),
  "no-append": z.boolean().default(false),
});

type Json = Record<string, unknown>;

/** The single search body of decision 0036 (before 0044): facets counted in filter groups, one terms aggregation each. */
function oneBody(search: ValidSearch, page: number): Json {
  const facets = facetFilters(search);
  const type = search.resultType;
  const terms: Record<string, Json> = {
    sni: { terms: { field: search.bool.useMainSni ? "sniMain" : "sniAll", size: 2500 } },
    location: { terms: { field: search.bool.useLocation ? "placeOwn" : "placeAll", size: 500 } },
  };
  for (const name of ["companyForm", "fiscalYear", "employeeRange"] as const)
    if (CODE_SETS[name].types.includes(type)) terms[name] = { terms: { field: name, size: 100 } };
  for (const name of BOOL_FILTER_NAMES) if (BOOL_FILTERS[name].types.includes(type)) terms[name] = { terms: { field: name, size: 2 } };
  const aggs: Json = {};
  const groups = new Map<string, { filter: Json[]; aggs: Json }>();
  for (const [name, agg] of Object.entries(terms)) {
    const others = Object.keys(facets).filter((facet) => facet !== name);
    if (others.length === 0) {
      aggs[name] = agg;
      continue;
    }
    const group = groups.get(others.join(",")) ?? { filter: others.map((facet) => facets[facet] as Json), aggs: {} };
    (group.aggs as Json)[name] = agg;
    groups.set(others.join(","), group);
  }
  let n = 0;
  for (const group of groups.values()) aggs[`facets_${n++}`] = { filter: { bool: { filter: group.filter } }, aggs: group.aggs };
  return {
    track_total_hits: true,
    from: page * PAGE_SIZE,
    size: PAGE_SIZE,
    _source: ["record"],
    query: { bool: hardFilters(search) },
    post_filter: { bool: { filter: Object.values(facets) } },
    sort: sortClauses(search, search.seed),
    aggs,
  };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

async function main() {
  const { values } = parseArgs({
    options: { url: { type: "string" }, prefixes: { type: "string" }, runs: { type: "string" }, "no-append": { type: "boolean" } },
  });
  const args = ArgsSchema.parse(values);
  const client = createEsClient({ ELASTICSEARCH_URL: args.url, ELASTICSEARCH_DIALECT: "opensearch" });
  const queries = BENCH_QUERIES.filter((query) => !query.listFile);
  const variants = ["one body (0036)", "plan, uncached", "plan, repeated"] as const;
  const rows: { prefix: string; query: string; hits: number; times: Record<string, number[]> }[] = [];
  const bar = new SingleBar({ format: "levers [{bar}] {value}/{total} {name}", stream: process.stderr, noTTYOutput: true });
  bar.start(args.prefixes.length * queries.length, 0, { name: "" });
  for (const prefix of args.prefixes) {
    const names = esNames(prefix);
    const unpinned = new ElasticsearchBackend(client, names);
    const live = await unpinned.resolveLive();
    const cached = unpinned.pinnedTo(live);
    const uncached = cached.withRequestCache(false);
    for (const query of queries) {
      bar.increment(0, { name: `${prefix} ${query.name}` });
      const search = parseSearch(query.search);
      const page = visiblePage(query.page ?? 0);
      const index = live.indices[search.resultType];
      const single = () =>
        client.search({ index, request_cache: false, ...(oneBody(search, page) as object) }) as Promise<{
          hits: { total: { value: number } };
        }>;
      const run: Record<(typeof variants)[number], () => Promise<number>> = {
        "one body (0036)": async () => (await single()).hits.total.value,
        "plan, uncached": async () => (await uncached.search(search, { page })).hitCount,
        "plan, repeated": async () => (await cached.search(search, { page })).hitCount,
      };
      const hits = await Promise.all(variants.map((variant) => run[variant]()));
      if (new Set(hits).size !== 1) throw new Error(`${prefix} ${query.name}: the variants' hit counts differ: ${hits.join(", ")}`);
      const times: Record<string, number[]> = Object.fromEntries(variants.map((variant) => [variant, []]));
      for (let r = 0; r < args.runs; r++) {
        for (const variant of variants) {
          const started = performance.now();
          await run[variant]();
          times[variant]?.push(performance.now() - started);
        }
      }
      rows.push({ prefix, query: query.name, hits: hits[0] ?? 0, times });
      bar.increment(1);
    }
  }
  bar.stop();
  await client.close();
  const header = `| index set | query | hits | ${variants.map((v) => `${v} p50 ms | ${v} p95 ms`).join(" | ")} |`;
  const lines = rows.map(
    (row) =>
      `| ${row.prefix} | ${row.query} | ${row.hits.toLocaleString("sv-SE")} | ${variants
        .map((v) => `${ms(quantile(row.times[v] ?? [], 0.5))} | ${ms(quantile(row.times[v] ?? [], 0.95))}`)
        .join(" | ")} |`,
  );
  const command = `npm run bench:search-levers -- ${process.argv.slice(2).join(" ")}`.trim();
  const report = [
    `## Search cluster levers (issue 37), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Command: \`${command}\``,
    "",
    header,
    `| --- | --- | ---: | ${variants.map(() => "---: | ---:").join(" | ")} |`,
    ...lines,
    "",
    `${args.runs} runs per query and variant, interleaved, after one untimed run of each; one search at a time from this process over the production client (HTTP and JSON on loopback included).`,
    "",
  ].join("\n");
  console.log(report);
  if (args["no-append"]) return;
  await recordBenchmark(`\n${report}`, {
    area: "Search cluster levers",
    command,
    figures: rows.flatMap((row) =>
      variants.map((v) => ({
        figure: `${row.prefix} ${row.query}: ${v} p95`,
        value: Number(ms(quantile(row.times[v] ?? [], 0.95))),
        unit: "ms",
      })),
    ),
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
