/**
 * The name 'Spara bevakning' suggests (issue 38): the search in a few Swedish words, "Bygg i Stockholms län". The
 * industries (an SNI section by its everyday name, a deeper code by the first clause of its title), the free text,
 * the places, the company size, Gasellföretag and the growth ranges, at most SAVED_SEARCH_NAME_LENGTH characters; "Min
 * bevakning" when the search has none of these to describe. The user may type another name before saving.
 */
import { formatNumber } from "#shared/format";
import { BOOL_FILTER_NAMES, flagDef, RANGE_FIELD_NAMES, rangeFieldDef } from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";
import { rangeDef, resolveRange } from "../search/range-input";
import { rangeText } from "../search/summary";
import { ancestorsOf, codeLabel, type SearchRefdata } from "../search/search-refdata";

export const DEFAULT_SAVED_SEARCH_NAME = "Min bevakning";
/** Short enough to read in the list of Bevakningar (the name may be 80 characters). */
export const SAVED_SEARCH_NAME_LENGTH = 60;
/** A deeper industry's title is cut to about this many characters. */
const TITLE_LENGTH = 32;
/** The free text is cut to this many characters (within its quotes). */
const TEXT_LENGTH = 20;

/** The SNI 2007 sections by the words a salesperson uses for them. */
const SECTION_NAMES: Readonly<Record<string, string>> = {
  A: "Jordbruk, skogsbruk och fiske",
  B: "Utvinning av mineral",
  C: "Tillverkning",
  D: "Energi",
  E: "Vatten och avfall",
  F: "Bygg",
  G: "Handel",
  H: "Transport",
  I: "Hotell och restaurang",
  J: "IT och kommunikation",
  K: "Finans och försäkring",
  L: "Fastigheter",
  M: "Juridik, ekonomi och teknik",
  N: "Uthyrning och stödtjänster",
  O: "Offentlig förvaltning",
  P: "Utbildning",
  Q: "Vård och omsorg",
  R: "Kultur, nöje och fritid",
  S: "Annan service",
  T: "Hushåll",
  U: "Internationella organisationer",
};

/** `text` cut at a word before `max` characters, with an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  const words = space > max / 2 ? cut.slice(0, space) : cut;
  // Never end on a joining word ("Byggande av bostadshus och…").
  return `${words.replace(/(?:\s+(?:och|av|i|för|med|samt|till|utom))+$/, "").replace(/[\s,;:–-]+$/, "")}…`;
}

/** "Elinstallationer, VVS-arbeten och andra bygginstallationer" → "Elinstallationer". */
function shortTitle(text: string): string {
  let title = (text.split(";")[0] ?? text).replace(/\s+(m\.m\.|o\.d\.)$/, "").trim();
  if (title.length > TITLE_LENGTH) title = title.split(", ")[0] ?? title;
  if (title.length > TITLE_LENGTH) title = title.split(/ (?:samt|utom) /)[0] ?? title;
  return clip(title, TITLE_LENGTH);
}

/** "A", "A och B", "A, B m.fl."; with `short`, more than one reads "A m.fl.". */
function listText(items: readonly string[], short = false): string {
  if (items.length <= 1) return items[0] ?? "";
  if (short) return `${items[0]} m.fl.`;
  if (items.length === 2) return `${items[0]} och ${items[1]}`;
  return `${items[0]}, ${items[1]} m.fl.`;
}

function industryNames(codes: readonly string[], refdata: SearchRefdata): string[] {
  const name = (code: string) => SECTION_NAMES[code] ?? shortTitle(codeLabel(refdata, "sni", code));
  // Three or more codes of one section read as the section ("Bygg"), when the tree tells the sections.
  const tree = refdata.sni;
  if (codes.length > 2 && tree) {
    const sections = new Set(codes.map((code) => ancestorsOf(tree, code)[0] ?? code));
    const [only] = sections;
    if (sections.size === 1 && only !== undefined && SECTION_NAMES[only]) return [SECTION_NAMES[only]];
  }
  return codes.map(name);
}

/**
 * "10–49 anställda", "minst 50 anställda": the first range set among those declared with a name unit (search-fields.ts
 * `nameUnit`: the number of employees); null without one.
 */
