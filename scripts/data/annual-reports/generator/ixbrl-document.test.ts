import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CompanySourceRecord, CompanySourceRecordSchema, type FinancialPart, type FinancialPeriod } from "#search-index/engine";
import { generateDataset } from "../../generate";
import { REPORT_FIGURE_NAMES, type ReportFigures, type ReportPeriod } from "../types";
import { expectedAnnualReport, renderAnnualReport } from "./ixbrl-document";
import { type AnnualReportInput, drawLayout } from "./report-model";
import { reportJobsOf } from "./report-plan";

/**
 * Reads documents with Python's strict XML parser (expat through ElementTree): any document that is not well-formed
 * XML fails. Gives, per document, the contexts, units, facts (names and formats resolved to namespace URIs),
 * schemaRefs, continuation ids and the number of ix:exclude elements inside text facts.
 */
const EXTRACT = String.raw`
import json, sys, xml.etree.ElementTree as ET
IX = "{http://www.xbrl.org/2013/inlineXBRL}"
XBRLI = "{http://www.xbrl.org/2003/instance}"
LINK = "{http://www.xbrl.org/2003/linkbase}"
XLINK = "{http://www.w3.org/1999/xlink}"
def qname(value, ns):
    prefix, _, local = value.partition(":")
    return "{" + ns[prefix] + "}" + local
def text_without_excludes(el):
    out = [el.text or ""]
    for child in el:
        if child.tag != IX + "exclude":
            out.append(text_without_excludes(child))
        out.append(child.tail or "")
    return "".join(out)
docs = []
for file in sys.argv[1:]:
    ns = {}
    for event, item in ET.iterparse(file, events=("start-ns",)):
        ns[item[0]] = item[1]
    root = ET.parse(file).getroot()
    contexts = {}
    for c in root.iter(XBRLI + "context"):
        p = c.find(XBRLI + "period")
        get = lambda tag: (p.find(XBRLI + tag).text if p.find(XBRLI + tag) is not None else None)
        contexts[c.get("id")] = {"start": get("startDate"), "end": get("endDate"), "instant": get("instant"),
                                 "group": c.find(XBRLI + "scenario") is not None,
                                 "identifier": c.find(XBRLI + "entity/" + XBRLI + "identifier").text}
    units = {u.get("id"): u.find(XBRLI + "measure").text for u in root.iter(XBRLI + "unit")}
    facts = []
    for el in root.iter():
        if el.tag in (IX + "nonFraction", IX + "nonNumeric"):
            facts.append({"kind": el.tag[len(IX):], "name": qname(el.get("name"), ns), "context": el.get("contextRef"),
                          "unit": el.get("unitRef"), "decimals": el.get("decimals"), "scale": el.get("scale"),
                          "format": qname(el.get("format"), ns) if el.get("format") else None, "sign": el.get("sign"),
                          "text": text_without_excludes(el), "continuedAt": el.get("continuedAt"),
                          "excludes": len(el.findall(".//" + IX + "exclude"))})
    docs.append({"contexts": contexts, "units": units, "facts": facts,
                 "schemaRefs": [r.get(XLINK + "href") for r in root.iter(LINK + "schemaRef")],
                 "continuations": [c.get("id") for c in root.iter(IX + "continuation")],
                 "hidden": len(list(root.iter(IX + "hidden")))})
print(json.dumps(docs))
`;

interface Extracted {
  contexts: Record<string, { start: string | null; end: string | null; instant: string | null; group: boolean; identifier: string }>;
  units: Record<string, string>;
  facts: {
    kind: "nonFraction" | "nonNumeric";
    name: string;
    context: string;
    unit: string | null;
    decimals: string | null;
    scale: string | null;
    format: string | null;
    sign: string | null;
    text: string;
    continuedAt: string | null;
    excludes: number;
  }[];
  schemaRefs: string[];
  continuations: string[];
  hidden: number;
}

const GEN = "{http://www.taxonomier.se/se/fr/gen-base/2021-10-31}";
const CD = "{http://www.taxonomier.se/se/fr/cd-base/2021-10-31}";
const TR1 = "{http://www.xbrl.org/inlineXBRL/transformation/2010-04-20}";
const TR3 = "{http://www.xbrl.org/inlineXBRL/transformation/2015-02-26}";
const TR4 = "{http://www.xbrl.org/inlineXBRL/transformation/2020-02-12}";

