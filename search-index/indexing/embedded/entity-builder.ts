/** Columns every entity (company, worksite) has: id, flags, SNI, place, flat code sets, words. Shared by both builders. */
import type { BuildContext } from "./build-context";
import { batchString, type EntityBatch } from "./fact-batch";
import { CsrBuilder, Growable } from "../../embedded/growable";
import { NO_CODE, type SmallCodeSet } from "../../embedded/index-types";
import { WordIndexBuilder } from "../../embedded/word-index";

export class EntityColumnsBuilder {
  readonly ids = new Growable(Float64Array);
  readonly flags = new Growable(Uint16Array);
  readonly mainSni = new Growable(Uint16Array);
  readonly sniAll = new CsrBuilder(Uint16Array);
  readonly municipality = new Growable(Uint16Array);
  readonly words = new WordIndexBuilder();
  /** A code column per flat code set of the entity's result type (field-sources.ts), in declaration order. */
  readonly codes: Partial<Record<SmallCodeSet, Growable<Uint8Array>>>;
  unknownCodes = 0;

  constructor(
    protected readonly context: BuildContext,
    codeSets: readonly SmallCodeSet[],
  ) {
    this.codes = Object.fromEntries(codeSets.map((name) => [name, new Growable(Uint8Array)]));
  }

  get count(): number {
    return this.ids.length;
  }

  /** Appends a batch's id, flag, SNI and place columns (`flags` in place of the batch's own). */
  protected addBatchCommon(batch: EntityBatch, flags: ArrayLike<number>): void {
    this.ids.pushAll(batch.ids);
    this.flags.pushAll(flags);
    this.mainSni.pushAll(batch.mainSni);
    this.sniAll.addAll(batch.sniAll);
    this.municipality.pushAll(batch.municipality);
    for (const [name, column] of Object.entries(this.codes) as [SmallCodeSet, Growable<Uint8Array>][])
      column.pushAll(batch.codes[name] ?? new Uint8Array(batch.count).fill(NO_CODE));
    this.unknownCodes += batch.unknownCodes;
  }

  /** The dictionary ids of a batch's distinct words (index k: the batch's word k). */
  protected batchWordIds(batch: EntityBatch): Uint32Array {
    const ids = new Uint32Array(batch.strings.length - batch.wordsFrom);
    for (let k = 0; k < ids.length; k++) ids[k] = this.words.idOf(batchString(batch, batch.wordsFrom + k));
    return ids;
  }
}
