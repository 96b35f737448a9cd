/** Plain values of the export calls (extraction.ts), without zod for the browser's first load. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const EXPORT_RETENTION_DAYS = 7;
