import type { EntryContext } from "@remix-run/cloudflare";

type PageContext = Pick<EntryContext, "manifest" | "routeModules" | "staticHandlerContext">;

/**
 * The `Link` header of a page (issue 48 point 6): the stylesheets and JavaScript modules its head loads (the rendered
 * routes' modules, their imports and stylesheets, and those their `links` name), so the browser fetches them as soon
 * as the response's headers arrive rather than once it has parsed the head. On a phone's network every request costs
 * a round trip, and hydration waits for these. The e2e suite checks the header against the page's head.
 */
export function preloadLinks(context: PageContext): string {
  const { manifest } = context;
  const styles = new Set<string>();
  // The route manifest's own module (loaded in full since route discovery is not lazy: decision 0070).
  const modules = new Set<string>([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  for (const match of context.staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (!route) continue;
    for (const css of route.css ?? []) styles.add(css);
    modules.add(route.module);
    for (const imported of route.imports ?? []) modules.add(imported);
    for (const link of context.routeModules[match.route.id]?.links?.() ?? [])
      if ("rel" in link && link.rel === "stylesheet" && typeof link.href === "string") styles.add(link.href);
  }
  return [
    ...[...styles].map((href) => `<${href}>; rel=preload; as=style`),
    ...[...modules].map((href) => `<${href}>; rel=modulepreload`),
  ].join(", ");
}
