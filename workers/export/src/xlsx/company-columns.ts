/** Columns of a company export with the built-in template "Standard": every field of the company search record. */
import { standardColumnSpecs } from "#shared/api-contracts/export-columns";
import type { CompanyRecord } from "#shared/search/result-schemas";
import { companyColumns } from "./column-values";
import type { Column } from "./columns";

export const COMPANY_COLUMNS: readonly Column<CompanyRecord>[] = companyColumns(standardColumnSpecs("COMPANY"));
