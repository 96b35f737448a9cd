/**
 * The SQLite side of bench:search: better-sqlite3 as the D1 stand-in, with the tables and indexes a careful SQL
 * design would use (tree paths for SNI and places, one column per flag, FTS5 with prefix indexes for the free text:
 * one contentless table with a column per field, the industry and place words stored per record).
 */
import Database from "better-sqlite3";
import {
  companyTextFields,
  indexWords,
  industryWords,
  placeWords,
  worksiteTextFields,
  type CompanySourceRecord,
  type WorksiteSourceRecord,
} from "#search-index/engine";
import { isLimitedCompanyForm, normalizeSearchText, sniCodeToAncestors } from "#search-index";
import { growthPeriods, isGazelle } from "#shared/search/growth";

export const COMPANY_FLAGS = [
  "has_phone",
  "f_tax",
  "vat_reg",
  "employer_reg",
  "listed",
  "in_group",
  "owner_managed",
  "has_auditor",
  "audit_obligation",
  "shelf",
  "gasell",
] as const;
export const WORKSITE_FLAGS = ["has_phone", "headquarters", "f_tax", "vat_reg", "employer_reg"] as const;

const SCHEMA = `
CREATE TABLE companies (id INTEGER PRIMARY KEY, org_no TEXT NOT NULL, name TEXT NOT NULL, form TEXT, fiscal_year TEXT, muni TEXT, county TEXT,
  turnover REAL, earnings REAL, num_employees INTEGER, limited INTEGER, ${COMPANY_FLAGS.map((f) => `${f} INTEGER`).join(", ")});
CREATE TABLE company_sni (company_id INTEGER NOT NULL, code TEXT NOT NULL);
CREATE TABLE worksites (id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL, name TEXT NOT NULL, muni TEXT, county TEXT, employee_range TEXT,
  turnover REAL, ${WORKSITE_FLAGS.map((f) => `${f} INTEGER`).join(", ")});
CREATE TABLE worksite_sni (worksite_id INTEGER NOT NULL, code TEXT NOT NULL);
CREATE VIRTUAL TABLE company_text USING fts5(name, address, people, industry, place, org_no, content='',
  tokenize='unicode61 remove_diacritics 0', prefix='1 2 3');
CREATE VIRTUAL TABLE worksite_text USING fts5(name, address, industry, place, org_no, content='',
  tokenize='unicode61 remove_diacritics 0', prefix='1 2 3');
`;

const INDEXES = `
CREATE INDEX companies_county ON companies (county, turnover);
CREATE INDEX companies_muni ON companies (muni);
CREATE INDEX companies_turnover ON companies (turnover);
CREATE INDEX companies_form ON companies (form);
CREATE INDEX companies_employees ON companies (num_employees);
CREATE INDEX companies_org_no ON companies (org_no);
CREATE INDEX company_sni_code ON company_sni (code, company_id);
CREATE INDEX company_sni_company ON company_sni (company_id);
CREATE INDEX worksites_county ON worksites (county);
CREATE INDEX worksites_company ON worksites (company_id);
CREATE INDEX worksites_turnover ON worksites (turnover);
CREATE INDEX worksite_sni_code ON worksite_sni (code, worksite_id);
CREATE INDEX worksite_sni_worksite ON worksite_sni (worksite_id);
CREATE TABLE list_numbers (file_id INTEGER NOT NULL, org_no TEXT NOT NULL, PRIMARY KEY (file_id, org_no));
INSERT INTO company_text (company_text) VALUES ('optimize');
INSERT INTO worksite_text (worksite_text) VALUES ('optimize');
ANALYZE;
`;

const path = (code: string | undefined, ancestors: (c: string) => string[]) => (code ? [...ancestors(code), code] : []);
/** 1 or 0; NULL for an unknown value (neither 'Ja' nor 'Nej'). */
const bit = (value: boolean | null) => (value === null ? null : value ? 1 : 0);
/** A field's words as the index holds them (free-text.ts), space-separated for FTS5's tokenizer. */
const words = (text: string) => indexWords(text).join(" ");
const allSni = (codes: readonly string[]) => [...new Set(codes.flatMap((code) => path(code, sniCodeToAncestors)))];

/** One record's rows as both SQL engines of bench:search store them (SQLite here, DuckDB in search-duckdb.ts). */
export interface RecordRows {
  /** The columns of companies (or worksites), in table order. */
  row: (string | number | null)[];
  /** The SNI codes of its tree path (company_sni / worksite_sni). */
  sni: string[];
  /** The free-text words per field, space-separated: name, address, people (companies only), industry, place, org_no. */
  text: string[];
}

/**
 * The rows of each record, companies first: a worksite carries its company's turnover and tax flags, kept here until
 * finish() (one small entry per company).
 */
export class BenchRows {
  private readonly companyFacts = new Map<number, { turnover: number | null; flags: (number | null)[] }>();

