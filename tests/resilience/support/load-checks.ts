/**
 * The load scenario's oracle beyond the zod contracts: every search answer names the index version it came from
 * (X-Index-Version), and everything in it must agree with that version's dataset and with the search itself: each
 * record's name is the one its source dataset gives that id, the hit count is the same every time the same search
 * hits the same version, the page holds min(20, hits − offset) records, and the records satisfy the filters that can
 * be checked from a card (place, main SNI, sort order) or, for the free text, from the company's source record.
 */
import type { SearchInput } from "#shared/search/search-schema";
import { parseTextQuery, type TextQuery } from "#search-index";
import type { CompanyText, DatasetFacts } from "./datasets";

export const PAGE_SIZE = 20;

export interface CheckedRecord {
  orgSeqNo: number;
  name?: string;
  companyName?: string;
  municipalityCode?: string;
  sniCodes?: string[];
  turnover?: number | null;
  companyTurnover?: number | null;
}

/** Which dataset each index version was built from; shared by every subscriber of a run. */
export class VersionBook {
  private readonly datasets = new Map<number, DatasetFacts>();
  private readonly hitCounts = new Map<string, number>();
  readonly versionsSeen = new Map<number, number>();

  assign(version: number, facts: DatasetFacts): void {
    this.datasets.set(version, facts);
  }

  datasetOf(version: number): DatasetFacts | undefined {
    return this.datasets.get(version);
  }

  /** Returns a problem when another answer of the same version and search had another hit count. */
  noteHitCount(version: number, key: string, hitCount: number): string | null {
    this.versionsSeen.set(version, (this.versionsSeen.get(version) ?? 0) + 1);
    const id = `${version}|${key}`;
    const before = this.hitCounts.get(id);
    if (before === undefined) this.hitCounts.set(id, hitCount);
    return before === undefined || before === hitCount ? null : `hit count ${hitCount}, earlier ${before} (version ${version})`;
  }
}

/** Whether every word of the text is in one of the company's fields (docs/decisions/0033), as the source record has them. */
function matchesText(company: CompanyText, query: TextQuery): boolean {
  return query.words.every((word) => {
    if (word.orgNo && company.orgNo >= word.orgNo.from && company.orgNo <= word.orgNo.to) return true;
    if ([...word.industries, ...word.places].some(({ code }) => company.codes.has(code))) return true;
    const text = word.word;
    return text !== null && company.words.some((w) => w === text || (word.prefix && w.startsWith(text)));
  });
}

/** Problems of one page of records against the search and the version's dataset (empty when all is well). */
export function checkRecords(
  search: SearchInput,
  page: number,
  hitCount: number,
  records: readonly CheckedRecord[],
  dataset: DatasetFacts,
): string[] {
  const problems: string[] = [];
  const expected = Math.max(0, Math.min(PAGE_SIZE, hitCount - page * PAGE_SIZE));
  if (records.length !== expected) problems.push(`page ${page} holds ${records.length} records, expected ${expected} of ${hitCount}`);
  const isWorksite = search.resultType === "WORKSITE";
  const query = parseTextQuery(search.text);
  for (const record of records) {
    const name = isWorksite ? record.companyName : record.name;
    const source = dataset.names.get(record.orgSeqNo);
    if (name !== source) problems.push(`orgSeqNo ${record.orgSeqNo} is "${name}" but "${source}" in dataset seed ${dataset.seed}`);
    for (const code of search.codeSet?.location ?? []) {
      if (!record.municipalityCode?.startsWith(code)) problems.push(`orgSeqNo ${record.orgSeqNo} outside location ${code}`);
    }
    const numericSni = (search.codeSet?.sni ?? []).filter((code) => /^\d+$/.test(code));
    if (!isWorksite && numericSni.length > 0 && search.bool?.useMainSni !== false) {
      const main = record.sniCodes?.[0]?.replace(/\D/g, "") ?? "";
      if (!numericSni.some((code) => main.startsWith(code)))
        problems.push(`orgSeqNo ${record.orgSeqNo} main SNI ${main} not in ${numericSni}`);
    }
    const company = dataset.texts.get(record.orgSeqNo);
    if (!isWorksite && query && company && !matchesText(company, query))
      problems.push(`"${name}" does not match the text "${search.text}"`);
  }
  if (!search.sort && !isWorksite) problems.push(...checkTurnoverDescending(records));
  return problems;
}

/** Default sort: turnover descending, companies without a turnover last. */
function checkTurnoverDescending(records: readonly CheckedRecord[]): string[] {
  let previous = Number.POSITIVE_INFINITY;
  let sawNull = false;
  for (const record of records) {
    const value = record.turnover ?? null;
    if (value === null) {
      sawNull = true;
      continue;
    }
    if (sawNull || value > previous) return [`turnover order broken at orgSeqNo ${record.orgSeqNo}`];
    previous = value;
  }
  return [];
}
