/**
 * How this document was loaded: the navigation entry's type ("navigate", "reload", "back_forward", "prerender"), or
 * null where the browser cannot say. A page's first sessionStorage or localStorage access waits for the browser to load
 * the site's storage (decisions 0071, 0072), so what only a reload or a return through the history can have stored is
 * looked for only after such a load.
 */
export function documentLoadType(): NavigationTimingType | null {
  try {
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return entry?.type ?? null;
  } catch {
    return null;
  }
}
