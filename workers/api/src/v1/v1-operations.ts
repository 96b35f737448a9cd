/**
 * The operations of /v1 as data, for the OpenAPI document (openapi.ts): each names the zod schemas its route validates
 * with (#shared/api-contracts/v1 and the web app's own contracts) and its examples. The examples are run as they stand
 * against the real worker by tests/integration/v1-openapi.test.ts, each answer checked against its documented schema;
 * they use the search fixture's records (tests/fixtures/search), so that they find something there. A path or header
 * value "$<example>.<field>" stands for that field of the named example's answer (an export's jobId).
 */
import type { z } from "zod";
import type { ApiKeyScope } from "#shared/api-contracts/api-keys";
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from "#shared/api-contracts/extraction";
import { CfarNoParamSchema, JobIdParamSchema, OrgNoParamSchema, RangeHeaderSchema, V1SearchQuerySchema } from "#shared/api-contracts/v1";
import { ExtractionListQuerySchema } from "#shared/api-contracts/extraction";

/** Components of the document: request bodies (as clients may send them) and answers (as the API writes them). */
export type RequestComponent = "SearchRequest" | "ExportRequest";
export type AnswerComponent = "SearchPageAnswer" | "CompanyDetail" | "WorksiteDetail" | "ExtractionJob" | "ExtractionJobList" | "Error";

export interface V1Example {
  name: string;
  summary: string;
  path?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  /** The status the example answers with. */
  status: number;
}

export interface V1Response {
  description: string;
  /** A JSON answer's component, or a file. */
  content: AnswerComponent | "file" | "none";
}

export interface V1Operation {
  operationId: string;
  method: "get" | "post";
  /** OpenAPI's path template: /v1/companies/{orgNo}. */
  path: string;
  summary: string;
  description: string;
  scope: ApiKeyScope;
  pathParams?: Record<string, { schema: z.ZodType; description: string }>;
  query?: z.ZodObject;
  headers?: Record<string, { schema: z.ZodType; description: string; required: boolean }>;
  body?: RequestComponent;
  responses: Record<number, V1Response>;
  examples: V1Example[];
}

const error = (description: string): V1Response => ({ description, content: "Error" });

/** Answers every authenticated operation may give besides its own. */
export const COMMON_RESPONSES: Record<number, V1Response> = {
  400: error("A parameter or the body is invalid (VALIDATION_FAILED, with the fields in `issues`)."),
  401: error("No key, or the key is invalid, revoked or expired (API_KEY_MISSING, API_KEY_INVALID, API_KEY_REVOKED, API_KEY_EXPIRED)."),
  403: error(
    "The account is disabled or past its subscription, or the key lacks the scope (ACCOUNT_DISABLED, SUBSCRIPTION_EXPIRED, TERMS_NOT_ACCEPTED, SCOPE_MISSING).",
  ),
  429: error("Too many calls for the user or for the key (RATE_LIMITED); wait Retry-After seconds."),
};

const FIXTURE_ORG_NO = "556000-0019";
const FIXTURE_CFAR_NO = "10000101";
const MISSING_JOB_ID = "00000000-0000-4000-8000-000000000000";

const EXPORT_HEADERS = {
  [IDEMPOTENCY_KEY_HEADER]: {
    schema: IdempotencyKeySchema,
    required: true,
    description: "Your id for this request (8–128 of A–Z a–z 0–9 _ . : -): sent again, it answers the same job and costs nothing.",
  },
};

