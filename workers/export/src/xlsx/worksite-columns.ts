/** Columns of a worksite export with the built-in template "Standard": every field of the worksite record. */
import { standardColumnSpecs } from "#shared/api-contracts/export-columns";
import type { WorksiteRecord } from "#shared/search/result-schemas";
import { worksiteColumns } from "./column-values";
import type { Column } from "./columns";

export const WORKSITE_COLUMNS: readonly Column<WorksiteRecord>[] = worksiteColumns(standardColumnSpecs("WORKSITE"));
