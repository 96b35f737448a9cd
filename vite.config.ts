import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import { defineConfig, type Rollup } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

type ChunkMeta = Rollup.ManualChunkMeta;

interface ClientGraph {
  /** Each module that entries (entry.client and the route modules) reach through static imports: those entries. */
  reachedBy: Map<string, Set<string>>;
  /**
   * The modules that code fetched later (dynamic imports: the map, the tree editors…) shares with the one entry whose
   * code imports it: left in the route's file they would split it in two (its exports are fixed).
   */
  lazyReach: Set<string>;
}

function staticReach(meta: ChunkMeta, from: string, visit: (id: string) => boolean): void {
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (visit(id)) stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
}

function clientGraph(meta: ChunkMeta): ClientGraph {
  const ids = [...meta.getModuleIds()];
  const reachedBy = new Map<string, Set<string>>();
  for (const entry of ids.filter((id) => meta.getModuleInfo(id)?.isEntry))
    staticReach(meta, entry, (id) => {
      const by = reachedBy.get(id) ?? new Set<string>();
      reachedBy.set(id, by);
      return by.size < by.add(entry).size;
    });
  const lazyReach = new Set<string>();
  for (const importer of ids.filter((id) => reachedBy.get(id)?.size === 1)) {
    const [entry] = reachedBy.get(importer) ?? [];
    const seen = new Set<string>();
    for (const target of meta.getModuleInfo(importer)?.dynamicallyImportedIds ?? [])
      staticReach(meta, target, (id) => {
        if (entry !== undefined && reachedBy.get(id)?.has(entry)) lazyReach.add(id);
        return seen.size < seen.add(id).size;
      });
  }
  return { reachedBy, lazyReach };
}

let graph: ClientGraph | undefined;
/** The modules every page runs: the client's entry and the root route (whose first import is the base stylesheet). */
const EVERY_PAGE = /\/app\/(entry\.client|root)\.tsx$/;
const ZOD = /\/node_modules\/zod\//;

/**
 * zod and the modules that build schemas with it (the API's contracts, checked in the browser when an answer
 * arrives): one file of their own, which a page fetches alongside its first call that needs it, never in the search
 * screen's first load (decision 0063; scripts/check-client-bundle.ts fails the build otherwise).
 */
const buildsSchemas = (id: string, meta: ChunkMeta) =>
  ZOD.test(id) || (meta.getModuleInfo(id)?.importedIds ?? []).some((imported) => ZOD.test(imported));

/**
 * The client's chunks (docs/decisions/0053). Into one file with entry.client goes what more than one entry reaches
 * (React, Remix, the header, the API client…) and what code fetched later shares with a route. A route's own code
 * stays in its route's file. What only dynamic imports reach (the map, the histograms, the export designer, the
 * keyboard help, the tree editors) keeps files of its own, fetched when first opened.
 */
function clientChunkOf(id: string, meta: ChunkMeta): string | undefined {
  graph ??= clientGraph(meta);
  if (buildsSchemas(id, meta)) return "contracts";
  const by = graph.reachedBy.get(id);
  if (!by) return undefined;
  const shared = by.size > 1 || (by.size === 1 && graph.lazyReach.has(id)) || EVERY_PAGE.test(id);
  return shared ? "app" : undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remixCloudflareDevProxy(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // The whole route manifest at load (7 KB raw, 1.4 KB gzip for our 20 routes), not patches fetched at runtime: each
        // page asked /__manifest for its links' routes and rebuilt the router's route tree with the answer, a task on
        // a phone's main thread at hydration (decision 0070).
        v3_lazyRouteDiscovery: false,
      },
    }),
  ],
  server: { port: 5173 },
  // Pre-bundle the client's dependencies up front, so the first page load under `npm run dev` does not hit a
  // mid-load re-optimisation ("Invalid hook call").
  optimizeDeps: { include: ["zod", "react", "react-dom", "react-dom/client", "@remix-run/react"] },
  build: {
    target: "es2022",
    // The browser's code in a few files, not dozens: every file is a round trip on a phone's network (issue 48 point 6,
    // docs/decisions/0053). The worker's own build stays as Remix makes it.
    ...(isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: clientChunkOf } } }),
  },
}));
