/**
 * Building one index version from source records: companies first (all of them), then worksites. Each add returns
 * the record's documents for the caller to store (D1 for the embedded backend); finish() returns the column index.
 */
import type { CompanyDetail, CompanyRecord, WorksiteRecord } from "../../workers/shared/search/result-schemas";
import { buildCompanyDetail, buildCompanyRecord, buildWorksiteRecord } from "../documents";
import type { CompanySourceRecord, WorksiteSourceRecord } from "../records";
import { assembleIndex } from "./assemble-index";
import { createBuildContext, type BuildContext } from "./build-context";
import { CompanyColumnsBuilder } from "./company-builder";
import type { SearchIndex } from "./index-types";
import { WorksiteColumnsBuilder } from "./worksite-builder";

export interface CompanyDocuments {
  record: CompanyRecord;
  detail: CompanyDetail;
}

export class IndexBuild {
  private readonly context: BuildContext = createBuildContext();
  private readonly companies = new CompanyColumnsBuilder(this.context);
  private worksites: WorksiteColumnsBuilder | null = null;

  addCompany(source: CompanySourceRecord): CompanyDocuments {
    this.companies.add(source);
    return { record: buildCompanyRecord(source), detail: buildCompanyDetail(source) };
  }

  addWorksite(source: WorksiteSourceRecord): WorksiteRecord {
    if (!this.worksites) {
      this.companies.seal();
      this.worksites = new WorksiteColumnsBuilder(this.context, this.companies);
    }
    const company = this.worksites.add(source);
    return buildWorksiteRecord(source, company);
  }

  /** Codes in the source that the reference data does not know (counted, not indexed). */
  get unknownCodes(): number {
    return this.companies.unknownCodes + (this.worksites?.unknownCodes ?? 0);
  }

  finish(version: number): SearchIndex {
    if (!this.worksites) {
      this.companies.seal();
      this.worksites = new WorksiteColumnsBuilder(this.context, this.companies);
    }
    return assembleIndex(this.context, this.companies, this.worksites, version);
  }
}
