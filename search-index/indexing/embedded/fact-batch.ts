/**
 * Column facts of many records at once, as typed arrays and an array of strings: what a reindex parse thread hands the
 * thread that builds the index (the arrays transferred, only the names, sort keys and words copied: no per-record
 * objects to deserialise). Reference codes are already node ids and code indexes, organisation numbers numbers, and
 * each batch's name words are distinct strings with per-record indexes into them, so the builder looks each word up
 * once per batch (docs/decisions/0028).
 */
import { COMPANY_CODE_SETS, COMPANY_VALUE_FIELDS, WORKSITE_CODE_SETS } from "../field-sources";
import { orgNoToNumber } from "../../text";
import type { BuildContext } from "./build-context";
import type { CompanyFacts, WorksiteFacts } from "./column-facts";
import { CsrBuilder, Growable } from "../../embedded/growable";
import type { Csr, EntityIndex, SmallCodeSet } from "../../embedded/index-types";
import { unknownNode } from "../../embedded/tree-index";

/** What both kinds carry: the index's own columns in insertion order, and the words. */
export interface EntityBatch extends Pick<EntityIndex, "count" | "ids" | "flags" | "mainSni" | "sniAll" | "municipality"> {
  /** SNI and municipality codes the reference data does not know. */
  unknownCodes: number;
  /**
   * The batch's strings; the distinct words start at `wordsFrom`. An array, not one joined string: copied across
   * threads each arrives as a flat string of its own, where slices of one string made the column index's sorts of sort
   * keys and words twice as slow at full size (docs/decisions/0028).
   */
  strings: string[];
  wordsFrom: number;
  /** Each record's name words as indexes into the batch's distinct words (0 = string `wordsFrom`). */
  words: Csr<Uint32Array>;
  /** Per flat code set of the kind (field-sources.ts), each record's code index (BuildContext.codeIndex). */
  codes: Partial<Record<SmallCodeSet, Uint8Array>>;
}

/** Companies: strings 2r and 2r + 1 are record r's name and sort key. */
export interface CompanyBatch extends EntityBatch {
  orgNo: Float64Array;
  ownerAges: Csr<Uint8Array>;
  /** COMPANY_VALUE_FIELDS field by field: value of field f for record r at f × count + r (NaN where missing). */
  values: Float64Array;
}

export interface WorksiteBatch extends EntityBatch {
  /** The company of each worksite. */
  orgSeqNo: Float64Array;
  activeFrom: Float64Array;
}

/** String k of a batch. */
export const batchString = (batch: EntityBatch, k: number): string => batch.strings[k] ?? "";

/** The buffers to transfer with a batch. */
export function batchBuffers(batch: CompanyBatch | WorksiteBatch): ArrayBuffer[] {
  const views = Object.values(batch).flatMap((value: unknown) => {
    if (ArrayBuffer.isView(value)) return [value];
    // A CSR's two arrays (and the strings, which are copied).
    if (typeof value === "object" && value !== null) return Object.values(value).filter((inner) => ArrayBuffer.isView(inner));
    return [];
  }) as ArrayBufferView[];
  return views.map((view) => view.buffer as ArrayBuffer);
}

class EntityBatchWriter {
  protected readonly ids = new Growable(Float64Array);
  protected readonly flags = new Growable(Uint16Array);
  private readonly mainSni = new Growable(Uint16Array);
  private readonly sniAll = new CsrBuilder(Uint16Array);
  private readonly municipality = new Growable(Uint16Array);
  private readonly wordRows = new CsrBuilder(Uint32Array);
  private readonly wordIds = new Map<string, number>();
  private readonly distinctWords: string[] = [];
  protected readonly strings: string[] = [];
  private unknownCodes = 0;
  private readonly codes: Growable<Uint8Array>[];

  constructor(
    protected readonly context: BuildContext,
    private readonly codeSets: readonly SmallCodeSet[],
  ) {
    this.codes = codeSets.map(() => new Growable(Uint8Array));
  }

