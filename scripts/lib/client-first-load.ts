/**
 * A page's first load from the client build (build/client), as the browser fetches it before any interaction:
 * Remix's manifest (assets/manifest-*.js, itself a script the page loads), the entry's module and the module and
 * imports of each route the page renders. Sizes gzip-compressed at level 6, as bench:ui measures them.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface FirstLoadFile {
  file: string;
  bytes: number;
  gzipBytes: number;
  /** The file holds zod (its classes name themselves "ZodString", "$ZodType"…, which minifying keeps). */
  hasZod: boolean;
}

interface RemixManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
}

/**
 * The signed-in pages and the sign-in page (Lighthouse measures the first four, issue 48 point 6) and the routes each
 * renders: their files, the entry and the manifest are what a page loads before any interaction. None of them holds
 * zod: a page loads it with the first call whose answer it checks (decision 0063).
 */
export const FIRST_LOADS = [
  { page: "/sok", routes: ["root", "routes/_auth", "routes/_auth.sok"], budgetKb: 150 },
  { page: "/", routes: ["root", "routes/_auth", "routes/_auth._index"], budgetKb: 150 },
  { page: "/logga-in", routes: ["root", "routes/_public", "routes/_public.logga-in.($codeId)"], budgetKb: 150 },
  { page: "/exporter", routes: ["root", "routes/_auth", "routes/_auth.exporter"], budgetKb: 150 },
  { page: "/bevakningar", routes: ["root", "routes/_auth", "routes/_auth.bevakningar"], budgetKb: 150 },
  { page: "/api-nycklar", routes: ["root", "routes/_auth", "routes/_auth.api-nycklar"], budgetKb: 150 },
];

const ZOD_MARK = /"\$?Zod[A-Z]\w*"/;

/** The manifest's file (under /assets) and its contents. */
function readManifest(clientDir: string): { file: string; manifest: RemixManifest } {
  const name = readdirSync(path.join(clientDir, "assets")).find((file) => /^manifest-\w+\.js$/.test(file));
  if (!name) throw new Error(`no assets/manifest-*.js in ${clientDir}: build the client first (npm run build)`);
  const text = readFileSync(path.join(clientDir, "assets", name), "utf8");
  const json = text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "");
  return { file: `/assets/${name}`, manifest: JSON.parse(json) as RemixManifest };
}

/** The files of a page that renders `routeIds` (e.g. root, routes/_auth, routes/_auth.sok), each once. */
export function firstLoadOf(clientDir: string, routeIds: readonly string[]): FirstLoadFile[] {
  const { file, manifest } = readManifest(clientDir);
  const files = new Set([file, manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the client manifest`);
    for (const module of [route.module, ...(route.imports ?? [])]) files.add(module);
  }
  return [...files].map((name) => {
    const body = readFileSync(path.join(clientDir, name));
    return { file: name, bytes: body.length, gzipBytes: gzipSync(body, { level: 6 }).length, hasZod: ZOD_MARK.test(body.toString("utf8")) };
  });
}
