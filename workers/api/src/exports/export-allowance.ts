/**
 * What a user may export of a selection (spec §5 with issue 17's paid-record ledger): the selection's size N, how many
 * of its records M the user has already paid for in this subscription period (free), the records left, and the
 * largest count: the longest run of the selection in sort order whose unpaid records fit in the records left. Also the
 * ids of that run, so a request can freeze exactly the records it charges.
 */
import type { ListFileMap, SearchBackend, ValidSearch } from "#search-index";
import type { ExtractionSelection } from "#shared/api-contracts/extraction";
import { paidRecordIds, recordsLeft } from "./export-job-store";
import { maxExportCount } from "./export-quota";

export interface Allowance {
  /** N: records in the selection (spec §5's maximum without the quota). */
  selectionCount: number;
  /** M: records of the selection already paid for in the current subscription period. */
  alreadyPaid: number;
  recordsLeft: number;
  /** The largest count the user may export now. */
  maxCount: number;
  /** The first maxCount record ids of the selection, in sort order. */
  ids: number[];
  /** The paid ones among the user's ledger (for the caller's own arithmetic). */
  paid: ReadonlySet<number>;
}

interface AllowanceInput {
  db: D1Database;
  backend: SearchBackend;
  userId: string;
  search: ValidSearch;
  selection: ExtractionSelection;
  listFiles?: ListFileMap;
}

const selectionOptions = (selection: ExtractionSelection) =>
  selection.idNumbers.length > 0 ? { idNumbers: selection.idNumbers, exclude: selection.exclude } : {};

/** M: the paid records the selection holds. */
async function paidInSelection(input: AllowanceInput, paid: ReadonlySet<number>): Promise<number> {
  if (paid.size === 0) return 0;
  const { backend, search, selection, listFiles } = input;
  const marked = new Set(selection.idNumbers.map(Number));
  const onlyMarked = marked.size > 0 && !selection.exclude;
  const candidates = onlyMarked ? [...marked].filter((id) => paid.has(id)) : [...paid];
  if (candidates.length === 0) return 0;
  const found = await backend.readExportIds(search, { count: candidates.length, idNumbers: candidates, exclude: false, listFiles });
  return marked.size > 0 && selection.exclude ? found.filter((id) => !marked.has(id)).length : found.length;
}

/** The longest prefix of `ids` whose records not in `paid` number at most `left`. */
export function affordablePrefix(ids: readonly number[], paid: ReadonlySet<number>, left: number): number {
  let charged = 0;
  for (let i = 0; i < ids.length; i++) {
    if (!paid.has(ids[i]!)) charged++;
    if (charged > left) return i;
  }
  return ids.length;
}

export async function exportAllowance(input: AllowanceInput): Promise<Allowance> {
  const { db, backend, userId, search, selection, listFiles } = input;
  const [{ hitCount }, left, paid] = await Promise.all([
    backend.search(search, { listFiles }),
    recordsLeft(db, userId),
    paidRecordIds(db, userId, search.resultType),
  ]);
  const marked = new Set(selection.idNumbers.map(String)).size;
  const selectionCount = maxExportCount({ hits: hitCount, recordsLeft: Number.POSITIVE_INFINITY, marked, exclude: selection.exclude });
  const alreadyPaid = await paidInSelection(input, paid);
  const reach = Math.min(selectionCount, Math.max(0, left) + alreadyPaid);
  const prefix = reach > 0 ? await backend.readExportIds(search, { count: reach, ...selectionOptions(selection), listFiles }) : [];
  const maxCount = affordablePrefix(prefix, paid, Math.max(0, left));
  return { selectionCount, alreadyPaid, recordsLeft: left, maxCount, ids: prefix.slice(0, maxCount), paid };
}
