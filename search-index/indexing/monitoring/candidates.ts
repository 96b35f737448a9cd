/** The candidates of Bevakning's saved-search evaluation (stage.ts): the source records of some companies in one version. */
import { buildWorksiteRecord, companyInfoOf } from "../../documents";
import type { CompanySourceRecord, WorksiteSourceRecord } from "../../records";
import type { WorksitePlace } from "../worksite-changes";

export interface CandidateSources {
  version: number;
  companies: Map<number, CompanySourceRecord>;
  worksites: WorksiteSourceRecord[];
  /** The worksites' records by company, where a backend reads them instead of `worksites` (Elasticsearch). */
  worksitePlaces?: Map<number, WorksitePlace[]>;
}

/** The worksites' records of each company, as the search results show them (worksite-changes.ts compares them). */
export function worksitePlacesOf(sources: CandidateSources): Map<number, WorksitePlace[]> {
  if (sources.worksitePlaces) return sources.worksitePlaces;
  const places = new Map<number, WorksitePlace[]>();
  for (const worksite of sources.worksites) {
    const company = sources.companies.get(worksite.orgSeqNo);
    if (company)
      places.set(worksite.orgSeqNo, [...(places.get(worksite.orgSeqNo) ?? []), buildWorksiteRecord(worksite, companyInfoOf(company))]);
  }
  return places;
}
