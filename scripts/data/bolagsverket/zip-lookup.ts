/**
 * Seat municipality from a postal code: the bulk file has only the postal address. Exact postal code first, then
 * the most common municipality of the postal code's first three digits (the list covers about 82 % of codes).
 */
import path from "node:path";
import { readCsvObjects } from "../csv";

const POSTAL_FILE = path.resolve(import.meta.dirname, "../../../search-index/refdata/sources/postal_codes.csv");

export type ZipLookup = (zip: string) => string | null;

export function loadZipLookup(file = POSTAL_FILE): ZipLookup {
  const exact = new Map<string, string>();
  const byPrefix = new Map<string, Map<string, number>>();
  for (const row of readCsvObjects(file)) {
    const zip = row.postal_code ?? "";
    const municipality = row.municipality_code ?? "";
    exact.set(zip, municipality);
    const counts = byPrefix.get(zip.slice(0, 3)) ?? new Map<string, number>();
    counts.set(municipality, (counts.get(municipality) ?? 0) + 1);
    byPrefix.set(zip.slice(0, 3), counts);
  }
  const prefixWinner = new Map(
    [...byPrefix].map(([prefix, counts]) => [prefix, [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? ""]),
  );
  return (zip) => {
    const digits = zip.replace(/\s/g, "");
    if (!/^\d{5}$/.test(digits)) return null;
    return exact.get(digits) ?? prefixWinner.get(digits.slice(0, 3)) ?? null;
  };
}