  get count(): number {
    return this.ids.length;
  }

  protected addCommon(
    id: number,
    flags: number,
    sniCodes: readonly string[],
    municipalityCode: string,
    codes: readonly string[],
    words: readonly string[],
  ) {
    const { context } = this;
    this.codeSets.forEach((name, s) => this.codes[s]?.push(context.codeIndex(name, codes[s] ?? "")));
    const sniNodes = sniCodes.map((code) => context.sniNode(code));
    const municipality = context.locationNode(municipalityCode);
    const unknownSni = unknownNode(context.sni);
    for (const node of sniNodes) if (node === unknownSni) this.unknownCodes++;
    if (municipality === unknownNode(context.location)) this.unknownCodes++;
    this.ids.push(id);
    this.flags.push(flags);
    this.mainSni.push(sniNodes[0] ?? unknownSni);
    this.sniAll.add(context.withAncestors(context.sni, sniNodes));
    this.municipality.push(municipality);
    const row: number[] = [];
    for (const word of words) {
      let k = this.wordIds.get(word);
      if (k === undefined) {
        k = this.distinctWords.length;
        this.wordIds.set(word, k);
        this.distinctWords.push(word);
      }
      row.push(k);
    }
    this.wordRows.add(row);
  }

  protected finishCommon(): EntityBatch {
    const wordsFrom = this.strings.length;
    return {
      count: this.count,
      ids: this.ids.toArray(),
      flags: this.flags.toArray(),
      mainSni: this.mainSni.toArray(),
      sniAll: this.sniAll.build(),
      municipality: this.municipality.toArray(),
      unknownCodes: this.unknownCodes,
      strings: this.strings.concat(this.distinctWords),
      wordsFrom,
      words: this.wordRows.build(),
      codes: Object.fromEntries(this.codeSets.map((name, s) => [name, this.codes[s]?.toArray() ?? new Uint8Array(0)])),
    };
  }
}

export class CompanyBatchWriter extends EntityBatchWriter {
  private readonly orgNo = new Growable(Float64Array);
  private readonly ownerAges = new CsrBuilder(Uint8Array);
  private readonly values = COMPANY_VALUE_FIELDS.map(() => new Growable(Float64Array));

  constructor(context: BuildContext) {
    super(context, COMPANY_CODE_SETS);
  }

  add(facts: CompanyFacts): void {
    this.addCommon(facts.orgSeqNo, facts.flags, facts.sniCodes, facts.municipalityCode, facts.codes, facts.words);
    this.orgNo.push(orgNoToNumber(facts.orgNo));
    this.ownerAges.add(facts.ownerAges);
    this.values.forEach((column, i) => column.push(facts.values[i] ?? Number.NaN));
    this.strings.push(facts.name, facts.sortKey);
  }

  finish(): CompanyBatch {
    const count = this.count;
    const values = new Float64Array(count * this.values.length);
    this.values.forEach((column, f) => values.set(column.toArray(), f * count));
    return {
      ...this.finishCommon(),
      orgNo: this.orgNo.toArray(),
      ownerAges: this.ownerAges.build(),
      values,
    };
  }
}

export class WorksiteBatchWriter extends EntityBatchWriter {
  private readonly orgSeqNo = new Growable(Float64Array);
  private readonly activeFrom = new Growable(Float64Array);

  constructor(context: BuildContext) {
    super(context, WORKSITE_CODE_SETS);
  }

  add(facts: WorksiteFacts): void {
    this.addCommon(facts.id, facts.flags, facts.sniCodes, facts.municipalityCode, facts.codes, facts.words);
    this.orgSeqNo.push(facts.orgSeqNo);
    this.activeFrom.push(facts.activeFrom);
  }

  finish(): WorksiteBatch {
    return {
      ...this.finishCommon(),
      orgSeqNo: this.orgSeqNo.toArray(),
      activeFrom: this.activeFrom.toArray(),
    };
  }
}