  company(c: CompanySourceRecord): RecordRows {
    const flags: (number | null)[] = [
      c.phoneNumbers.length > 0,
      c.fTaxReg,
      c.vatReg,
      c.employerReg,
      c.isListed,
      c.groupMotherOrgNo !== null,
      c.isOwnerManaged,
      c.hasAuditor,
      c.auditObligation,
      c.isShelfCompany,
    ].map(bit);
    // Unknown (too few periods) is NULL: neither 'Ja' nor 'Nej'.
    const gasell = isGazelle(growthPeriods(c.financialPeriods, (period) => period.company));
    flags.push(gasell === null ? null : bit(gasell));
    const row = [
      c.orgSeqNo,
      c.orgNo,
      normalizeSearchText(c.name),
      c.legalFormCode,
      String(c.fiscalYearEndMonth),
      c.seatMunicipalityCode,
      c.seatCountyCode,
      c.turnover,
      c.earnings,
      c.numEmployees,
      bit(isLimitedCompanyForm(c.legalFormCode)),
      ...flags,
    ];
    this.companyFacts.set(c.orgSeqNo, { turnover: c.turnover, flags: [flags[1] ?? null, flags[2] ?? null, flags[3] ?? null] });
    const text = companyTextFields(c);
    return {
      row,
      sni: path(c.sniCodes[0], sniCodeToAncestors),
      text: [
        words(text.name),
        words(text.address),
        words(text.people),
        industryWords(allSni(c.sniCodes)).join(" "),
        placeWords(c.seatMunicipalityCode, c.seatCountyCode).join(" "),
        c.orgNo.replace("-", ""),
      ],
    };
  }

  worksite(w: WorksiteSourceRecord, companyName: string): RecordRows {
    const company = this.companyFacts.get(w.orgSeqNo) ?? { turnover: null, flags: [0, 0, 0] };
    const text = worksiteTextFields(w, companyName);
    return {
      row: [
        Number(w.cfarNo),
        w.orgSeqNo,
        normalizeSearchText(`${w.name} ${companyName}`),
        w.municipalityCode,
        w.countyCode,
        w.employeeRangeCode,
        company.turnover,
        bit(!!w.phoneNumber),
        bit(w.headquarters),
        ...company.flags,
      ],
      sni: path(w.sniCodes[0], sniCodeToAncestors),
      text: [
        words(text.name),
        words(text.address),
        industryWords(allSni(w.sniCodes)).join(" "),
        placeWords(w.municipalityCode, w.countyCode).join(" "),
        w.orgNo.replace("-", ""),
      ],
    };
  }

  finish(): void {
    this.companyFacts.clear();
  }
}

export class SqliteLoader {
  readonly db: Database.Database;
  private readonly insertCompany: Database.Statement;
  private readonly insertCompanySni: Database.Statement;
  private readonly insertWorksite: Database.Statement;
  private readonly insertWorksiteSni: Database.Statement;
  private readonly insertCompanyText: Database.Statement;
  private readonly insertWorksiteText: Database.Statement;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma("journal_mode = OFF");
    this.db.pragma("synchronous = OFF");
    this.db.exec(SCHEMA);
    this.insertCompany = this.db.prepare(
      `INSERT INTO companies VALUES (${Array(11 + COMPANY_FLAGS.length)
        .fill("?")
        .join(", ")})`,
    );
    this.insertCompanySni = this.db.prepare("INSERT INTO company_sni VALUES (?, ?)");
    this.insertWorksite = this.db.prepare(
      `INSERT INTO worksites VALUES (${Array(7 + WORKSITE_FLAGS.length)
        .fill("?")
        .join(", ")})`,
    );
    this.insertWorksiteSni = this.db.prepare("INSERT INTO worksite_sni VALUES (?, ?)");
    this.insertCompanyText = this.db.prepare(
      "INSERT INTO company_text (rowid, name, address, people, industry, place, org_no) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    this.insertWorksiteText = this.db.prepare(
      "INSERT INTO worksite_text (rowid, name, address, industry, place, org_no) VALUES (?, ?, ?, ?, ?, ?)",
    );
    this.db.exec("BEGIN");
  }

  addCompany({ row, sni, text }: RecordRows): void {
    this.insertCompany.run(...row);
    for (const code of sni) this.insertCompanySni.run(row[0], code);
    this.insertCompanyText.run(row[0], ...text);
  }

  addWorksite({ row, sni, text }: RecordRows): void {
    this.insertWorksite.run(...row);
    for (const code of sni) this.insertWorksiteSni.run(row[0], code);
    this.insertWorksiteText.run(row[0], ...text);
  }

  /** Commits and builds the indexes; the database is then read-only for the benchmark. */
  finish(): Database.Database {
    this.db.exec("COMMIT");
    this.db.exec(INDEXES);
    return this.db;
  }
}
