/** Company columns from batches of column facts (insertion order), sealed into final order by orgSeqNo. */
import type { WorksiteCompanyInfo } from "../../documents";
import { COMPANY_VALUE_FIELDS, type CompanyValueField } from "../field-sources";
import type { BuildContext } from "./build-context";
import { EntityColumnsBuilder } from "./entity-builder";
import { batchString, type CompanyBatch } from "./fact-batch";
import { CsrBuilder, Growable } from "../../embedded/growable";
import { FLAG_BITS, KNOWN_BITS } from "../../embedded/index-types";
import { flagOf } from "./flag-bit";
import { lowerBound, sortOrder } from "../../embedded/ranks";
import { COMPANY_CODE_SETS, INHERITED_FLAGS } from "../field-sources";

/** The bits a worksite takes over: each inherited flag's, and its known bit where it may be unknown. */
const INHERITED_MASK = INHERITED_FLAGS.reduce((mask, name) => {
  const known = KNOWN_BITS[name];
  return mask | (1 << FLAG_BITS[name]) | (known === undefined ? 0 : 1 << known);
}, 0);

export class CompanyColumnsBuilder extends EntityColumnsBuilder {
  readonly orgNo = new Growable(Float64Array);
  readonly ownerAges = new CsrBuilder(Uint8Array);
  readonly values = Object.fromEntries(COMPANY_VALUE_FIELDS.map((f) => [f, new Growable(Float64Array)])) as Record<
    CompanyValueField,
    Growable<Float64Array>
  >;
  readonly sortKeys: string[] = [];
  readonly names: string[] = [];
  /** Final order (positions sorted by orgSeqNo), set by seal(). */
  order: Uint32Array | null = null;
  private sortedIds: Float64Array | null = null;

  constructor(context: BuildContext) {
    super(context, COMPANY_CODE_SETS);
  }

  addBatch(batch: CompanyBatch): void {
    if (this.sortedIds) throw new Error("companies are sealed");
    this.addBatchCommon(batch, batch.flags);
    const wordIds = this.batchWordIds(batch);
    const { offsets, values } = batch.words;
    for (let r = 0; r < batch.count; r++) {
      const row: number[] = [];
      for (let k = offsets[r] ?? 0; k < (offsets[r + 1] ?? 0); k++) row.push(wordIds[values[k] ?? 0] ?? 0);
      this.words.addIds(row);
      this.names.push(batchString(batch, 2 * r));
      this.sortKeys.push(batchString(batch, 2 * r + 1));
    }
    this.orgNo.pushAll(batch.orgNo);
    this.ownerAges.addAll(batch.ownerAges);
    COMPANY_VALUE_FIELDS.forEach((field, f) => this.values[field].pushAll(batch.values.subarray(f * batch.count, (f + 1) * batch.count)));
  }

  /** Fixes the final order; worksites can then find their company. */
  seal(): void {
    const ids = this.ids.toArray();
    this.order = sortOrder(ids);
    this.sortedIds = this.order ? Float64Array.from(this.order, (i) => ids[i] ?? 0) : ids;
    for (let i = 1; i < this.sortedIds.length; i++) {
      if (this.sortedIds[i] === this.sortedIds[i - 1]) throw new Error(`duplicate orgSeqNo ${this.sortedIds[i]}`);
    }
  }

  /** Final position of a company, -1 when unknown. */
  positionOf(orgSeqNo: number): number {
    if (!this.sortedIds) throw new Error("seal() first");
    const f = lowerBound(this.sortedIds, orgSeqNo);
    return this.sortedIds[f] === orgSeqNo ? f : -1;
  }

  insertionOf(position: number): number {
    return this.order ? (this.order[position] ?? 0) : position;
  }

  /** The flags a worksite takes over from its company (field-sources.ts INHERITED_FLAGS; by final position). */
  registrationFlagsAt(position: number): number {
    return this.flags.get(this.insertionOf(position)) & INHERITED_MASK;
  }

  /** What a worksite needs from its company (by final position). */
  infoAt(position: number): WorksiteCompanyInfo {
    const i = this.insertionOf(position);
    const flags = this.flags.get(i);
    const value = (field: CompanyValueField) => {
      const v = this.values[field].get(i);
      return Number.isNaN(v) ? null : v;
    };
    return {
      name: this.names[i] ?? "",
      fTaxReg: flagOf(flags, "fTax"),
      vatReg: flagOf(flags, "vatReg"),
      employerReg: flagOf(flags, "employerReg"),
      turnover: value("turnover"),
      earnings: value("earnings"),
      numEmployees: value("numEmployees"),
    };
  }
}