function sizeText(search: Search, now: Date): string | null {
  for (const field of RANGE_FIELD_NAMES) {
    const unit = rangeFieldDef(field).nameUnit;
    const value = search.range[field];
    if (unit === undefined || value === undefined) continue;
    const def = rangeDef(field, now);
    const { from, to } = resolveRange(value, def);
    if (from > def.min && to < def.max) return `${formatNumber(from)}–${formatNumber(to)} ${unit}`;
    if (from > def.min) return `minst ${formatNumber(from)} ${unit}`;
    if (to < def.max) return `högst ${formatNumber(to)} ${unit}`;
  }
  return null;
}

/** The ranges declared `nameAsSummary` (the growth ranges), as the summary line says them, lower-cased. */
function summaryRangeTexts(search: Search, now: Date): string[] {
  return RANGE_FIELD_NAMES.flatMap((field) => {
    const value = search.range[field];
    if (!rangeFieldDef(field).nameAsSummary || value === undefined) return [];
    const text = rangeText(field, value, now);
    return [text.charAt(0).toLocaleLowerCase("sv-SE") + text.slice(1)];
  });
}

/** The suggested name of a saved search; `refdata` null (not loaded yet) leaves out industries and places. */
export function savedSearchName(search: Search, refdata: SearchRefdata | null, now = new Date()): string {
  const industries = refdata ? industryNames(search.codeSet.sni ?? [], refdata) : [];
  const places = refdata ? (search.codeSet.location ?? []).map((code) => codeLabel(refdata, "location", code)) : [];
  // Excluded industries and places ("Uteslut", issue 46): "Bygg utom Elinstallationer", "i Skåne län utom Malmö".
  const notIndustries = refdata ? industryNames(search.excludeCodeSet.sni ?? [], refdata) : [];
  const notPlaces = refdata ? (search.excludeCodeSet.location ?? []).map((code) => codeLabel(refdata, "location", code)) : [];
  const text = search.text?.trim() ? `”${clip(search.text.trim(), TEXT_LENGTH)}”` : null;
  const size = sizeText(search, now);
  // The size, then the growth ranges: what a name leaves out first when it is too long.
  const extras = [size, ...summaryRangeTexts(search, now)].filter((part): part is string => part !== null);
  // A chosen flag declared with a name word (search-fields.ts `nameWord`: Gasellföretag, issue 46) is the noun where
  // the name has none ("Gasellföretag i Skåne län"), else follows the industries or the text ("Bygg, gasellföretag").
  const nameWord = BOOL_FILTER_NAMES.map((flag) => (search.bool[flag] === true ? flagDef(flag).nameWord : undefined)).find(Boolean);
  const noun = nameWord ?? "Företag";
  const industryText = (short: boolean) =>
    notIndustries.length > 0
      ? `${listText(industries, short) || noun} utom ${listText(notIndustries, short)}`
      : listText(industries, short);
  const placeText = (short: boolean) => {
    const chosen = places.length > 0 ? ` i ${listText(places, short)}` : "";
    if (notPlaces.length === 0) return chosen;
    return chosen ? `${chosen} utom ${listText(notPlaces, short)}` : ` utanför ${listText(notPlaces, short)}`;
  };
  const what = (short: boolean) => {
    const named = [industryText(short), text].filter(Boolean).join(", ");
    return nameWord && (industries.length > 0 || text) ? `${named}, ${nameWord.toLowerCase()}` : named;
  };
  if (!what(false) && !placeText(false) && extras.length === 0 && !nameWord) return DEFAULT_SAVED_SEARCH_NAME;
  const compose = (short: boolean, withSize: boolean) => [(what(short) || noun) + placeText(short), ...(withSize ? extras : [])].join(", ");
  // The whole description if it fits; else without the size and growth, then one industry and one place "m.fl.", then cut.
  const candidates = [compose(false, true), compose(false, false), compose(true, true), compose(true, false)];
  return candidates.find((name) => name.length <= SAVED_SEARCH_NAME_LENGTH) ?? clip(compose(true, false), SAVED_SEARCH_NAME_LENGTH);
}
