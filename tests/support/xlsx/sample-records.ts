/**
 * Deterministic synthetic export records (company and worksite search records of spec §3) for the XLSX tests and the
 * export benchmark: Swedish names with å, ä and ö, nulls, negative figures, and now and then a name that looks like a
 * formula. Generated lazily in chunks so a benchmark of the streaming path does not hold every row.
 */
import { type CompanyRecord, type WorksiteRecord } from "#shared/search/result-schemas";

const FIRST = ["Åsa", "Örjan", "Märta", "Björn", "Eva", "Karl", "Lena", "Göran", "Ingrid", "Per", "Sofia", "Anders"];
const LAST = ["Öberg", "Åström", "Lindqvist", "Sjögren", "Bäckström", "Nilsson", "Håkansson", "Ek", "Svensson", "Löfgren"];
const WORDS = ["Bygg", "Måleri", "Fastighets", "Konsult", "Skärgårds", "Ölands", "Trähus", "Data", "Vård", "Älvdals", "Frukt"];
const FORMS = ["AB", "Aktiebolag", "HB", "& Söner AB", "Ekonomisk förening"];
const PLACES = [
  { municipalityName: "Malmö", municipalityCode: "1280", countyName: "Skåne län", countyCode: "12", city: "Malmö", zip: "211 22" },
  {
    municipalityName: "Göteborg",
    municipalityCode: "1480",
    countyName: "Västra Götalands län",
    countyCode: "14",
    city: "Göteborg",
    zip: "411 05",
  },
  { municipalityName: "Umeå", municipalityCode: "2480", countyName: "Västerbottens län", countyCode: "24", city: "Umeå", zip: "903 26" },
  {
    municipalityName: "Upplands Väsby",
    municipalityCode: "0114",
    countyName: "Stockholms län",
    countyCode: "01",
    city: "Upplands Väsby",
    zip: "194 30",
  },
];
const SNI = [
  ["62010", "Dataprogrammering"],
  ["41200", "Byggande av bostadshus och andra byggnader"],
  ["43341", "Måleriarbeten"],
  ["56100", "Restaurangverksamhet"],
  ["86210", "Allmänpraktiserande läkarverksamhet"],
] as const;
const RANGES = [
  ["0", "0 anställda"],
  ["1", "1-4 anställda"],
  ["3", "10-19 anställda"],
  ["5", "50-99 anställda"],
] as const;

/** mulberry32: small, fast, deterministic. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof createRandom>;

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const maybe = <T>(random: Random, p: number, value: T): T | null => (random.next() < p ? value : null);

function companyName(random: Random, i: number): string {
  if (i % 997 === 13) return `=HYPERLINK("http://example.com","${random.pick(WORDS)}") AB`;
  if (i % 991 === 7) return `+${random.pick(WORDS)} & Co <Sverige> AB`;
  return `${random.pick(WORDS)}${random.pick(["", "bolaget ", " i "])}${random.pick(LAST)} ${random.pick(FORMS)}`.replace(/ {2,}/g, " ");
}

function isoDate(random: Random): string {
  return `${random.int(1950, 2025)}-${pad(random.int(1, 12), 2)}-${pad(random.int(1, 28), 2)}`;
}

export function companyRecord(i: number, seed = 1): CompanyRecord {
  const random = createRandom(seed * 1_000_003 + i);
  const place = random.pick(PLACES);
  const sni = [random.pick(SNI), ...(random.next() < 0.3 ? [random.pick(SNI)] : [])];
  const hasAccounts = random.next() < 0.8;
  return {
    orgSeqNo: i + 1,
    name: companyName(random, i),
    careOf: maybe(random, 0.05, `c/o ${random.pick(FIRST)} ${random.pick(LAST)}`),
    streetAddress: `${random.pick(WORDS)}vägen ${random.int(1, 120)}`,
    zip: place.zip,
    city: place.city,
    phoneNumbers: random.next() < 0.7 ? [`0${random.int(8, 99)}-${random.int(100000, 999999)}`] : [],
    orgNo: `55${pad(random.int(0, 9999), 4)}-${pad(random.int(0, 9999), 4)}`,
    municipalityName: place.municipalityName,
    municipalityCode: place.municipalityCode,
    countyName: place.countyName,
    countyCode: place.countyCode,
    managerTitle: maybe(random, 0.9, random.pick(["Verkställande direktör", "Styrelseledamot", "Innehavare"])),
    managerName: maybe(random, 0.9, `${random.pick(FIRST)} ${random.pick(LAST)}`),
    managerAge: maybe(random, 0.9, random.int(18, 99)),
    createdDate: isoDate(random),
    companyGroupMotherName: maybe(random, 0.15, `${random.pick(WORDS)} Holding AB`),
    sniCodes: sni.map(([code]) => code),
    sniNames: sni.map(([, name]) => name),
    scoring: maybe(random, 0.85, random.int(1, 4)),
    turnover: hasAccounts ? random.int(0, 500_000_000) : null,
    earnings: hasAccounts ? random.int(-20_000_000, 60_000_000) : null,
    dividend: hasAccounts ? random.int(0, 5_000_000) : null,
    numEmployees: hasAccounts ? random.int(0, 2000) : null,
    fTaxReg: random.next() < 0.8,
    vatReg: random.next() < 0.7,
  };
}

export function worksiteRecord(i: number, seed = 1): WorksiteRecord {
  const random = createRandom(seed * 2_000_003 + i);
  const company = companyRecord(Math.floor(i / 2), seed);
  const place = random.pick(PLACES);
  const range = random.pick(RANGES);
  return {
    cfarNo: pad(10_000_000 + i, 8),
    orgSeqNo: company.orgSeqNo,
    orgNo: company.orgNo,
    companyName: company.name,
    name: i % 2 === 0 ? company.name : `${company.name}, ${place.city}`,
    headquarters: i % 2 === 0,
    careOf: company.careOf,
    streetAddress: company.streetAddress,
    zip: place.zip,
    city: place.city,
    phoneNumber: maybe(random, 0.6, `0${random.int(8, 99)}-${random.int(100000, 999999)}`),
    municipalityName: place.municipalityName,
    municipalityCode: place.municipalityCode,
    countyName: place.countyName,
    countyCode: place.countyCode,
    employeeRange: range[1],
    employeeRangeCode: range[0],
    sniCodes: company.sniCodes,
    sniNames: company.sniNames,
    activeFrom: isoDate(random),
    visitingStreetAddress: maybe(random, 0.5, `${random.pick(WORDS)}gatan ${random.int(1, 80)}`),
    visitingZip: maybe(random, 0.5, place.zip),
    visitingCity: maybe(random, 0.5, place.city),
    companyFTax: company.fTaxReg,
    companyVatReg: company.vatReg,
    companySocSec: random.next() < 0.6,
    companyTurnover: company.turnover,
    companyEarningsAfterNetInterestIncome: company.earnings,
    companyNumberOfEmployees: company.numEmployees,
  };
}

/** `count` records in chunks of `chunkSize`, generated as they are pulled. */
export async function* recordChunks<R>(make: (i: number) => R, count: number, chunkSize = 1000): AsyncGenerator<R[]> {
  for (let start = 0; start < count; start += chunkSize) {
    const chunk: R[] = [];
    for (let i = start; i < Math.min(count, start + chunkSize); i++) chunk.push(make(i));
    yield chunk;
  }
}
