/**
 * Builds the reference-data JSON that search-index/refdata serves (SNI 2007 tree, locations, SCB code lists,
 * SNI search words) from the copied sources in search-index/refdata/sources. Run: npm run refdata:build
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { readCsvObjects } from "./csv";

const REFDATA = path.resolve(import.meta.dirname, "../../search-index/refdata");
const SOURCES = path.join(REFDATA, "sources");
const OUT = path.join(REFDATA, "data");

/** Words of SNI titles that say nothing about a trade. */
const TITLE_STOPWORDS = new Set(
  "och samt utom inte annan annat andra övrig övriga övrigt diverse från till inom eller även med utan utförd utförda för vid den det som hos per mest bl via ett två tre små "
    .concat("inklusive avseende anslutning härtill samband verksamhet tillverkning framställning specialiserad handel ")
    .concat("butikshandel partihandel detaljhandel provisionshandel")
    .split(" "),
);

const clean = (text: string) => text.replace(/\s+/g, " ").trim();
const source = (file: string) => readCsvObjects(path.join(SOURCES, file));

function buildSni(): [string, string, string][] {
  return source("sni2007.csv").map((r) => [r.code ?? "", r.parent ?? "", clean(r.title_sv ?? "")]);
}

function buildLocations() {
  const counties = source("counties.csv").map((r) => [r.county_code, r.county_name, Number(r.population_2024)]);
  const municipalities = source("municipalities.csv").map((r) => [
    r.municipality_code,
    r.municipality_name,
    r.county_code,
    Number(r.population_2024),
  ]);
  return { counties, municipalities };
}

function buildEntries() {
  const legalForms = source("juridisk_form.csv").map((r) => [r.code, clean(r.title_sv ?? "")]);
  const num = (v: string | undefined) => (v === undefined || v === "" ? null : Number(v));
  const employeeRanges = source("employee_size_classes.csv").map((r) => [r.code, r.label_sv, num(r.min_employees), num(r.max_employees)]);
  return { legalForms, employeeRanges };
}

function titleWords(title: string): string[] {
  return title
    .toLocaleLowerCase("sv")
    .split(/[^a-zåäöéü-]+/)
    .map((w) => w.replace(/^-+|-+$/g, ""))
    .filter((w) => w.length >= 3 && !TITLE_STOPWORDS.has(w));
}

function buildKeywords(sni: [string, string, string][]): Record<string, string[]> {
  const details = new Map(sni.filter(([code]) => code.length === 5).map(([code, , title]) => [code, title]));
  const keywords: Record<string, string[]> = {};
  for (const row of source("curated-trade-words.csv")) {
    const word = clean(row.word ?? "").toLocaleLowerCase("sv");
    for (const code of (row.detail_groups ?? "").split(" ").filter(Boolean)) {
      if (!details.has(code)) throw new Error(`curated word "${word}": unknown SNI detail group ${code}`);
      (keywords[code] ??= []).push(word);
    }
  }
  for (const [code, title] of details) {
    const words = new Set([...(keywords[code] ?? []), ...titleWords(title)]);
    keywords[code] = [...words];
  }
  return keywords;
}

function write(name: string, value: unknown) {
  writeFileSync(path.join(OUT, name), JSON.stringify(value) + "\n");
  console.error(`wrote ${path.relative(process.cwd(), path.join(OUT, name))}`);
}

const sni = buildSni();
write("sni.json", sni);
write("locations.json", buildLocations());
write("entries.json", buildEntries());
write("sni-keywords.json", buildKeywords(sni));
