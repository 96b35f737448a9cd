/**
 * "Hitta liknande" (issue 39 point 3, issue 48 point 5) as a hook: reads the company's search record and the search
 * context's list files, keeps the user's own, reuses or makes the company's one-number exclusion file, counts the
 * ladder's steps (similar-search.ts), then runs the chosen search on the screen. The summary line of that search is remembered for
 * the search it describes (similarNoteFor), so it shows while that very search is on screen and goes with any edit.
 */
import { useCallback, useState } from "react";
import type { CompanyRecord } from "#shared/search/result-schemas";
import type { Search } from "#shared/search/search-schema";
import { emptySearch } from "#shared/search/empty-search";
import { serializeSearch } from "#shared/search/search-codec";
import { errorMessage } from "../api-error";
import { fetchListFiles, fetchSearchPage, type ListFileRow, uploadListFiles } from "./search-calls";
import { newSeqNo } from "./search-edit";
import type { SearchRefdata } from "./search-refdata";
import { chooseWidening, similarLadder, similarSearch, similarSummary, sizeClasses, type SimilarBasis } from "./similar-search";

const notes = new Map<string, string>();

/** The "Liknar …" line of a search opened by "Hitta liknande", or null for any other search. */
export function similarNoteFor(search: Search): string | null {
  return notes.size === 0 ? null : (notes.get(serializeSearch(search)) ?? null);
}

function basisOf(record: CompanyRecord): SimilarBasis {
  const sniCode = record.sniCodes.find((code) => code !== "" && code !== "00000") ?? null;
  return {
    name: record.name,
    sniCode,
    countyCode: record.countyCode || null,
    countyName: record.countyName || null,
    numEmployees: record.numEmployees,
  };
}

async function companyRecord(orgSeqNo: number): Promise<CompanyRecord> {
  const answer = await fetchSearchPage({ ...emptySearch("COMPANY"), numeric: { orgSeqNo } }, 0, 0);
  const record = answer.results.records[0];
  if (!record || !("orgSeqNo" in record) || "cfarNo" in record) throw new Error(`company ${orgSeqNo} not found`);
  return record;
}

/** The one-line list files "Hitta liknande" makes are named so: "Liknar <company>.txt". */
const LOOKALIKE_FILE_PREFIX = "Liknar ";
const exclusionFileName = (record: CompanyRecord) => `${LOOKALIKE_FILE_PREFIX}${record.name}.txt`;
const isLookalikeFile = (file: ListFileRow) => file.name.startsWith(LOOKALIKE_FILE_PREFIX) && file.size === 1;

/** The company's number as a list file of one line in the search context: the one made before, or a new one. */
async function exclusionFile(seqNo: number, record: CompanyRecord, files: readonly ListFileRow[]): Promise<number> {
  const name = exclusionFileName(record);
  const earlier = files.find((file) => file.name === name && isLookalikeFile(file));
  if (earlier) return earlier.id;
  const file = new File([`${record.orgNo}\n`], name, { type: "text/plain" });
  const [added] = await uploadListFiles(seqNo, [file]);
  if (!added) throw new Error("the list file was not stored");
  return added.id;
}

/** The user's own list files of the search on screen: without the exclusions of earlier lookalike searches. */
function ownListFiles(current: Search, files: readonly ListFileRow[]): Search["numSet"] {
  const lookalikes = new Set(files.filter(isLookalikeFile).map((file) => file.id));
  const keep = (ids: readonly number[] | undefined) => (ids ?? []).filter((id) => !lookalikes.has(id));
  return { includeFile: keep(current.numSet.includeFile), excludeFile: keep(current.numSet.excludeFile) };
}

/**
 * Builds the similar search of company `orgSeqNo` from the search on screen, with its summary line. It stays in the
 * search's context (its list files, and the company's exclusion file made there once), counts every step of the
 * ladder at once, and takes the narrowest with enough companies (similar-search.ts).
 */
export async function buildSimilarSearch(
  orgSeqNo: number,
  refdata: SearchRefdata,
  current: Search,
): Promise<{ search: Search; note: string }> {
  const seqNo = current.numeric.seqNo ?? newSeqNo();
  const [record, files] = await Promise.all([
    companyRecord(orgSeqNo),
    current.numeric.seqNo === undefined ? Promise.resolve([]) : fetchListFiles(seqNo),
  ]);
  const basis = basisOf(record);
  const classes = sizeClasses(refdata.entries.employeeRange);
  const options = {
    classes,
    seqNo,
    numSet: ownListFiles(current, files),
    excludeFile: await exclusionFile(seqNo, record, files),
    excludeCodeSet: current.excludeCodeSet,
  };
  const steps = similarLadder(basis, classes);
  const answers = await Promise.all(steps.map((step) => fetchSearchPage(similarSearch(basis, step, options), 0, 0)));
  const widening = chooseWidening(
    steps,
    answers.map((answer) => answer.results.hitCount),
  );
  return { search: similarSearch(basis, widening, options), note: similarSummary(basis, widening, classes) };
}

export function useFindSimilar(refdata: SearchRefdata | null, current: () => Search, run: (search: Search) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const find = useCallback(
    async (orgSeqNo: number) => {
      if (!refdata) return;
      setBusy(true);
      setError(null);
      try {
        const { search, note } = await buildSimilarSearch(orgSeqNo, refdata, current());
        notes.set(serializeSearch(search), note);
        run(search);
      } catch (failure) {
        setError(errorMessage(failure));
      } finally {
        setBusy(false);
      }
    },
    [refdata, current, run],
  );
  return { find, busy, error };
}
