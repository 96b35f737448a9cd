import { z } from "zod";

/** The message the API puts on EXPORT_QUEUE: only the job id; everything else is read from the job row. */
export const ExportJobMessageSchema = z.object({ jobId: z.string().min(1).max(64) });
export type ExportJobMessage = z.infer<typeof ExportJobMessageSchema>;
