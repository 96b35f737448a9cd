/**
 * The extraction (export) calls, shared by the API worker and the web app's export popup (spec §2, §4, §5, §7):
 *
 *   POST /sapi/extraction/spreadsheet?serializedSearch=&count=   body {exclude, idNumbers, format?, columns?, templateId?},
 *        header Idempotency-Key
 *        → 202 ExtractionJob (the quota is reserved; a replay with the same key answers the same job)
 *   POST /sapi/extraction/preview?serializedSearch=   body {exclude, idNumbers} → ExtractionPreview (the popup's figures)
 *   GET  /sapi/extraction?limit=         → ExtractionJobList: the user's exports of the subscription period, newest first
 *   GET  /sapi/extraction/{jobId}        → ExtractionJob (poll until DONE or ERROR)
 *   GET  /sapi/extraction/{jobId}/file   → the .xlsx or .csv, Content-Disposition "<prefix>-yyyymmdd-hhmm.xlsx" (or .csv);
 *        downloading again costs nothing; 410 USER_MESSAGE once the file has expired; also HEAD; resumable: one
 *        `Range: bytes=…` → 206 with Content-Range, past the end → 416, If-Range on the ETag
 *
 * Format xlsx (default) or csv; columns: the request's own list, else templateId's, else the user's default template
 * (export-templates.ts), else Standard. An unknown column id is a 400 VALIDATION naming columns.N.id.
 *
 * Only the job's owner sees it (404 otherwise). Files and jobs expire after EXPORT_RETENTION_DAYS (then the file is a 410
 * EXPORT_EXPIRED for its owner until the cleanup deletes the job).
 */
import { z } from "zod";
import { fileTimestamp } from "../stockholm-time";
import { ColumnListSchema, ExportFormatSchema, type ExportFormat } from "./export-columns";
import { TemplateIdSchema } from "./export-templates";

export { EXPORT_RETENTION_DAYS, IDEMPOTENCY_KEY_HEADER } from "./extraction-values";
/** Marked rows can only be visible records, so at most 1000 (spec §6). */
export const MAX_MARKED_IDS = 1000;

export const ExportStatusSchema = z.enum(["READY", "RUNNING", "DONE", "ERROR"]);
export type ExportStatus = z.infer<typeof ExportStatusSchema>;

export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_.:-]{8,128}$/, "Ogiltig idempotensnyckel");

/** A count as the query carries it: plain decimal digits only, never "1e3", "0x10", "1.0", " 12" or "+5" (issue 38). */
export const ExportCountSchema = z
  .string()
  .regex(/^\d+$/, "Ange ett heltal")
  .transform(Number)
  .pipe(z.number().int("Ange ett heltal").min(1, "Ange minst 1"));

export const ExtractionQuerySchema = z.object({
  serializedSearch: z.string().min(1).max(16_000),
  count: ExportCountSchema,
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

/** The export request's body: the selection plus the export designer's choices (issue 17). */
export const ExtractionRequestBodySchema = ExtractionSelectionSchema.extend({
  format: ExportFormatSchema.default("xlsx"),
  columns: ColumnListSchema.optional(),
  templateId: TemplateIdSchema.optional(),
});
export type ExtractionRequestBody = z.infer<typeof ExtractionRequestBodySchema>;

export const ExtractionPreviewQuerySchema = ExtractionQuerySchema.pick({ serializedSearch: true });

/**
 * What the export popup shows before the download (issue 17): "Urvalet innehåller N organisationer, varav M redan
 * exporterade under din prenumerationsperiod (kostar inget)". Records already paid for in the subscription period are
 * free, so maxCount (the number input's maximum) can exceed recordsLeft.
 */
export const ExtractionPreviewSchema = z.object({
  resultType: z.enum(["COMPANY", "WORKSITE"]),
  /** N: records in the selection (spec §5's maximum without the quota). */
  selectionCount: z.number().int().nonnegative(),
  /** M: of those, already exported (paid) in the current subscription period. */
  alreadyPaid: z.number().int().nonnegative(),
  recordsLeft: z.number().int(),
  maxCount: z.number().int().nonnegative(),
});
export type ExtractionPreview = z.infer<typeof ExtractionPreviewSchema>;

export const ExtractionJobSchema = z.object({
  jobId: z.string(),
  status: ExportStatusSchema,
  /** Rows requested. */
  count: z.number().int(),
  /**
   * Records charged to the quota: the rows not already paid for in the subscription period (issue 17), net of what
   * the job gave back when it settled (rows it could not write, or everything when it failed).
   */
  chargedCount: z.number().int(),
  /** Rows written, once DONE (can be below count when the hits shrank meanwhile; the difference is refunded). */
  rowCount: z.number().int().nullable(),
  /** Rows written so far while RUNNING (from the export worker's heartbeat); the final count once DONE. */
  rowsWritten: z.number().int().nonnegative(),
  fileName: z.string(),
  format: ExportFormatSchema,
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type ExtractionJob = z.infer<typeof ExtractionJobSchema>;

/** "Mina exporter" (issue 28): at most this many exports, newest first. */
export const EXPORT_LIST_MAX = 100;

export const ExtractionListQuerySchema = z.object({
  limit: z.coerce.number().int("Ange ett heltal").min(1).max(EXPORT_LIST_MAX).default(50),
});

/** An export in "Mina exporter": the job's answer plus what the list shows about it. */
export const ExtractionJobListItemSchema = ExtractionJobSchema.extend({
  resultType: z.enum(["COMPANY", "WORKSITE"]),
  /** The search in one line ("Bransch: 62.010 Dataprogrammering · Plats: Malmö"), see #shared/search/search-description. */
  summary: z.string(),
  /** Rows of the request already paid for in the subscription period when it was made (they cost nothing). */
  freeCount: z.number().int().nonnegative(),
  /** DONE and its file still kept (before expiresAt): the file can be downloaded again, at no cost. */
  downloadable: z.boolean(),
});
export type ExtractionJobListItem = z.infer<typeof ExtractionJobListItemSchema>;

export const ExtractionJobListSchema = z.object({ jobs: z.array(ExtractionJobListItemSchema) });
export type ExtractionJobList = z.infer<typeof ExtractionJobListSchema>;

/** "urval-foretag-20261121-1430.xlsx": a prefix per result type, then Swedish date and time, then the format. */
export function exportFileName(resultType: "COMPANY" | "WORKSITE", createdAt: Date, format: ExportFormat = "xlsx"): string {
  const prefix = resultType === "COMPANY" ? "urval-foretag" : "urval-arbetsstallen";
  return `${prefix}-${fileTimestamp(createdAt)}.${format}`;
}
