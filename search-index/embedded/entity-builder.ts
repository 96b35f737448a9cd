/** Columns every entity (company, worksite) has: id, flags, SNI, place, words. Shared by both builders. */
import type { BoolFilter } from "../../workers/shared/search/search-fields";
import type { BuildContext } from "./build-context";
import { CsrBuilder, Growable } from "./growable";
import { FLAG_BITS } from "./index-types";
import { unknownNode } from "./tree-index";
import { WordIndexBuilder } from "./word-index";

/** The flag bits of a record; `bit(name, on)` sets one. */
export const bit = (name: BoolFilter, on: boolean): number => (on ? 1 << FLAG_BITS[name] : 0);

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

  /** `words`: the record's distinct name words (text.ts tokenize). */
  addCommon(id: number, flags: number, sniCodes: readonly string[], municipalityCode: string, words: readonly string[]): void {
    const sniNodes = sniCodes.map((code) => this.context.sniNode(code));
    const municipality = this.context.locationNode(municipalityCode);
    const unknownSni = unknownNode(this.context.sni);
    this.unknownCodes += sniNodes.filter((n) => n === unknownSni).length + (municipality === unknownNode(this.context.location) ? 1 : 0);
    this.ids.push(id);
    this.flags.push(flags);
    this.mainSni.push(sniNodes[0] ?? unknownSni);
    this.sniAll.add(this.context.withAncestors(this.context.sni, sniNodes));
    this.municipality.push(municipality);
    this.words.add(words);
  }
}
