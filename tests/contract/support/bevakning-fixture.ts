/**
 * The search fixture with hand-made churn for Bevakning's conformance tests: version 1 is the fixture, version 2 removes
 * a company, adds one, renames into a search (a rename out of "konsult" keeps the company in by its trade), changes
 * SNI, turnover and F-tax, changes watched companies, and moves two worksites alone; two users follow it with saved searches (some naming list files), list files and
 * watched companies, made so that each kind of alert occurs.
 */
import type { CompanySourceRecord, WorksiteSourceRecord } from "#search-index/records";
import { fixtureCompanies, fixtureWorksites } from "../../fixtures/search/fixture-dataset";
import type { Subscriptions } from "./bevakning-runs";

export const [ANNA, BERIT] = ["user-anna", "user-berit"];
export const NEW_ID = 990_001;
const [BERIT_FILE, ANNA_FILE] = [101, 102];

const edit = (company: CompanySourceRecord, change: Partial<CompanySourceRecord>): CompanySourceRecord => ({
  ...structuredClone(company),
  ...change,
});

/**
 * Worksite-only churn: company 3's Uppsala worksite moves to Göteborg (1480), into s3's location with `useLocation:
 * false`; company 9's Göteborg worksite moves to Malmö, out of it. Neither company's own document changes.
 */
export const MOVED_WORKSITES = new Map([
  ["10000302", { orgSeqNo: 3, municipalityCode: "1480", countyCode: "14" }],
  ["10000902", { orgSeqNo: 9, municipalityCode: "1280", countyCode: "12" }],
]);

function moved(w: WorksiteSourceRecord): WorksiteSourceRecord {
  const move = MOVED_WORKSITES.get(w.cfarNo);
  if (!move) return w;
  if (w.orgSeqNo !== move.orgSeqNo || w.municipalityCode === move.municipalityCode) throw new Error(`fixture worksite ${w.cfarNo} changed`);
  return { ...structuredClone(w), municipalityCode: move.municipalityCode, countyCode: move.countyCode };
}

/**
 * Version 2: one company removed, one added (with a worksite), renames into and out of a search, changed SNI,
 * turnover, F-tax, watched companies' changes, and two companies whose worksites alone change (MOVED_WORKSITES).
 */
function churned(): { companies: CompanySourceRecord[]; worksites: WorksiteSourceRecord[] } {
  const byId = new Map(fixtureCompanies().map((c) => [c.orgSeqNo, c]));
  const at = (id: number) => byId.get(id) as CompanySourceRecord;
  const sigma = at(23);
  const changes = new Map<number, CompanySourceRecord>([
    [13, edit(at(13), { name: "Kappa IT Konsult AB" })],
    [2, edit(at(2), { name: "Beta Rådgivning AB" })],
    [17, edit(at(17), { sniCodes: ["62010"] })],
    [12, edit(at(12), { turnover: 11_000_000 })],
    [28, edit(at(28), { fTaxReg: false })],
    [5, edit(at(5), { phoneNumbers: [...at(5).phoneNumbers, "08-555 12 34"] })],
    [
      23,
      edit(sigma, {
        scoring: 3,
        numEmployees: 21,
        boardMembers: [...sigma.boardMembers, { name: "Bo Bevakare", age: 48, roles: ["Ledamot"] }],
      }),
    ],
  ]);
  const added = edit(at(32), {
    orgSeqNo: NEW_ID,
    orgNo: "559900-0017",
    name: "Konsult Nova AB",
    seatMunicipalityCode: "1480",
    seatCountyCode: "14",
  });
  const companies = [...byId.values()].filter((c) => c.orgSeqNo !== 22).map((c) => changes.get(c.orgSeqNo) ?? c);
  const template = fixtureWorksites().find((w) => w.orgSeqNo === 32) as WorksiteSourceRecord;
  const worksite = { ...template, cfarNo: "99000001", orgSeqNo: NEW_ID, orgNo: added.orgNo, municipalityCode: "0180", countyCode: "01" };
  const worksites = fixtureWorksites()
    .filter((w) => w.orgSeqNo !== 22)
    .map(moved);
  return { companies: [...companies, added], worksites: [...worksites, worksite] };
}

export const v1 = { companies: fixtureCompanies(), worksites: fixtureWorksites() };
export const v2 = churned();

const orgNoOf = new Map(v1.companies.map((c) => [c.orgSeqNo, c.orgNo]));

export const SUBSCRIPTIONS: Subscriptions = {
  users: [ANNA, BERIT],
  saved: [
    { id: "s1-konsult", user: ANNA, search: { text: "konsult" } },
    { id: "s2-it", user: ANNA, search: { codeSet: { sni: ["62"] } } },
    { id: "s3-skane", user: ANNA, search: { codeSet: { location: ["1480"] }, bool: { useLocation: false } } },
    { id: "s4-turnover", user: ANNA, search: { range: { turnover: "10000000_" } } },
    { id: "s5-hb-ftax", user: BERIT, search: { codeSet: { companyForm: ["31"] }, bool: { fTax: true } } },
    { id: "s6-list", user: BERIT, search: { text: "konsult", numSet: { includeFile: [BERIT_FILE] } } },
    { id: "s7-old", user: BERIT, search: { text: "data" }, checked: 0 },
    { id: "s8-food", user: BERIT, search: { codeSet: { sni: ["56"] }, bool: { useMainSni: false } } },
    { id: "s9-it-but-list", user: ANNA, search: { codeSet: { sni: ["62"] }, numSet: { excludeFile: [ANNA_FILE] } } },
    { id: "s10-deleted-list", user: BERIT, search: { text: "konsult", numSet: { includeFile: [999] } } },
    { id: "s11-foreign-list", user: ANNA, search: { text: "konsult", numSet: { includeFile: [BERIT_FILE] } } },
  ],
  // Berit's file holds companies 2 and 13, Anna's company 17 (file 999 was deleted).
  listFiles: [
    { id: BERIT_FILE, user: BERIT, orgNos: [2, 13].map((id) => orgNoOf.get(id) ?? "") },
    { id: ANNA_FILE, user: ANNA, orgNos: [17].map((id) => orgNoOf.get(id) ?? "") },
  ],
  watched: [
    [BERIT, 3],
    [ANNA, 22],
    [ANNA, 23],
    [ANNA, 1],
    [BERIT, 5],
    [BERIT, 23],
  ],
};
