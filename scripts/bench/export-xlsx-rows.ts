/**
 * Benchmark rows: a pool of 2 000 distinct synthetic company records (about 3 MB of sheet XML, far more than deflate's
 * 32 KiB window, so the repetition does not flatter compression), handed out as fresh copies (new orgSeqNo) so
 * every row is a new object, as rows read from a search backend are. Both contenders get exactly the same rows.
 */
import type { CompanyRecord } from "#shared/search/result-schemas";
import { companyRecord } from "#tests/support/xlsx/sample-records";

const POOL_SIZE = 2_000;

export function createRowSource(seed = 1) {
  const pool = Array.from({ length: POOL_SIZE }, (_, i) => companyRecord(i, seed));
  const row = (i: number): CompanyRecord => ({ ...pool[i % POOL_SIZE]!, orgSeqNo: i + 1 });
  async function* chunks(count: number, chunkSize = 1000): AsyncGenerator<CompanyRecord[]> {
    for (let start = 0; start < count; start += chunkSize) {
      const chunk: CompanyRecord[] = [];
      for (let i = start; i < Math.min(count, start + chunkSize); i++) chunk.push(row(i));
      yield chunk;
    }
  }
  return { row, chunks };
}
