/** Places: population-weighted municipalities, real postal codes and localities, synthetic streets and phones. */
import { type Municipality } from "#search-index";
import type { Address } from "#search-index/engine";
import type { Rng } from "./random";
import type { SourceLists } from "./sources";

/** Main area code per county (landline numbers). */
// prettier-ignore
const AREA_CODES: Record<string, string> = {
  "01": "08", "03": "018", "04": "016", "05": "013", "06": "036", "07": "0470", "08": "0480", "09": "0498", "10": "0455",
  "12": "040", "13": "035", "14": "031", "17": "054", "18": "019", "19": "021", "20": "023", "21": "026", "22": "060",
  "23": "063", "24": "090", "25": "0920",
};

export function pickMunicipality(rng: Rng, lists: SourceLists, nearCounty?: string): Municipality {
  const local = nearCounty ? lists.municipalitiesByCounty.get(nearCounty) : undefined;
  return (local ?? lists.municipalityPicker).pick(rng);
}

export function streetName(rng: Rng, lists: SourceLists): string {
  const { roots, suffixes, prefixes, nameSuffixes } = lists.streets;
  const roll = rng.next();
  if (roll < 0.7) return `${rng.pick(roots)}${rng.pick(suffixes)}`;
  if (roll < 0.85) return `${rng.pick(prefixes)} ${rng.pick(roots)}${rng.pick(suffixes)}`;
  return `${lists.surnames.pick(rng)}${rng.pick(nameSuffixes)}`;
}

export function streetAddress(rng: Rng, lists: SourceLists): string {
  const number = rng.int(1, rng.chance(0.8) ? 60 : 180);
  const letter = rng.chance(0.1) ? rng.pick(["A", "B", "C"]) : "";
  return `${streetName(rng, lists)} ${number}${letter}`;
}

export function address(
  rng: Rng,
  lists: SourceLists,
  municipalityCode: string,
  options: { box?: boolean; careOf?: string | null } = {},
): Address {
  const places = lists.postalPlaces.get(municipalityCode) ?? [];
  const place = rng.pick(places);
  return {
    careOf: options.careOf ?? null,
    streetAddress: options.box ? `Box ${rng.int(1, 9999)}` : streetAddress(rng, lists),
    zip: place.zip,
    city: place.city,
  };
}

function digits(rng: Rng, n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += String(rng.int(0, 9));
  return out;
}

/** A Swedish mobile ("070-123 45 67") or landline number in the county's area code. */
export function phoneNumber(rng: Rng, countyCode: string): string {
  if (rng.chance(0.55)) {
    const d = digits(rng, 7);
    return `07${rng.pick(["0", "2", "3", "6", "9"])}-${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5)}`;
  }
  const area = AREA_CODES[countyCode] ?? "08";
  const d = digits(rng, area.length === 2 ? 8 : 6);
  return d.length === 8
    ? `${area}-${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`
    : `${area}-${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4)}`;
}
