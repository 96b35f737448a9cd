/** Swedish counties (län) and municipalities (kommuner) with SCB codes and population 31 Dec 2024. Källa: SCB. */
import locationData from "./data/locations.json" with { type: "json" };
import { buildAncestors, buildForest, type RefNode } from "./ref-node";

export interface County {
  code: string;
  name: string;
  population: number;
}
export interface Municipality {
  code: string;
  name: string;
  countyCode: string;
  population: number;
}

const data = locationData as { counties: [string, string, number][]; municipalities: [string, string, string, number][] };

export const counties: readonly County[] = data.counties.map(([code, name, population]) => ({ code, name, population }));
export const municipalities: readonly Municipality[] = data.municipalities.map(([code, name, countyCode, population]) => ({
  code,
  name,
  countyCode,
  population,
}));

const rows: [string, string, string][] = [
  ...counties.map((c): [string, string, string] => [c.code, "", c.name]),
  ...municipalities.map((m): [string, string, string] => [m.code, m.countyCode, m.name]),
];

/** 21 counties ("01" …) → 290 municipalities ("0114" …). */
export const locationTree: RefNode[] = buildForest(rows);

/** Name of every county and municipality code. */
export const locationCodeToText: Readonly<Record<string, string>> = Object.fromEntries(rows.map(([code, , text]) => [code, text]));

const ancestors = buildAncestors(rows);

/** ["01"] for "0114"; [] for a county or an unknown code. */
export function locationCodeToAncestors(code: string): string[] {
  return [...(ancestors.get(code) ?? [])];
}

export function isLocationCode(code: string): boolean {
  return ancestors.has(code);
}

/** County code of a municipality code ("0114" → "01"), null when unknown. */
export function countyOfMunicipality(code: string): string | null {
  return code.length === 4 && ancestors.has(code) ? code.slice(0, 2) : null;
}
