/**
 * The extraction (export) calls, shared by the API worker and the web app's export popup (spec §2, §4, §5, §7):
 *
 *   POST /sapi/extraction/spreadsheet?serializedSearch=&count=   body {exclude, idNumbers}, header Idempotency-Key
 *        → 202 ExtractionJob (the quota is reserved; a replay with the same key answers the same job)
 *   GET  /sapi/extraction/{jobId}        → ExtractionJob (poll until DONE or ERROR)
 *   GET  /sapi/extraction/{jobId}/file   → the .xlsx, Content-Disposition "<prefix>-yyyymmdd-hhmm.xlsx"
 *
 * Only the job's owner sees it (404 otherwise). Files and jobs expire after EXPORT_RETENTION_DAYS.
 */
import { z } from "zod";
import { fileTimestamp } from "../stockholm-time";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const EXPORT_RETENTION_DAYS = 7;
/** Marked rows can only be visible records, so at most 1000 (spec §6). */
export const MAX_MARKED_IDS = 1000;

export const ExportStatusSchema = z.enum(["READY", "RUNNING", "DONE", "ERROR"]);
export type ExportStatus = z.infer<typeof ExportStatusSchema>;

export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_.:-]{8,128}$/, "Ogiltig idempotensnyckel");

export const ExtractionQuerySchema = z.object({
  serializedSearch: z.string().min(1).max(16_000),
  count: z.coerce.number().int("Ange ett heltal").min(1, "Ange minst 1"),
});

/** Extraction selection (spec §3): ids are orgSeqNo (companies) or cfarNo (worksites). */
export const ExtractionSelectionSchema = z.strictObject({
  exclude: z.boolean().default(false),
  idNumbers: z
    .array(z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]))
    .max(MAX_MARKED_IDS)
    .default([]),
});
export type ExtractionSelection = z.infer<typeof ExtractionSelectionSchema>;

export const ExtractionJobSchema = z.object({
  jobId: z.string(),
  status: ExportStatusSchema,
  /** Rows requested (and reserved from the quota). */
  count: z.number().int(),
  /** Rows written, once DONE (can be below count when the hits shrank meanwhile; the difference is refunded). */
  rowCount: z.number().int().nullable(),
  fileName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type ExtractionJob = z.infer<typeof ExtractionJobSchema>;

/** "urval-foretag-20261121-1430.xlsx": a prefix per result type, then Swedish date and time. */
export function exportFileName(resultType: "COMPANY" | "WORKSITE", createdAt: Date): string {
  const prefix = resultType === "COMPANY" ? "urval-foretag" : "urval-arbetsstallen";
  return `${prefix}-${fileTimestamp(createdAt)}.xlsx`;
}
