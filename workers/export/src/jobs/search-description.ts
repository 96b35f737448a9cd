/**
 * The search in words for the 'Om urvalet' sheet: the shared description (#shared/search/search-description) with
 * the reference-data texts of the codes and the count of the list files' organisation numbers.
 */
import { searchCodeTexts } from "#search-index";
import { describeSearch as describe, type Criterion, type MarkedRows } from "#shared/search/search-description";
import type { Search } from "#shared/search/search-schema";

export type { Criterion, MarkedRows };

export function describeSearch(search: Search, marked: MarkedRows, listFileNumbers: number): Criterion[] {
  return describe(search, marked, searchCodeTexts, listFileNumbers);
}

/** Data sources named on 'Om urvalet'; SCB must be credited as "Källa: SCB". */
export const EXPORT_SOURCES = [
  "Källa: SCB (företagsregistret, branschindelning SNI 2007, regionindelning)",
  "Bolagsverket (företagsuppgifter, befattningshavare, årsredovisningar)",
];