const CONCEPTS: Record<string, keyof ReportFigures> = {
  Nettoomsattning: "turnover",
  Rorelseresultat: "operatingResult",
  ResultatEfterFinansiellaPoster: "resultAfterFinancialItems",
  AretsResultat: "profitForTheYear",
  EgetKapital: "equity",
  Tillgangar: "totalAssets",
  KassaBank: "cashAndBank",
  LangfristigaSkulder: "longTermLiabilities",
  KortfristigaSkulder: "shortTermLiabilities",
  Personalkostnader: "personnelExpenses",
  MedelantaletAnstallda: "employees",
  ForslagDispositionUtdelning: "dividend",
};
const INSTANT = new Set(["equity", "totalAssets", "cashAndBank", "longTermLiabilities", "shortTermLiabilities", "dividend"]);

/** The value of a formatted fact, read independently of the generator by the registries' rules. */
function factValue(fact: Extracted["facts"][number]): number {
  const local = (fact.format ?? "").replace(/^\{[^}]*\}/, "");
  if (["numdash", "zerodash", "fixed-zero"].includes(local)) return 0;
  const commaDecimal = ["numspacecomma", "num-comma-decimal"].includes(local);
  const text = fact.text.trim();
  const number = Number(commaDecimal ? text.replace(/[ \u00a0.]/g, "").replace(",", ".") : text.replace(/[ \u00a0,]/g, ""));
  return number * 10 ** Number(fact.scale ?? 0) * (fact.sign === "-" ? -1 : 1);
}

/** The report's periods as the tagged facts give them, for the dates of the expected periods. */
function readPeriods(doc: Extracted, expected: ReportPeriod[], groupReport: boolean): ReportPeriod[] {
  const figures = (period: ReportPeriod, group: boolean, own: boolean) => {
    const out = Object.fromEntries(REPORT_FIGURE_NAMES.map((name) => [name, null])) as unknown as ReportFigures;
    for (const fact of doc.facts) {
      const key = fact.name.startsWith(GEN) ? CONCEPTS[fact.name.slice(GEN.length)] : undefined;
      const context = doc.contexts[fact.context];
      if (fact.kind !== "nonFraction" || !key || !context || context.group !== group || (key === "dividend" && !own)) continue;
      const matches = INSTANT.has(key) ? context.instant === period.end : context.start === period.start && context.end === period.end;
      if (matches) out[key] = factValue(fact);
    }
    return out;
  };
  return expected.map((period, i) => ({
    start: period.start,
    end: period.end,
    company: figures(period, false, i === 0),
    group: groupReport ? figures(period, true, i === 0) : null,
  }));
}

function extract(dir: string, documents: string[]): Extracted[] {
  const files = documents.map((xhtml, i) => {
    const file = path.join(dir, `doc-${i}.xhtml`);
    writeFileSync(file, xhtml);
    return file;
  });
  const run = spawnSync("python3", ["-c", EXTRACT, ...files], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`python3 could not read the documents: ${run.stderr}`);
  return JSON.parse(run.stdout) as Extracted[];
}

const dir = mkdtempSync(path.join(tmpdir(), "urval-ar-doc-"));
let inputs: AnnualReportInput[] = [];
let docs: Extracted[] = [];

