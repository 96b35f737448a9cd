/** Deterministic synthetic Bevakning subscriptions for bench:monitoring: saved company searches and watched companies. */
import { counties } from "#search-index/engine";
import type { SavedSearchRow } from "#search-index/indexing";
import { Rng } from "../data/generator/random";
import { SearchSchema, type SearchInput } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";

const COUNTIES = counties.map((county) => county.code);
const SECTIONS = ["C", "F", "G", "H", "I", "J", "K", "L", "M", "N", "P", "Q", "R", "S"];

export interface BenchSubscriptions {
  userIds: string[];
  searches: SavedSearchRow[];
  watched: { user_id: string; org_seq_no: number }[];
}

/** A prospecting search as users make them: a county, often an industry, sometimes a size or a flag. */
function randomSearch(rng: Rng): SearchInput {
  const input: SearchInput = { codeSet: { location: [rng.pick(COUNTIES)] } };
  if (rng.chance(0.6)) input.codeSet = { ...input.codeSet, sni: [rng.pick(SECTIONS)] };
  if (rng.chance(0.3)) input.range = { numEmployees: `${rng.pick([1, 5, 10, 50])}_` };
  if (rng.chance(0.3)) input.bool = { fTax: true };
  return input;
}

export function syntheticSubscriptions(
  companyIds: number[],
  counts: { searches: number; watched: number; users: number },
): BenchSubscriptions {
  const rng = new Rng(16);
  const userIds = Array.from({ length: counts.users }, (_, i) => `bench-user-${String(i).padStart(5, "0")}`);
  const searches: SavedSearchRow[] = Array.from({ length: counts.searches }, (_, i) => ({
    id: `benchsearch${String(i).padStart(5, "0")}`,
    user_id: userIds[i % userIds.length]!,
    serialized_search: serializeSearch(SearchSchema.parse(randomSearch(rng))),
    hit_count: 0,
    checked_version: 1,
  }));
  const seen = new Set<string>();
  const watched: BenchSubscriptions["watched"] = [];
  for (let i = 0; watched.length < Math.min(counts.watched, companyIds.length * userIds.length); i++) {
    const user = userIds[i % userIds.length]!;
    const id = companyIds[rng.int(0, companyIds.length - 1)]!;
    if (seen.has(`${user}:${id}`)) continue;
    seen.add(`${user}:${id}`);
    watched.push({ user_id: user, org_seq_no: id });
  }
  return { userIds, searches, watched };
}
