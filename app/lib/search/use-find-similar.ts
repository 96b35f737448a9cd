/**
 * "Hitta liknande" (issue 39 point 3) as a hook: reads the company's search record, counts the narrow similar search
 * (its hit count and SNI facet decide the widening, similar-search.ts) while the company's number is stored as a
 * one-number list file, then runs the chosen search on the screen. The summary line of that search is remembered for
 * the search it describes (similarNoteFor), so it shows while that very search is on screen and goes with any edit.
 */
import { useCallback, useState } from "react";
import type { CompanyRecord } from "#shared/search/result-schemas";
import { emptySearch, type Search } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";
import { errorMessage } from "../api-error";
import { fetchSearchPage, uploadListFiles } from "./search-calls";
import { newSeqNo } from "./search-edit";
import type { SearchRefdata } from "./search-refdata";
import { chooseWidening, NARROW, similarSearch, similarSummary, sizeClasses, type SimilarBasis } from "./similar-search";

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

/** The company's number as a list file of one line, named after what it is for. */
async function exclusionFile(seqNo: number, record: CompanyRecord): Promise<number> {
  const file = new File([`${record.orgNo}\n`], `Liknar ${record.name}.txt`, { type: "text/plain" });
  const [added] = await uploadListFiles(seqNo, [file]);
  if (!added) throw new Error("the list file was not stored");
  return added.id;
}

/** Builds the similar search of company `orgSeqNo`, with its summary line. */
export async function buildSimilarSearch(orgSeqNo: number, refdata: SearchRefdata): Promise<{ search: Search; note: string }> {
  const record = await companyRecord(orgSeqNo);
  const basis = basisOf(record);
  const classes = sizeClasses(refdata.entries.employeeRange);
  const seqNo = newSeqNo();
  const [narrow, excludeFile] = await Promise.all([
    fetchSearchPage(similarSearch(basis, NARROW, { classes }), 0, 0),
    exclusionFile(seqNo, record),
  ]);
  const widening = chooseWidening(basis, narrow.results.hitCount, narrow.results.aggregations);
  return {
    search: similarSearch(basis, widening, { classes, seqNo, excludeFile }),
    note: similarSummary(basis, widening, classes),
  };
}

export function useFindSimilar(refdata: SearchRefdata | null, run: (search: Search) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const find = useCallback(
    async (orgSeqNo: number) => {
      if (!refdata) return;
      setBusy(true);
      setError(null);
      try {
        const { search, note } = await buildSimilarSearch(orgSeqNo, refdata);
        notes.set(serializeSearch(search), note);
        run(search);
      } catch (failure) {
        setError(errorMessage(failure));
      } finally {
        setBusy(false);
      }
    },
    [refdata, run],
  );
  return { find, busy, error };
}
