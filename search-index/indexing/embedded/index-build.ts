/**
 * Building one index version from column facts (column-facts.ts): companies first (all of them), then worksites,
 * one by one or as batches made elsewhere (fact-batch.ts: the reindex's parse threads). Single facts are gathered into
 * batches here, so both ways build through the same code. finish() returns the column index. Documents are stored
 * separately (d1-documents.ts for the embedded backend).
 */
import type { WorksiteCompanyInfo } from "../../documents";
import { assembleIndex } from "./assemble-index";
import { createBuildContext, type BuildContext } from "./build-context";
import type { CompanyFacts, WorksiteFacts } from "./column-facts";
import { CompanyColumnsBuilder } from "./company-builder";
import { CompanyBatchWriter, WorksiteBatchWriter, type CompanyBatch, type WorksiteBatch } from "./fact-batch";
import type { SearchIndex } from "../../embedded/index-types";
import { WorksiteColumnsBuilder } from "./worksite-builder";

/** Single facts gathered before they go to the builders as one batch. */
const BATCH_RECORDS = 4096;

export class IndexBuild {
  private readonly context: BuildContext = createBuildContext();
  private readonly companies = new CompanyColumnsBuilder(this.context);
  private worksites: WorksiteColumnsBuilder | null = null;
  private pendingCompanies: CompanyBatchWriter | null = null;
  private pendingWorksites: WorksiteBatchWriter | null = null;

  addCompany(facts: CompanyFacts): void {
    this.pendingCompanies ??= new CompanyBatchWriter(this.context);
    this.pendingCompanies.add(facts);
    if (this.pendingCompanies.count >= BATCH_RECORDS) this.flushCompanies();
  }

  /** Adds the companies of a batch (fact-batch.ts), after those added before. */
  addCompanyBatch(batch: CompanyBatch): void {
    this.flushCompanies();
    this.companies.addBatch(batch);
  }

  /** Adds a worksite (after every company); returns what the worksite document takes from its company. */
  addWorksite(facts: WorksiteFacts): WorksiteCompanyInfo {
    this.sealedWorksites();
    const position = this.companies.positionOf(facts.orgSeqNo);
    if (position < 0) throw new Error(`worksite ${facts.id}: unknown company orgSeqNo ${facts.orgSeqNo}`);
    this.addWorksiteColumns(facts);
    return this.companies.infoAt(position);
  }

  /** Adds a worksite without looking up its company's document facts (the reindex path). */
  addWorksiteColumns(facts: WorksiteFacts): void {
    this.sealedWorksites();
    this.pendingWorksites ??= new WorksiteBatchWriter(this.context);
    this.pendingWorksites.add(facts);
    if (this.pendingWorksites.count >= BATCH_RECORDS) this.flushWorksites();
  }

  /** Adds the worksites of a batch (after every company, and after the worksites added before). */
  addWorksiteBatch(batch: WorksiteBatch): void {
    this.flushWorksites();
    this.sealedWorksites().addBatch(batch);
  }

  private flushCompanies(): void {
    if (this.pendingCompanies) this.companies.addBatch(this.pendingCompanies.finish());
    this.pendingCompanies = null;
  }

  private flushWorksites(): void {
    if (this.pendingWorksites) this.sealedWorksites().addBatch(this.pendingWorksites.finish());
    this.pendingWorksites = null;
  }

  private sealedWorksites(): WorksiteColumnsBuilder {
    if (!this.worksites) {
      this.flushCompanies();
      this.companies.seal();
      this.worksites = new WorksiteColumnsBuilder(this.context, this.companies);
    }
    return this.worksites;
  }

  /** Codes in the source that the reference data does not know (counted, not indexed). */
  get unknownCodes(): number {
    this.flushCompanies();
    this.flushWorksites();
    return this.companies.unknownCodes + (this.worksites?.unknownCodes ?? 0);
  }

  finish(version: number): SearchIndex {
    const worksites = this.sealedWorksites();
    this.flushWorksites();
    return assembleIndex(this.context, this.companies, worksites, version);
  }
}
