/**
 * What the export worker offers its benchmarks (bench:export): the XLSX and CSV writers and what they are fed with.
 * scripts/ imports the worker only through here (scripts/arch/check.ts).
 */
export { writeCsv } from "./csv/csv-stream";
export { equalParts } from "./r2/equal-parts";
export { dateSerial } from "./xlsx/cells";
export { companyColumns } from "./xlsx/column-values";
export { COMPANY_COLUMNS } from "./xlsx/company-columns";
export { writeCompanyWorkbook } from "./xlsx/workbook-stream";
export { neutraliseFormula } from "./xlsx/xml-text";