beforeAll(async () => {
  const { companiesFile } = await generateDataset({ companies: 1200, seed: 21, outDir: dir });
  const companies = readFileSync(companiesFile, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => CompanySourceRecordSchema.parse(JSON.parse(line)));
  const jobs = companies.flatMap((company) => reportJobsOf(company, 7));
  const groups = jobs.filter((job) => job.input.periods[0]?.group);
  // Every group report, every third other report, and some of them again in euros.
  inputs = [
    ...groups.map((job) => job.input),
    ...jobs.filter((_, i) => i % 3 === 0).map((job) => job.input),
    ...jobs.slice(0, 40).map((job) => ({ ...job.input, currency: "EUR" })),
  ];
  docs = extract(dir, inputs.map(renderAnnualReport));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("renderAnnualReport", () => {
  it("writes well-formed XHTML of realistic size, the same for the same input", () => {
    expect(docs).toHaveLength(inputs.length);
    expect(inputs.some((input) => input.periods[0]?.group)).toBe(true);
    const sizes = inputs.slice(0, 200).map((input) => Buffer.byteLength(renderAnnualReport(input)));
    const average = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    expect(average).toBeGreaterThan(15_000);
    expect(average).toBeLessThan(40_000);
    expect(renderAnnualReport(inputs[0] as AnnualReportInput)).toBe(renderAnnualReport(inputs[0] as AnnualReportInput));
  });

  it("tags every figure so that it reads back as the expected periods, given the format", () => {
    const wrong = inputs.flatMap((input, i) => {
      const expected = expectedAnnualReport(input);
      const read = readPeriods(docs[i] as Extracted, expected.periods, expected.groupReport);
      return JSON.stringify(read) === JSON.stringify(expected.periods)
        ? []
        : [{ orgNo: input.company.orgNo, read, expected: expected.periods }];
    });
    expect(wrong.slice(0, 2)).toEqual([]);
  });

  it("names the company, its number and the fiscal years in se-cd-base facts of the right contexts", () => {
    inputs.forEach((input, i) => {
      const doc = docs[i] as Extracted;
      const expected = expectedAnnualReport(input);
      const own = (local: string) =>
        doc.facts.filter((f) => f.name === `${CD}${local}` && doc.contexts[f.context]?.end === expected.periodEnd).map((f) => f.text);
      expect(own("ForetagetsNamn")).toEqual([input.company.name]);
      expect(own("Organisationsnummer")).toEqual([input.company.orgNo]);
      expect(own("RakenskapsarForstaDag")).toEqual([expected.periodStart]);
      expect(own("RakenskapsarSistaDag")).toEqual([expected.periodEnd]);
      const previous = expected.periods[1];
      if (previous) {
        const days = doc.facts.filter((f) => f.name.startsWith(`${CD}Rakenskapsar`) && doc.contexts[f.context]?.end === previous.end);
        expect(days.map((f) => f.text)).toEqual([previous.start, previous.end]);
      }
      expect(Object.values(doc.contexts).every((c) => c.identifier === input.company.orgNo)).toBe(true);
    });
  });

  it("uses defined contexts and units, unsigned tag contents and registry formats of 2010, 2015 and 2020", () => {
    const formats = new Set<string>();
    const problems: string[] = [];
    for (const doc of docs) {
      for (const fact of doc.facts) {
        if (!doc.contexts[fact.context]) problems.push(`${fact.name}: no context ${fact.context}`);
        if (fact.kind !== "nonFraction") continue;
        if (!doc.units[fact.unit ?? ""]) problems.push(`${fact.name}: no unit ${fact.unit}`);
        if (fact.decimals === null) problems.push(`${fact.name}: no decimals`);
        const isDash = /dash|zero/.test(fact.format ?? "");
        if (!isDash && !/^\d[\d \u00a0.,]*$/.test(fact.text)) problems.push(`${fact.name}: content "${fact.text}"`);
        formats.add(fact.format ?? "none");
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    for (const format of [`${TR1}numspacecomma`, `${TR1}numcommadot`, `${TR4}num-comma-decimal`, `${TR4}num-dot-decimal`])
      expect(formats).toContain(format);
    for (const format of [`${TR1}numdash`, `${TR3}zerodash`, `${TR4}fixed-zero`]) expect(formats).toContain(format);
    expect(formats).not.toContain("none");
    const units = new Set(docs.flatMap((doc) => Object.values(doc.units)));
    expect([...units].sort()).toEqual(["iso4217:EUR", "iso4217:SEK", "se-k2-type:AntalAnstallda", "xbrli:pure"]);
  });

  it("repeats figures only with equal values (the multi-year overview and the statements agree)", () => {
    let repeated = 0;
    for (const doc of docs) {
      const seen = new Map<string, number>();
      for (const fact of doc.facts.filter((f) => f.kind === "nonFraction")) {
        const key = `${fact.name} ${fact.context} ${fact.unit}`;
        const value = factValue(fact);
        if (seen.has(key)) {
          repeated++;
          expect(value, key).toBe(seen.get(key));
        }
        seen.set(key, value);
      }
    }
    expect(repeated).toBeGreaterThan(docs.length);
  });

  it("splits the business description over an ix:continuation with an ix:exclude inside", () => {
    for (const doc of docs) {
      const block = doc.facts.find((f) => f.name === `${GEN}AllmantVerksamheten`);
      expect(block?.continuedAt).toBeTruthy();
      expect(doc.continuations).toContain(block?.continuedAt);
      expect(block?.excludes).toBe(1);
      expect(block?.text).not.toContain("(forts.)");
      expect(doc.hidden).toBe(1);
    }
  });

  it("refers to K2 for small companies, K3 for larger ones and K3K for group reports", () => {
    inputs.forEach((input, i) => {
      const { framework, groupReport } = expectedAnnualReport(input);
      const kind = groupReport ? "k3k" : (framework ?? "none").toLowerCase();
      expect((docs[i] as Extracted).schemaRefs).toEqual([expect.stringContaining(`/gaap/${kind}/`)]);
    });
    const frameworks = new Set(inputs.map((input) => expectedAnnualReport(input).framework));
    expect([...frameworks].sort()).toEqual(["K2", "K3"]);
  });

  it("tags group figures in contexts of their own, with the KoncernMember in the scenario", () => {
    const groupDocs = inputs.flatMap((input, i) => (input.periods[0]?.group ? [docs[i] as Extracted] : []));
    expect(groupDocs.length).toBeGreaterThan(0);
    for (const doc of groupDocs) {
      const groupFacts = doc.facts.filter((f) => doc.contexts[f.context]?.group);
      expect(groupFacts.map((f) => f.name)).toEqual(
        expect.arrayContaining([`${GEN}Nettoomsattning`, `${GEN}EgetKapital`, `${GEN}MedelantaletAnstallda`]),
      );
      expect(groupFacts.some((f) => f.name === `${GEN}ForslagDispositionUtdelning`)).toBe(false);
    }
  });
});

describe("expectedAnnualReport", () => {
  const part = (overrides: Partial<FinancialPart>): FinancialPart => ({
    turnover: 1_234_567,
    cashFlowAffectingEBTDA: 160_000,
    profitAndLossForTheYear: -1_499,
    totalAssets: 2_500_499,
    totalEquity: 800_500,
    sumOfCashBank: 0,
    totalLongTermLiabilities: 499,
    totalShortTermLiabilities: 1_699_500,
    earningsAfterDepreciation: 120_000,
    earningsAfterNetInterestIncome: 110_001,
    dividend: 50_000,
    numberOfEmployees: 3,
    personnelExpenses: 900_000,
    ...overrides,
  });
  const period = (end: string, p: FinancialPart): FinancialPeriod => ({
    type: "ÅR",
    periodStart: `${end.slice(0, 4)}-01-01`,
    periodEnd: end,
    company: p,
    group: null,
  });
  const company = {
    orgNo: "556036-0793",
    name: "Testbolaget AB",
    form: "AB",
    postalAddress: { careOf: null, streetAddress: null, zip: null, city: "Umeå" },
  };
  const input = (seed: number): AnnualReportInput => ({
    company: { ...company, boardMembers: [], managerName: null, managerTitle: null, businessDescription: null, hasAuditor: true } as Pick<
      CompanySourceRecord,
      "orgNo" | "name" | "form" | "postalAddress" | "boardMembers" | "managerName" | "managerTitle" | "businessDescription" | "hasAuditor"
    >,
    periods: [period("2024-12-31", part({})), period("2023-12-31", part({ turnover: null, totalEquity: -12_345 }))],
    seed,
  });
  const seeds = Array.from({ length: 200 }, (_, i) => i + 1);

  it("rounds whole kronor to thousands in tkr reports and keeps them in kronor reports", () => {
    const tkr = seeds.find((seed) => drawLayout(input(seed)).style.scale === 3) as number;
    const kr = seeds.find((seed) => drawLayout(input(seed)).style.scale === 0) as number;
    const [own3, previous3] = expectedAnnualReport(input(tkr)).periods;
    expect(own3?.company).toMatchObject({
      turnover: 1_235_000,
      profitForTheYear: -1_000,
      totalAssets: 2_500_000,
      equity: 801_000,
      cashAndBank: 0,
    });
    expect(own3?.company).toMatchObject({ longTermLiabilities: 0, resultAfterFinancialItems: 110_000, employees: 3, dividend: 50_000 });
    expect(previous3?.company).toMatchObject({ turnover: null, equity: -12_000, dividend: null });
    const [own0] = expectedAnnualReport(input(kr)).periods;
    expect(own0?.company).toMatchObject({
      turnover: 1_234_567,
      profitForTheYear: -1_499,
      longTermLiabilities: 499,
      totalAssets: 2_500_499,
    });
  });

  it("reads the same figures back from the document, in every style the seeds draw", () => {
    const documents = seeds.slice(0, 60).map((seed) => renderAnnualReport(input(seed)));
    const read = extract(dir, documents);
    seeds.slice(0, 60).forEach((seed, i) => {
      const expected = expectedAnnualReport(input(seed));
      expect(readPeriods(read[i] as Extracted, expected.periods, false), `seed ${seed}`).toEqual(expected.periods);
    });
  });

  it("converts kronor into euros and flags the currency", () => {
    const expected = expectedAnnualReport({ ...input(1), currency: "EUR" });
    expect(expected.currency).toBe("EUR");
    expect(expected.remarks.map((r) => r.flag)).toEqual(["FOREIGN_CURRENCY"]);
    expect(expected.periods[0]?.company.turnover).toBe(Math.round(1_234_567 / 11.5));
  });
});
