/** Columns every entity (company, worksite) has: id, flags, SNI, place, words. Shared by both builders. */
import type { BuildContext } from "./build-context";
import { batchString, type EntityBatch } from "./fact-batch";
import { CsrBuilder, Growable } from "../../embedded/growable";
import { WordIndexBuilder } from "../../embedded/word-index";

export class EntityColumnsBuilder {
  readonly ids = new Growable(Float64Array);
  readonly flags = new Growable(Uint16Array);
  readonly mainSni = new Growable(Uint16Array);
  readonly sniAll = new CsrBuilder(Uint16Array);
  readonly municipality = new Growable(Uint16Array);
  readonly words = new WordIndexBuilder();
  unknownCodes = 0;

  constructor(protected readonly context: BuildContext) {}

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
    this.unknownCodes += batch.unknownCodes;
  }

  /** The dictionary ids of a batch's distinct words (index k: the batch's word k). */
  protected batchWordIds(batch: EntityBatch): Uint32Array {
    const ids = new Uint32Array(batch.strings.length - batch.wordsFrom);
    for (let k = 0; k < ids.length; k++) ids[k] = this.words.idOf(batchString(batch, batch.wordsFrom + k));
    return ids;
  }
}
