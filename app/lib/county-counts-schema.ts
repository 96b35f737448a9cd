/** The part of the default company search's answer the start page's county map reads (county-counts.ts). */
import { z } from "zod";
import { CodeCountsSchema } from "./refdata-schemas";

export const FirstPageSchema = z.object({
  results: z.object({ aggregations: z.object({ location_all: CodeCountsSchema }).loose() }).loose(),
});
