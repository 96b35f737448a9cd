/** Selective hard constraints as ascending position lists: ids, organisation numbers (the text's: text-match.ts). */
import type { CompanyIndex } from "./index-types";
import { lowerBound } from "./ranks";

function sortedUnique(values: number[]): Uint32Array {
  const sorted = Uint32Array.from(values).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i] ?? 0;
  return sorted.slice(0, n);
}

/** Positions of companies by orgSeqNo (unknown ids are skipped). */
export function companyPositionsOf(companies: CompanyIndex, orgSeqNos: readonly number[]): Uint32Array {
  const out: number[] = [];
  for (const id of orgSeqNos) {
    const f = lowerBound(companies.ids, id);
    if (companies.ids[f] === id) out.push(f);
  }
  return sortedUnique(out);
}

/** Positions of companies by organisation number (as 10-digit numbers). */
export function positionsOfOrgNos(companies: CompanyIndex, orgNos: readonly number[]): Uint32Array {
  const { orgNo, orgNoOrder } = companies;
  const out: number[] = [];
  for (const wanted of orgNos) {
    let lo = 0;
    let hi = orgNoOrder.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((orgNo[orgNoOrder[mid] ?? 0] ?? 0) < wanted) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < orgNoOrder.length && orgNo[orgNoOrder[k] ?? 0] === wanted; k++) out.push(orgNoOrder[k] ?? 0);
  }
  return sortedUnique(out);
}

export function worksitesOfCompanies(companies: CompanyIndex, positions: Uint32Array): Uint32Array {
  const out: number[] = [];
  const { offsets, values } = companies.worksites;
  for (const c of positions) for (let k = offsets[c] ?? 0; k < (offsets[c + 1] ?? 0); k++) out.push(values[k] ?? 0);
  return sortedUnique(out);
}

export function intersectSorted(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.slice(0, n);
}
