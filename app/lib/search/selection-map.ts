/**
 * The selection on a map (issue 39 point 1), the pure part: the shading classes with their legend, which level the
 * map shows (counties, or one county's municipalities), its areas with the location facet's counts of the search on
 * screen (results.aggregations.location: no extra query), and the search a click on an area runs.
 */
import { formatNumber } from "#shared/format";
import type { Aggregations } from "#shared/search/result-schemas";
import type { Search } from "#shared/search/search-schema";

export const MAP_CLASSES = 5;

export interface MapClass {
  /** 1…MAP_CLASSES; 0 is "none". */
  shade: number;
  from: number;
  to: number;
  label: string;
}

/**
 * Up to MAP_CLASSES classes over 1…max with upper bounds on a square-root scale, so that the many small places are
 * told apart and not only the metropolitan ones; classes that would be empty ranges are left out.
 */
export function mapClasses(max: number): MapClass[] {
  const classes: MapClass[] = [];
  let from = 1;
  for (let i = 1; i <= MAP_CLASSES && from <= max; i++) {
    const to = i === MAP_CLASSES ? max : Math.max(from, Math.ceil((max * i * i) / (MAP_CLASSES * MAP_CLASSES)));
    classes.push({ shade: i, from, to, label: from === to ? formatNumber(from) : `${formatNumber(from)}–${formatNumber(to)}` });
    from = to + 1;
  }
  // Shades spread over the whole scale when there are fewer classes than shades.
  return classes.map((c, i) => ({
    ...c,
    shade: classes.length === 1 ? MAP_CLASSES : Math.round(1 + (i * (MAP_CLASSES - 1)) / (classes.length - 1)),
  }));
}

export function shadeOf(count: number, classes: readonly MapClass[]): number {
  if (count <= 0) return 0;
  return classes.find((c) => count <= c.to)?.shade ?? classes.at(-1)?.shade ?? 0;
}

export interface MapArea {
  code: string;
  name: string;
  count: number;
  /** Left out by the search ("Uteslut", issue 46): the place or the county it lies in is excluded. */
  excluded: boolean;
}

/** Places as the map knows them: code, name and (for municipalities) the county. */
export interface PlaceShape {
  code: string;
  name: string;
  county?: string;
}

/**
 * The areas of a level with their counts of the search on screen (a place without hits counts 0). An excluded place
 * keeps its count, as its row in the place tree does (the facet counts the places whatever the place filter says), and
 * is marked so the map does not shade it as if it were searched.
 */
export function mapAreas(
  shapes: readonly PlaceShape[],
  aggregations: Aggregations | null,
  county: string | null,
  excluded: readonly string[] = [],
): MapArea[] {
  const counts = aggregations?.location ?? {};
  return shapes
    .filter((shape) => county === null || shape.county === county)
    .map((shape) => ({
      code: shape.code,
      name: shape.name,
      count: counts[shape.code] ?? 0,
      excluded: excluded.some((code) => shape.code.startsWith(code)),
    }));
}

/** The county whose municipalities open by themselves: the one county the search is limited to, if any. */
export function chosenCounty(search: Search): string | null {
  const codes = search.codeSet.location ?? [];
  const counties = new Set(codes.map((code) => code.slice(0, 2)));
  return codes.length > 0 && counties.size === 1 ? [...counties][0]! : null;
}

/**
 * A click on an area: the search limited to that place, everything else kept, except the exclusions of that place or
 * of the county it lies in (a search may not both choose and exclude a place); exclusions inside it stay ("Stockholms
 * län utom Solna").
 */
export function searchForPlace(search: Search, code: string): Search {
  const { location: excluded = [], ...otherExclusions } = search.excludeCodeSet;
  const kept = excluded.filter((other) => !code.startsWith(other));
  return {
    ...search,
    codeSet: { ...search.codeSet, location: [code] },
    excludeCodeSet: kept.length > 0 ? { ...otherExclusions, location: kept } : otherExclusions,
  };
}

/** Whether the search is limited to exactly this place (a second click on it opens its municipalities). */
export function isOnlyPlace(search: Search, code: string): boolean {
  const codes = search.codeSet.location ?? [];
  return codes.length === 1 && codes[0] === code;
}

/** The viewBox around SVG paths of absolute "x y" points (a county's municipalities), with a small margin. */
export function viewBoxOf(paths: readonly string[]): string {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const d of paths) {
    for (const [, x, y] of d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)) {
      const [px, py] = [Number(x), Number(y)];
      [minX, minY, maxX, maxY] = [Math.min(minX, px), Math.min(minY, py), Math.max(maxX, px), Math.max(maxY, py)];
    }
  }
  if (!Number.isFinite(minX)) return "0 0 400 897";
  const margin = Math.max(maxX - minX, maxY - minY) * 0.02;
  const round = (n: number) => Math.round(n * 10) / 10;
  return [minX - margin, minY - margin, maxX - minX + 2 * margin, maxY - minY + 2 * margin].map(round).join(" ");
}
