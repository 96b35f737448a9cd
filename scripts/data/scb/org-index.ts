/**
 * Where each organisation's SCB row is: orgSeqNo → line number and byte offset, in typed arrays (about 20 bytes per
 * organisation, so the 1.8 M rows of the real file fit easily). Numbers seen on more than one line are marked
 * duplicated; joined ones are marked used, so the rest can be written as SCB-only companies afterwards.
 */
export interface IndexedRow {
  lineNo: number;
  offset: number;
}

export class OrgIndex {
  private readonly slots = new Map<number, number>();
  private lines = new Float64Array(1 << 16);
  private offsets = new Float64Array(1 << 16);
  private readonly duplicated = new Set<number>();
  private readonly used = new Set<number>();

  get size(): number {
    return this.slots.size;
  }

  /** Records a row; returns the first row's line number when the organisation is already indexed. */
  add(orgSeqNo: number, row: IndexedRow): number | null {
    const slot = this.slots.get(orgSeqNo);
    if (slot !== undefined) {
      this.duplicated.add(orgSeqNo);
      return this.lines[slot] ?? null;
    }
    const next = this.slots.size;
    if (next === this.lines.length) this.grow();
    this.lines[next] = row.lineNo;
    this.offsets[next] = row.offset;
    this.slots.set(orgSeqNo, next);
    return null;
  }

  private grow(): void {
    const grown = (from: Float64Array) => {
      const to = new Float64Array(from.length * 2);
      to.set(from);
      return to;
    };
    this.lines = grown(this.lines);
    this.offsets = grown(this.offsets);
  }

  isDuplicated(orgSeqNo: number): boolean {
    return this.duplicated.has(orgSeqNo);
  }

  /** The organisation's single row (none when absent or duplicated). */
  find(orgSeqNo: number): IndexedRow | null {
    const slot = this.slots.get(orgSeqNo);
    if (slot === undefined || this.duplicated.has(orgSeqNo)) return null;
    return { lineNo: this.lines[slot] ?? 0, offset: this.offsets[slot] ?? 0 };
  }

  markUsed(orgSeqNo: number): void {
    this.used.add(orgSeqNo);
  }

  /** True when this line is the organisation's single row and no Bolagsverket record took it. */
  isUnjoinedRow(orgSeqNo: number, lineNo: number): boolean {
    return !this.used.has(orgSeqNo) && this.find(orgSeqNo)?.lineNo === lineNo;
  }
}
