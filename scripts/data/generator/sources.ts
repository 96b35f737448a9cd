/** Loads the generator's source lists (names, streets, postal codes, trade words) from search-index/refdata/sources. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { municipalities, type Municipality } from "#search-index";
import { readCsvObjects } from "../csv";
import { WeightedPicker } from "./random";

const SOURCES = path.resolve(import.meta.dirname, "../../../search-index/refdata/sources");

export interface PostalPlace {
  zip: string;
  city: string;
}

export interface StreetParts {
  roots: string[];
  suffixes: string[];
  prefixes: string[];
  nameSuffixes: string[];
}

export interface SourceLists {
  femaleNames: WeightedPicker<string>;
  maleNames: WeightedPicker<string>;
  surnames: WeightedPicker<string>;
  surnameList: string[];
  streets: StreetParts;
  municipalityPicker: WeightedPicker<Municipality>;
  municipalitiesByCounty: Map<string, WeightedPicker<Municipality>>;
  postalPlaces: Map<string, PostalPlace[]>;
  tradeWords: Map<string, string[]>;
  municipalityNames: Map<string, string>;
}

/** Names weighted by bearers; `damping` < 1 flattens the 1990s surname counts (see SOURCES.md). */
function namePicker(file: string, nameColumn: string, weightColumn: string, damping = 1): WeightedPicker<string> {
  const rows = readCsvObjects(path.join(SOURCES, file));
  return new WeightedPicker(
    rows.map((r) => r[nameColumn] ?? ""),
    rows.map((r) => Number(r[weightColumn]) ** damping),
  );
}

function loadPostalPlaces(): Map<string, PostalPlace[]> {
  const places = new Map<string, PostalPlace[]>();
  for (const row of readCsvObjects(path.join(SOURCES, "postal_codes.csv"))) {
    const code = row.postal_code ?? "";
    const place = { zip: `${code.slice(0, 3)} ${code.slice(3)}`, city: row.locality ?? "" };
    const list = places.get(row.municipality_code ?? "") ?? [];
    list.push(place);
    places.set(row.municipality_code ?? "", list);
  }
  for (const m of municipalities) {
    if (!places.get(m.code)?.length) throw new Error(`no postal codes for municipality ${m.code}`);
  }
  return places;
}

function loadTradeWords(): Map<string, string[]> {
  const words = new Map<string, string[]>();
  for (const row of readCsvObjects(path.join(SOURCES, "curated-trade-words.csv"))) {
    for (const code of (row.detail_groups ?? "").split(" ").filter(Boolean)) {
      words.set(code, [...(words.get(code) ?? []), row.word ?? ""]);
    }
  }
  return words;
}

function loadStreets(): StreetParts {
  const json = JSON.parse(readFileSync(path.join(SOURCES, "street_name_parts.json"), "utf8")) as Record<string, string[]>;
  return {
    roots: json.street_name_part ?? [],
    suffixes: json.street_suffix ?? [],
    prefixes: json.street_prefix ?? [],
    nameSuffixes: json.name_based_street_suffix ?? [],
  };
}

function byCounty(): Map<string, WeightedPicker<Municipality>> {
  const groups = new Map<string, Municipality[]>();
  for (const m of municipalities) groups.set(m.countyCode, [...(groups.get(m.countyCode) ?? []), m]);
  return new Map(
    [...groups].map(([county, list]) => [
      county,
      new WeightedPicker(
        list,
        list.map((m) => m.population),
      ),
    ]),
  );
}

let cached: SourceLists | null = null;

export function loadSourceLists(): SourceLists {
  cached ??= {
    femaleNames: namePicker("first_names_female.csv", "name", "persons"),
    maleNames: namePicker("first_names_male.csv", "name", "persons"),
    surnames: namePicker("surnames.csv", "surname", "frequency", 0.8),
    surnameList: readCsvObjects(path.join(SOURCES, "surnames.csv")).map((r) => r.surname ?? ""),
    streets: loadStreets(),
    municipalityPicker: new WeightedPicker(
      municipalities,
      municipalities.map((m) => m.population),
    ),
    municipalitiesByCounty: byCounty(),
    postalPlaces: loadPostalPlaces(),
    tradeWords: loadTradeWords(),
    municipalityNames: new Map(municipalities.map((m) => [m.code, m.name])),
  };
  return cached;
}
