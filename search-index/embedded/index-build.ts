/**
 * Building one index version from column facts (column-facts.ts): companies first (all of them), then worksites.
 * finish() returns the column index. Documents are stored separately (d1-documents.ts for the embedded backend).
 */
import type { WorksiteCompanyInfo } from "../documents";
import { assembleIndex } from "./assemble-index";
import { createBuildContext, type BuildContext } from "./build-context";
import type { CompanyFacts, WorksiteFacts } from "./column-facts";
import { CompanyColumnsBuilder } from "./company-builder";
import type { SearchIndex } from "./index-types";
import { WorksiteColumnsBuilder } from "./worksite-builder";

export class IndexBuild {
  private readonly context: BuildContext = createBuildContext();
  private readonly companies = new CompanyColumnsBuilder(this.context);
  private worksites: WorksiteColumnsBuilder | null = null;

  addCompany(facts: CompanyFacts): void {
    this.companies.add(facts);
  }

  /** Adds a worksite (after every company); returns what the worksite document takes from its company. */
  addWorksite(facts: WorksiteFacts): WorksiteCompanyInfo {
    return this.companies.infoAt(this.sealedWorksites().add(facts));
  }

  /** Adds a worksite without looking up its company's document facts (the reindex path). */
  addWorksiteColumns(facts: WorksiteFacts): void {
    this.sealedWorksites().add(facts);
  }

  private sealedWorksites(): WorksiteColumnsBuilder {
    if (!this.worksites) {
      this.companies.seal();
      this.worksites = new WorksiteColumnsBuilder(this.context, this.companies);
    }
    return this.worksites;
  }

  /** Codes in the source that the reference data does not know (counted, not indexed). */
  get unknownCodes(): number {
    return this.companies.unknownCodes + (this.worksites?.unknownCodes ?? 0);
  }

  finish(version: number): SearchIndex {
    return assembleIndex(this.context, this.companies, this.sealedWorksites(), version);
  }
}
