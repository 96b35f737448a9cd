/**
 * Bevakning (issue 16): what changed in a watched company's worksites between two index versions, as Swedish lines in
 * the voice of company-changes.ts ("Nytt arbetsställe: …", "Arbetsställe nedlagt: …", "Arbetsställe flyttat: … → …").
 * Compares the worksites' records (the search results' WorksiteRecord, which both backends store alike: the embedded
 * one builds them from the worksites' source records, Elasticsearch keeps them in the worksite documents), matched by
 * CFAR number; pure. A worksite's place is its visiting address when it has one, else its postal address; an address
 * unchanged in another municipality reads as a move between the municipalities. Other edits (phone, size class, SNI)
 * give no line. At most MAX_WORKSITE_LINES lines, then one line with how many more.
 */
import type { WorksiteRecord } from "#shared/search/result-schemas";

export type WorksitePlace = Pick<
  WorksiteRecord,
  | "cfarNo"
  | "name"
  | "careOf"
  | "streetAddress"
  | "zip"
  | "city"
  | "visitingStreetAddress"
  | "visitingZip"
  | "visitingCity"
  | "municipalityCode"
  | "municipalityName"
>;

export const MAX_WORKSITE_LINES = 10;

const joined = (parts: (string | null)[], separator: string) => parts.filter(Boolean).join(separator);

function placeText(w: WorksitePlace): string {
  const visiting = w.visitingStreetAddress || w.visitingZip || w.visitingCity;
  const [careOf, street, zip, city] = visiting
    ? [null, w.visitingStreetAddress, w.visitingZip, w.visitingCity]
    : [w.careOf, w.streetAddress, w.zip, w.city];
  return joined([careOf ? `c/o ${careOf}` : null, street, joined([zip, city], " ")], ", ") || "adress saknas";
}

function movedLine(before: WorksitePlace, after: WorksitePlace): string | null {
  const [from, to] = [placeText(before), placeText(after)];
  if (from !== to) return `Arbetsställe flyttat: ${after.name}, ${from} → ${to}`;
  if (before.municipalityCode !== after.municipalityCode)
    return `Arbetsställe flyttat: ${after.name}, ${before.municipalityName} → ${after.municipalityName}`;
  return null;
}

const byCfarNo = (worksites: readonly WorksitePlace[]) => [...worksites].sort((a, b) => a.cfarNo.localeCompare(b.cfarNo));

/** The Swedish lines for a company whose worksites went from `before` to `after` (in CFAR number order). */
export function describeWorksiteChanges(unsortedBefore: readonly WorksitePlace[], unsortedAfter: readonly WorksitePlace[]): string[] {
  const [before, after] = [byCfarNo(unsortedBefore), byCfarNo(unsortedAfter)];
  const had = new Map(before.map((w) => [w.cfarNo, w]));
  const has = new Map(after.map((w) => [w.cfarNo, w]));
  const lines: string[] = [];
  for (const w of after) {
    const old = had.get(w.cfarNo);
    if (!old) lines.push(`Nytt arbetsställe: ${w.name}, ${placeText(w)}`);
    else {
      if (old.name !== w.name) lines.push(`Nytt namn på arbetsställe: ${old.name} → ${w.name}`);
      const moved = movedLine(old, w);
      if (moved) lines.push(moved);
    }
  }
  for (const w of before) if (!has.has(w.cfarNo)) lines.push(`Arbetsställe nedlagt: ${w.name}, ${placeText(w)}`);
  if (lines.length <= MAX_WORKSITE_LINES) return lines;
  const more = lines.length - (MAX_WORKSITE_LINES - 1);
  return [...lines.slice(0, MAX_WORKSITE_LINES - 1), `… och ${more} ändringar till av arbetsställen`];
}
