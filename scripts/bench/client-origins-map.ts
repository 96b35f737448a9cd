/**
 * bench:client-origins' attribution: the origin of each byte of a minified client file, read from its source map.
 */
import type { SourceMapConsumer } from "source-map-js";

export const ORIGINS = ["React DOM", "React", "Remix and React Router", "other packages", "Urval"] as const;
export type Origin = (typeof ORIGINS)[number];
export type Attributed = Origin | "unmapped";

/** The origin of a module a source map names (a path through node_modules, one of ours, or a bundler helper's name). */
export function originOf(source: string): Origin {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg === undefined) return /(^|\/)(app|workers)\//.test(source) ? "Urval" : "other packages";
  if (pkg === "react-dom" || pkg === "scheduler") return "React DOM";
  if (pkg === "react") return "React";
  if (pkg.startsWith("@remix-run/") || pkg === "react-router" || pkg === "react-router-dom" || pkg === "turbo-stream")
    return "Remix and React Router";
  return "other packages";
}

/**
 * Each origin's bytes in a minified file: a mapped segment runs from its generated position to the next segment's
 * (or its line's end) and belongs to its source's origin. What no segment covers (line breaks, text before a line's
 * first segment, segments without a source) is unmapped, so the parts add up to the file.
 */
export function bytesByOrigin(code: string, map: Pick<SourceMapConsumer, "eachMapping">): Map<Attributed, number> {
  const lineLengths = code.split("\n").map((line) => line.length);
  const bytes = new Map<Attributed, number>();
  const add = (origin: Attributed, n: number) => bytes.set(origin, (bytes.get(origin) ?? 0) + n);
  let open: { line: number; column: number; origin: Origin | null } | null = null;
  const close = (line: number, column: number) => {
    if (open?.origin) add(open.origin, (open.line === line ? column : (lineLengths[open.line - 1] ?? 0)) - open.column);
  };
  map.eachMapping((mapping) => {
    close(mapping.generatedLine, mapping.generatedColumn);
    open = { line: mapping.generatedLine, column: mapping.generatedColumn, origin: mapping.source ? originOf(mapping.source) : null };
  });
  close(-1, 0);
  const mapped = [...bytes.values()].reduce((sum, n) => sum + n, 0);
  add("unmapped", code.length - mapped);
  return bytes;
}