export const V1_OPERATIONS: readonly V1Operation[] = [
  {
    operationId: "search",
    method: "post",
    path: "/v1/search",
    summary: "Search companies or worksites",
    description:
      "The search screen's own search: the body is the same search object, the answer a page of 20 records with the hit count and the counts per filter value (aggregations). Pages 0–49.",
    scope: "search",
    query: V1SearchQuerySchema,
    body: "SearchRequest",
    responses: {
      200: { description: "A page of results.", content: "SearchPageAnswer" },
      400: error("The search or the page is invalid."),
    },
    examples: [
      {
        name: "software-in-stockholm",
        summary: "Companies in SNI 62 in Stockholm, largest turnover first",
        body: { codeSet: { sni: ["62"], location: ["0180"] } },
        status: 200,
      },
      {
        name: "excluding",
        summary: "Companies in Stockholm county outside the city of Stockholm, leaving out SNI 64 (excludeCodeSet)",
        body: { codeSet: { location: ["01"] }, excludeCodeSet: { location: ["0180"], sni: ["64"] } },
        status: 200,
      },
      {
        name: "worksites-second-page",
        summary: "The second page of all worksites",
        query: { page: "1" },
        body: { resultType: "WORKSITE" },
        status: 200,
      },
      { name: "free-text", summary: "Free text, as typed in the search box", body: { text: "alfa data" }, status: 200 },
      { name: "invalid-field", summary: "An unknown field is refused, naming it", body: { range: { colour: "1-2" } }, status: 400 },
    ],
  },
  {
    operationId: "getCompany",
    method: "get",
    path: "/v1/companies/{orgNo}",
    summary: "A company by organisation number",
    description: "The company's detail: address, industries, figures of the latest periods, group.",
    scope: "details",
    pathParams: {
      orgNo: {
        schema: OrgNoParamSchema,
        description:
          "The organisation number: NNNNNN-NNNN or ten digits, with or without the century (16, 19 or 20) in front, + for the dash. Looked up exactly: never a prefix, never a near number.",
      },
    },
    responses: { 200: { description: "The company.", content: "CompanyDetail" }, 404: error("No such company (ENTITY_NOT_FOUND).") },
    examples: [
      { name: "company", summary: "A company", path: { orgNo: FIXTURE_ORG_NO }, status: 200 },
      { name: "company-digits", summary: "The same, as ten digits", path: { orgNo: FIXTURE_ORG_NO.replace("-", "") }, status: 200 },
      { name: "company-century", summary: "The same, with the century digits", path: { orgNo: `16${FIXTURE_ORG_NO}` }, status: 200 },
      {
        name: "company-prefix",
        summary: "Part of a number is refused, not searched",
        path: { orgNo: FIXTURE_ORG_NO.slice(0, 9) },
        status: 400,
      },
      { name: "unknown-company", summary: "No such company", path: { orgNo: "999999-9999" }, status: 404 },
    ],
  },
  {
    operationId: "getWorksite",
    method: "get",
    path: "/v1/worksites/{cfarNo}",
    summary: "A worksite by CFAR number",
    description: "The worksite's record, with its company's figures.",
    scope: "details",
    pathParams: { cfarNo: { schema: CfarNoParamSchema, description: "The worksite's CFAR number, eight digits." } },
    responses: { 200: { description: "The worksite.", content: "WorksiteDetail" }, 404: error("No such worksite (ENTITY_NOT_FOUND).") },
    examples: [
      { name: "worksite", summary: "A worksite", path: { cfarNo: FIXTURE_CFAR_NO }, status: 200 },
      { name: "malformed-cfar", summary: "Not eight digits", path: { cfarNo: "1234" }, status: 400 },
    ],
  },
  {
    operationId: "createExport",
    method: "post",
    path: "/v1/exports",
    summary: "Start an export",
    description:
      "Queues an .xlsx or .csv file of the search's first `count` records in its sort order, as the export popup does: records already exported in the subscription period cost nothing, the rest are debited from the quota when the job is accepted and given back when they could not be written.",
    scope: "export",
    headers: EXPORT_HEADERS,
    body: "ExportRequest",
    responses: {
      202: { description: "The job, queued.", content: "ExtractionJob" },
      400: error("The request is invalid or above the quota (VALIDATION_FAILED, EXPORT_QUOTA_EXCEEDED, EXPORT_COUNT_OUT_OF_RANGE …)."),
      409: error("The Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED)."),
    },
    examples: [
      {
        name: "export-csv",
        summary: "The 10 companies with the largest turnover, as CSV",
        headers: { [IDEMPOTENCY_KEY_HEADER]: "example-export-0001" },
        body: { search: { resultType: "COMPANY" }, count: 10, format: "csv" },
        status: 202,
      },
    ],
  },
  {
    operationId: "listExports",
    method: "get",
    path: "/v1/exports",
    summary: "The exports of the subscription period",
    description: 'Newest first, as on "Mina exporter".',
    scope: "export",
    query: ExtractionListQuerySchema,
    responses: { 200: { description: "The exports.", content: "ExtractionJobList" } },
    examples: [{ name: "latest-exports", summary: "The latest five", query: { limit: "5" }, status: 200 }],
  },
  {
    operationId: "getExport",
    method: "get",
    path: "/v1/exports/{jobId}",
    summary: "An export's status",
    description: "Poll until `status` is DONE (the file can be downloaded) or ERROR (the records were given back).",
    scope: "export",
    pathParams: { jobId: { schema: JobIdParamSchema, description: "The job's id from POST /v1/exports." } },
    responses: { 200: { description: "The job.", content: "ExtractionJob" }, 404: error("No such export of yours (EXPORT_NOT_FOUND).") },
    examples: [
      { name: "export-status", summary: "The status of the export started above", path: { jobId: "$export-csv.jobId" }, status: 200 },
      { name: "unknown-export", summary: "Another user's job, or none, is not found", path: { jobId: MISSING_JOB_ID }, status: 404 },
    ],
  },
  {
    operationId: "downloadExport",
    method: "get",
    path: "/v1/exports/{jobId}/file",
    summary: "Download an export's file",
    description:
      "The .xlsx or .csv once the job is DONE; downloading again costs nothing. Resumable: one `Range: bytes=…` answers 206 with Content-Range (416 past the end), If-Range with the ETag.",
    scope: "export",
    pathParams: { jobId: { schema: JobIdParamSchema, description: "The job's id." } },
    headers: {
      Range: { schema: RangeHeaderSchema, required: false, description: "One byte range, e.g. bytes=0-1023." },
    },
    responses: {
      200: { description: "The whole file.", content: "file" },
      206: { description: "Part of the file.", content: "file" },
      404: error("No such export of yours (EXPORT_NOT_FOUND)."),
      409: error("Not written yet, or failed (EXPORT_NOT_READY, EXPORT_FAILED)."),
      410: error("The file is no longer kept (EXPORT_EXPIRED)."),
      416: error("The range lies outside the file (RANGE_NOT_SATISFIABLE)."),
    },
    examples: [
      { name: "download", summary: "The whole file", path: { jobId: "$export-csv.jobId" }, status: 200 },
      {
        name: "download-range",
        summary: "Its first 100 bytes",
        path: { jobId: "$export-csv.jobId" },
        headers: { Range: "bytes=0-99" },
        status: 206,
      },
    ],
  },
];
