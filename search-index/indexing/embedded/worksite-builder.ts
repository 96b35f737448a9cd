/** Worksite columns from batches of column facts; needs the sealed companies (registrations, name words). */
import type { BuildContext } from "./build-context";
import type { CompanyColumnsBuilder } from "./company-builder";
import { EntityColumnsBuilder } from "./entity-builder";
import type { WorksiteBatch } from "./fact-batch";
import { Growable } from "../../embedded/growable";
import { isNameWord } from "../../embedded/word-index";
import { WORKSITE_CODE_SETS } from "../field-sources";

export class WorksiteColumnsBuilder extends EntityColumnsBuilder {
  /** Final position of each worksite's company. */
  readonly company = new Growable(Uint32Array);
  readonly activeFrom = new Growable(Float64Array);
  /** The companies' word ids → this dictionary's ids (-2: not looked up yet, -1: not a name word). */
  private companyWords: Int32Array | null = null;

  constructor(
    context: BuildContext,
    private readonly companies: CompanyColumnsBuilder,
  ) {
    super(context, WORKSITE_CODE_SETS);
  }

  /** Adds a batch of worksites: each takes its company's registrations and name words (not its address or people). */
  addBatch(batch: WorksiteBatch): void {
    const positions = new Uint32Array(batch.count);
    const flags = Uint16Array.from(batch.flags);
    const wordIds = this.batchWordIds(batch);
    const { offsets, values } = batch.words;
    for (let r = 0; r < batch.count; r++) {
      const orgSeqNo = batch.orgSeqNo[r] ?? 0;
      const position = this.companies.positionOf(orgSeqNo);
      if (position < 0) throw new Error(`worksite ${batch.ids[r]}: unknown company orgSeqNo ${orgSeqNo}`);
      positions[r] = position;
      flags[r] = (flags[r] ?? 0) | this.companies.registrationFlagsAt(position);
      const row: number[] = [];
      for (let k = offsets[r] ?? 0; k < (offsets[r + 1] ?? 0); k++) row.push(wordIds[values[k] ?? 0] ?? 0);
      for (const companyWord of this.companies.words.row(this.companies.insertionOf(position))) {
        const id = this.fromCompanyWord(companyWord);
        if (id >= 0 && !row.includes(id)) row.push(id);
      }
      this.words.addIds(row);
    }
    this.addBatchCommon(batch, flags);
    this.company.pushAll(positions);
    this.activeFrom.pushAll(batch.activeFrom);
  }

  /** This dictionary's id of a name word of the companies' dictionary; -1 for their address and people words. */
  private fromCompanyWord(companyWord: number): number {
    this.companyWords ??= new Int32Array(this.companies.words.size).fill(-2);
    let id = this.companyWords[companyWord] ?? -2;
    if (id === -2) {
      const word = this.companies.words.wordOf(companyWord);
      id = isNameWord(word) ? this.words.idOf(word) : -1;
      this.companyWords[companyWord] = id;
    }
    return id;
  }
}
