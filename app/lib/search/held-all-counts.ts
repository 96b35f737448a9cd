/**
 * The all-of-Sweden counts (`<facet>_all` in a search answer's aggregations) the browser holds, per index version
 * (issue 48 point 6, docs/decisions/0060). They are the same for every search on one version, so the browser names the
 * version it holds (X-Held-Index-Version) and the API leaves them out of answers from that version (allCounts
 * "omitted"); they are put back here, so the screen always sees whole answers. The last two versions are kept, for an
 * answer that was asked for before a reindex and arrives after the first answer of the new version.
 */
import type { SearchPageAnswer } from "#shared/api-contracts/search-api";
import type { Aggregations } from "#shared/search/result-schemas";

const KEPT_VERSIONS = 2;

export class HeldAllCounts {
  private readonly byVersion = new Map<number, Aggregations>();

  /** The version to name in X-Held-Index-Version: the newest held, or null. */
  held(): number | null {
    let newest: number | null = null;
    for (const version of this.byVersion.keys()) if (newest === null || version > newest) newest = version;
    return newest;
  }

  /** Keeps an answer's all-of-Sweden counts when it has them. */
  remember(answer: SearchPageAnswer): void {
    if (answer.allCounts !== "included") return;
    const all: Aggregations = {};
    for (const [name, counts] of Object.entries(answer.results.aggregations)) if (name.endsWith("_all")) all[name] = counts;
    if (Object.keys(all).length === 0) return;
    this.byVersion.delete(answer.indexVersion);
    this.byVersion.set(answer.indexVersion, all);
    while (this.byVersion.size > KEPT_VERSIONS) {
      const [oldest] = [...this.byVersion.keys()].sort((a, b) => a - b);
      if (oldest === undefined) break;
      this.byVersion.delete(oldest);
    }
  }

  /**
   * The answer whole: its all-of-Sweden counts put back when the API left them out (remembered when it sent them);
   * null when they were left out for a version no longer held (the caller asks again without naming one).
   */
  complete(answer: SearchPageAnswer): SearchPageAnswer | null {
    if (answer.allCounts === "included") {
      this.remember(answer);
      return answer;
    }
    const all = this.byVersion.get(answer.indexVersion);
    if (!all) return null;
    return { ...answer, allCounts: "included", results: { ...answer.results, aggregations: { ...answer.results.aggregations, ...all } } };
  }
}

/** The page's one store: every search of the page (the search screen, the start page's buttons) shares it. */
export const heldAllCounts = new HeldAllCounts();
