/**
 * The public API under /v1 (issue 47 point 2, docs/decisions/0054 and 0055), authenticated by `Authorization: Bearer
 * urv_…`. Its requests reuse the web app's own schemas (the search body is the search screen's, the export choices
 * the export popup's); its answers are the same contracts. /v1/openapi.json is generated from these schemas.
 *
 *   POST /v1/search?page=N            body Search                  → SearchPageAnswer            (scope search)
 *   GET  /v1/companies/{orgNo}                                     → CompanyDetail               (scope details)
 *   GET  /v1/worksites/{cfarNo}                                    → WorksiteDetail              (scope details)
 *   POST /v1/exports                  body V1ExportRequest, Idempotency-Key → 202 ExtractionJob (scope export)
 *   GET  /v1/exports                                               → ExtractionJobList           (scope export)
 *   GET  /v1/exports/{jobId}                                       → ExtractionJob               (scope export)
 *   GET  /v1/exports/{jobId}/file     Range, If-Range              → 200/206 the file            (scope export)
 */
import { z } from "zod";
import { CompanyDetailSchema, WorksiteDetailSchema } from "../search/result-schemas";
import { SearchSchema } from "../search/search-schema";
import { ExtractionRequestBodySchema } from "./extraction";
import { PageNumberSchema } from "./search-api";

/** ?page=N of POST /v1/search: 0 … 49, 20 records a page (as the search screen's pages). */
export const V1SearchQuerySchema = z.strictObject({ page: PageNumberSchema.optional() });

/**
 * An organisation number: "NNNNNN-NNNN" or ten digits, with or without the century in front ("16" for a legal
 * person, "19" or "20" for a sole trader's personal identity number) and with "+" for the dash (a person over 100).
 * Nothing shorter: the number is looked up exactly, never as a prefix (orgNoDigits).
 */
export const OrgNoParamSchema = z
  .string()
  .regex(/^(?:16|19|20)?\d{6}[-+]?\d{4}$/, "Ange organisationsnumret som NNNNNN-NNNN, med eller utan sekelsiffror");

/** The ten digits of an organisation number as OrgNoParamSchema accepts it (the century and the dash left out). */
export const orgNoDigits = (orgNo: string): string => orgNo.replace(/\D/g, "").slice(-10);
/** A worksite's CFAR number: eight digits. */
export const CfarNoParamSchema = z.string().regex(/^\d{8}$/, "Ange CFAR-numret med åtta siffror");
export const JobIdParamSchema = z.uuid("Ogiltigt export-id");
/** One byte range of an export's file (http/byte-range.ts reads it; anything else answers the whole file or 416). */
export const RangeHeaderSchema = z.string().regex(/^bytes=\d*-\d*$/);

export const V1CompanySchema = CompanyDetailSchema;
export const V1WorksiteSchema = WorksiteDetailSchema;

/** POST /v1/exports: the search as an object (the same body as POST /v1/search), how many rows, and the popup's choices. */
export const V1ExportRequestSchema = ExtractionRequestBodySchema.extend({
  search: SearchSchema,
  count: z.number().int("Ange ett heltal").min(1, "Ange minst 1"),
});
export type V1ExportRequest = z.input<typeof V1ExportRequestSchema>;

/**
 * The stable error codes of /v1, each with its status. Every error answers with the one error body (ErrorBodySchema:
 * type, message in Swedish, code, requestId, and for VALIDATION the fields' issues); clients act on `code`.
 */
export const V1_ERROR_CODES = {
  API_KEY_MISSING: "401: no Authorization: Bearer header",
  API_KEY_INVALID: "401: not a key, or no such key",
  API_KEY_REVOKED: "401: the key was revoked",
  API_KEY_EXPIRED: "401: the key's validity ended",
  ACCOUNT_DISABLED: "403: the account is disabled",
  SUBSCRIPTION_EXPIRED: "403: the subscription has ended",
  TERMS_NOT_ACCEPTED: "403: the terms of use are not accepted (sign in once on the site)",
  SCOPE_MISSING: "403: the key lacks the scope the call needs",
  VALIDATION_FAILED: "400: a parameter or the body is invalid; `issues` names the fields",
  INVALID_JSON: "400: the body is not JSON",
  BODY_TOO_LARGE: "413: the body is too large",
  PAGE_TOO_DEEP: "400: past the last visible page; export instead",
  ENTITY_NOT_FOUND: "404: no such company or worksite",
  EXPORT_NOT_FOUND: "404: no such export job of this user",
  EXPORT_EXPIRED: "410: the export's file is no longer kept",
  EXPORT_NOT_READY: "409: the export's file is not written yet",
  EXPORT_FAILED: "409: the export failed (its records were given back)",
  EXPORT_QUOTA_EMPTY: "400: no records left to export in the subscription",
  EXPORT_QUOTA_EXCEEDED: "400: the count is above what the quota allows",
  EXPORT_NOTHING_TO_EXPORT: "400: the search has no records to export",
  EXPORT_COUNT_OUT_OF_RANGE: "400: the count is outside 1 … the most that may be exported",
  EXPORT_TEMPLATE_NOT_FOUND: "404: no such export template",
  EXPORT_QUEUE_UNAVAILABLE: "503: the export could not be queued; try again",
  IDEMPOTENCY_KEY_REUSED: "409: the Idempotency-Key was used for another request",
  RANGE_NOT_SATISFIABLE: "416: the Range lies outside the file",
  RATE_LIMITED: "429: too many calls for the user or the key; see Retry-After",
  ROUTE_NOT_FOUND: "404: no such path",
  INTERNAL: "500: an unexpected error",
} as const;
export type V1ErrorCode = keyof typeof V1_ERROR_CODES;
