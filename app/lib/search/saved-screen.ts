/** The search screen's part of the reload state (use-reload-state.ts), as checked when read back. */
import { z } from "zod";

export const SavedScreenSchema = z.object({
  page: z.number().int().min(0).max(49),
  selection: z.object({ active: z.boolean(), ids: z.array(z.string()).max(1000), exclude: z.boolean() }),
  detailId: z.string().nullable(),
  panel: z.enum(["sni", "location"]).nullable(),
});
export type SavedScreen = z.infer<typeof SavedScreenSchema>;
