/**
 * What the fuzzer knows about each route of the API's router: valid-ish path params, query, body and headers (from
 * the zod contracts, or hand-picked where a valid value needs reference data) and the contract of a 2xx answer. The
 * route list itself comes from createApp().routes; a route without an entry here is still fuzzed with generic input,
 * and the test names it so its contract gets added.
 */
import fc from "fast-check";
import { z } from "zod";
import { OneTimeCodeCreateAnswerSchema, SessionAnswerSchema } from "#shared/api-contracts/auth";
import {
  ExtractionJobListSchema,
  ExtractionJobSchema,
  ExtractionPreviewSchema,
  ExtractionQuerySchema,
  ExtractionSelectionSchema,
} from "#shared/api-contracts/extraction";
import { ExportTemplateListSchema, ExportTemplateSchema } from "#shared/api-contracts/export-templates";
import {
  DigestSettingRequestSchema,
  MonitoringOverviewSchema,
  NewCompaniesSchema,
  RenameSavedSearchRequestSchema,
  SavedSearchSchema,
  UnreadCountSchema,
  WatchedCompanySchema,
  WatchedIdsSchema,
} from "#shared/api-contracts/monitoring";
import {
  AnnualReportListSchema,
  AnnualReportOpenQuerySchema,
  AnnualReportRefNoSchema,
  EntityAnswerSchema,
  EntityIdSchema,
  FinancialConfigAnswerSchema,
  OrgSeqNoParamSchema,
  PageNumberSchema,
  RefEntriesSchema,
  RefTreeSchema,
  SearchAnswerSchema,
  SearchPageAnswerSchema,
  SharedLinkAnswerSchema,
  SniAggregationSchema,
  SniKeywordsSchema,
  StoreFinancialConfigRequestSchema,
} from "#shared/api-contracts/search-api";
import { ActiveUserSchema, ContactMessageSchema, TermsOfUseSchema } from "#shared/api-contracts/subscription";
import { ApiKeyListSchema, CreateApiKeyRequestSchema, CreatedApiKeySchema } from "#shared/api-contracts/api-keys";
import { V1CompanySchema, V1ExportRequestSchema, V1WorksiteSchema } from "#shared/api-contracts/v1";
import { WebhookDeliveriesSchema, WebhookDeliverySchema, WebhookListSchema, WebhookWithSecretSchema } from "#shared/api-contracts/webhooks";
import { ListFileListSchema, SeqNoParamSchema } from "#shared/api-contracts/list-files";
import { SuggestAnswerSchema } from "#shared/api-contracts/suggest";
import { AbortCodeSchema, ConfirmCodeSchema, CreateCodeSchema, PasswordSignInSchema } from "#api/auth/auth-schemas";
import { SearchSchema } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";
import { counties, sniTree } from "#search-index";
import { BOOL_FILTERS, BOOL_FILTER_NAMES, SORT_FIELDS, type ResultType } from "#shared/search/search-fields";
import { fixtureCompanies } from "#tests/fixtures/search/fixture-dataset";
import type { BodySpec } from "./hostile-values";
import { arbitraryFromZod } from "./zod-arbitrary";

/** Values only known while the test runs (ids the API handed out); the sender substitutes them. */
export const PLACEHOLDERS = [
  "@listFileId",
  "@jobId",
  "@sharedLinkId",
  "@idempotencyKey",
  "@codeId",
  "@sacrificeId",
  "@sacrificeSecret",
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export type AnswerContract = z.ZodType | "empty" | "html" | "xlsx";

export interface RouteContract {
  params?: Record<string, fc.Arbitrary<string>>;
  query?: fc.Arbitrary<Record<string, string>>;
  body?: fc.Arbitrary<BodySpec>;
  headers?: fc.Arbitrary<Record<string, string>>;
  answer: AnswerContract;
  /** The body's natural content type when not JSON: hostile bodies are sent with it too. */
  multipart?: boolean;
  /** Never sent with the fuzz user's session: the call would end or rotate it (sign-out, refresh). */
  withoutUserSession?: boolean;
}

const OkSchema = z.object({ ok: z.literal(true) });
const json = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<BodySpec> => arbitrary.map((value) => ({ kind: "json", value }));
const fromZod = (schema: z.ZodType) => arbitraryFromZod(schema);
const stringParam = (schema: z.ZodType) => arbitraryFromZod(schema).map(String);

/** A search the API accepts: codes from the reference data, filters and sorts that apply to the result type. */
export const validSearch = fc.constantFrom<ResultType>("COMPANY", "WORKSITE").chain((type) =>
  fc.record(
    {
      resultType: fc.constant(type),
      text: fc.constantFrom("AB", "bygg", "Ärlighetens", "a", "1"),
      bool: fc.dictionary(fc.constantFrom(...BOOL_FILTER_NAMES.filter((name) => BOOL_FILTERS[name].types.includes(type))), fc.boolean(), {
        maxKeys: 2,
      }),
      range: fc.tuple(fc.nat(50), fc.nat(500)).map(([from, span]) => ({ numEmployees: `${from}_${from + span}` })),
      codeSet: fc.record(
        {
          sni: fc.subarray(
            sniTree.map((node) => node.code),
            { maxLength: 3 },
          ),
          location: fc.subarray(
            counties.map((county) => county.code),
            { maxLength: 3 },
          ),
        },
        { requiredKeys: [] },
      ),
      sort: fc.tuple(fc.constantFrom(...SORT_FIELDS[type]), fc.boolean()).map(([field, ascending]) => [{ field, ascending }]),
    },
    { requiredKeys: ["resultType"] },
  ),
);

export const validSerializedSearch = validSearch.map((search) => serializeSearch(SearchSchema.parse(search)));

/** A text list file of the register's organisation numbers in multipart/form-data (field listFile). */
export const validListFileUpload: fc.Arbitrary<BodySpec> = fc
  .subarray(
    fixtureCompanies().map((company) => company.orgNo),
    { minLength: 1, maxLength: 5 },
  )
  .map((numbers): BodySpec => ({ kind: "multipart", field: "listFile", fileName: "lista.txt", content: numbers.join("\r\n") }));

const refdata = (schema: z.ZodType): RouteContract => ({ answer: schema });

/** Bevakning (issue 16): saved-search ids are random (another user's, or none: 404); companies of the register. */
const savedSearchId = fc.stringMatching(/^[A-Za-z0-9]{16}$/);
const registerOrgSeqNo = fc.constantFrom(...fixtureCompanies().map((company) => String(company.orgSeqNo)));

/** Webhooks and API keys (issue 47): random ids (another user's, or none: 404); addresses allowed and refused. */
const webhookId = fc.stringMatching(/^wh_[A-Za-z0-9]{16}$/);
const webhookEventId = fc.stringMatching(/^msg_[A-Za-z0-9]{24}$/);
const apiKeyId = fc.stringMatching(/^[A-Za-z0-9]{12}$/);
const webhookUrl = fc.oneof(
  fc.constantFrom("http://127.0.0.1:9/hook", "https://10.0.0.1/hook", "https://169.254.169.254/", "javascript:alert(1)"),
  fc.webUrl(),
  fc.string(),
);

/** Export templates (issue 17): a built-in id or a random one (another user's, or none: 404). */
const templateId = fc.oneof(fc.constantFrom("standard", "hubspot", "upsales"), fc.uuid());
const templateInput = fc.record({
  name: fc.string({ minLength: 1, maxLength: 40 }),
  resultType: fc.constantFrom("COMPANY", "WORKSITE"),
  columns: fc.constantFrom([{ id: "name" }], [{ id: "orgNo", header: "Org.nr" }, { id: "city" }], [{ id: "okänd" }]),
});

export const ROUTE_CONTRACTS: Record<string, RouteContract> = {
  "GET /sapi/health": { answer: z.object({ ok: z.literal(true), version: z.string(), backend: z.string(), documents: z.number() }) },
  "GET /api/subscription/terms-of-use": { answer: TermsOfUseSchema },
  "GET /sapi/subscription/active-user": { answer: ActiveUserSchema },
  "POST /sapi/subscription/accept-terms": { answer: z.object({ signedTerms: z.literal(true) }) },
  "GET /sapi/preflight": { answer: z.object({ expiresAt: z.string() }) },
  "GET /sapi/refdata/sni-tree": refdata(RefTreeSchema),
  "GET /sapi/refdata/location-tree": refdata(RefTreeSchema),
  "GET /sapi/refdata/company-form-entries": refdata(RefEntriesSchema),
  "GET /sapi/refdata/fiscal-year-entries": refdata(RefEntriesSchema),
  "GET /sapi/refdata/employee-range-entries": refdata(RefEntriesSchema),
  "GET /sapi/refdata/sni-keywords": refdata(SniKeywordsSchema),
  "GET /sapi/refdata/sni-aggregation": refdata(SniAggregationSchema),
  "POST /sapi/search/page/:page": {
    params: { page: fc.oneof(stringParam(PageNumberSchema), fc.nat(49).map(String)) },
    body: fc.oneof(json(validSearch), json(fromZod(SearchSchema))),
    headers: fc.record({ "X-Search-Request-Id": fc.nat().map(String) }, { requiredKeys: [] }),
    answer: SearchPageAnswerSchema,
  },
  "GET /sapi/search/suggest": {
    query: fc.oneof(
      fc.record({ text: fc.string({ maxLength: 220 }), type: fc.constantFrom("COMPANY", "WORKSITE") }, { requiredKeys: ["text"] }),
      fc.record({ text: fc.constantFrom("bygg", "pizzeria kalmar", "556", "AB", "&&", "\u0000", "a".repeat(201)) }),
    ),
    answer: SuggestAnswerSchema,
  },
  "GET /sapi/search/serialized": {
    query: fc.oneof(validSerializedSearch, fc.string()).map((serializedSearch) => ({ serializedSearch })),
    answer: SearchAnswerSchema,
  },
  "POST /sapi/search/create-shared-link/:serializedSearch": {
    params: { serializedSearch: validSerializedSearch },
    answer: SharedLinkAnswerSchema,
  },
  "GET /sapi/search/shared-link/:id": { params: { id: fc.constant("@sharedLinkId") }, answer: SearchAnswerSchema },
  "DELETE /sapi/search/shared-link/:id": { params: { id: fc.constant("@sharedLinkId") }, answer: "empty" },
  "GET /sapi/details/entity/:id": {
    params: { id: fc.oneof(stringParam(EntityIdSchema), fc.integer({ min: 1, max: 60 }).map(String)) },
    answer: EntityAnswerSchema,
  },
  "GET /sapi/annual-report/:orgSeqNo": {
    params: { orgSeqNo: fc.oneof(stringParam(OrgSeqNoParamSchema), fc.integer({ min: 1, max: 60 }).map(String)) },
    answer: AnnualReportListSchema,
  },
  "GET /sapi/annual-report/open/:refNo": {
    params: { refNo: stringParam(AnnualReportRefNoSchema) },
    query: fromZod(AnnualReportOpenQuerySchema) as fc.Arbitrary<Record<string, string>>,
    answer: "html",
  },
  "POST /sapi/user-config/store-user-company-financial-config": {
    body: json(fromZod(StoreFinancialConfigRequestSchema)),
    answer: FinancialConfigAnswerSchema,
  },
  "GET /sapi/list-file/get/": { answer: ListFileListSchema },
  "GET /sapi/list-file/get/:seqNo?": { params: { seqNo: stringParam(SeqNoParamSchema) }, answer: ListFileListSchema },
  "POST /sapi/list-file/add/": { body: validListFileUpload, answer: ListFileListSchema, multipart: true },
  "POST /sapi/list-file/add/:seqNo?": {
    params: { seqNo: stringParam(SeqNoParamSchema) },
    body: validListFileUpload,
    answer: ListFileListSchema,
    multipart: true,
  },
  "POST /sapi/list-file/delete/:fileId": { params: { fileId: fc.constant("@listFileId") }, answer: "empty" },
  "POST /sapi/extraction/spreadsheet": {
    query: fc.oneof(
      fc.record({ serializedSearch: validSerializedSearch, count: fc.integer({ min: 1, max: 5 }).map(String) }),
      fromZod(ExtractionQuerySchema).map((query) => Object.fromEntries(Object.entries(query as object).map(([k, v]) => [k, String(v)]))),
    ),
    body: json(fromZod(ExtractionSelectionSchema)),
    headers: fc.constant({ "Idempotency-Key": "@idempotencyKey" }),
    answer: ExtractionJobSchema,
  },
  "POST /sapi/extraction/preview": {
    query: fc.record({ serializedSearch: validSerializedSearch }),
    body: json(fromZod(ExtractionSelectionSchema)),
    answer: ExtractionPreviewSchema,
  },
  "GET /sapi/extraction/templates": { answer: ExportTemplateListSchema },
  "POST /sapi/extraction/templates": { body: json(templateInput), answer: ExportTemplateSchema },
  "PATCH /sapi/extraction/templates/:templateId": {
    params: { templateId },
    body: json(fc.record({ name: fc.string({ minLength: 1, maxLength: 40 }) })),
    answer: ExportTemplateSchema,
  },
  "DELETE /sapi/extraction/templates/:templateId": { params: { templateId }, answer: "empty" },
  "PUT /sapi/extraction/templates/:templateId/default": { params: { templateId }, answer: ExportTemplateSchema },
  "GET /sapi/monitoring": { answer: MonitoringOverviewSchema },
  "GET /sapi/monitoring/unread": { answer: UnreadCountSchema },
  "POST /sapi/monitoring/mark-read": { answer: "empty" },
  "POST /sapi/monitoring/settings": { body: json(fromZod(DigestSettingRequestSchema)), answer: DigestSettingRequestSchema },
  "POST /sapi/monitoring/searches": {
    body: json(fc.record({ name: fc.string({ minLength: 1, maxLength: 40 }), serializedSearch: validSerializedSearch })),
    answer: SavedSearchSchema,
  },
  "POST /sapi/monitoring/searches/:id/rename": {
    params: { id: savedSearchId },
    body: json(fromZod(RenameSavedSearchRequestSchema)),
    answer: SavedSearchSchema,
  },
  "DELETE /sapi/monitoring/searches/:id": { params: { id: savedSearchId }, answer: "empty" },
  "GET /sapi/monitoring/searches/:id/new": { params: { id: savedSearchId }, answer: NewCompaniesSchema },
  "GET /sapi/monitoring/companies": { answer: WatchedIdsSchema },
  "POST /sapi/monitoring/companies/:orgSeqNo": { params: { orgSeqNo: registerOrgSeqNo }, answer: WatchedCompanySchema },
  "DELETE /sapi/monitoring/companies/:orgSeqNo": { params: { orgSeqNo: registerOrgSeqNo }, answer: "empty" },
  "GET /sapi/monitoring/webhooks": { answer: WebhookListSchema },
  "POST /sapi/monitoring/webhooks": {
    body: json(fc.record({ url: webhookUrl, savedSearchId: fc.oneof(fc.constant(null), savedSearchId) })),
    answer: WebhookWithSecretSchema,
  },
  "DELETE /sapi/monitoring/webhooks/:id": { params: { id: webhookId }, answer: "empty" },
  "POST /sapi/monitoring/webhooks/:id/rotate": { params: { id: webhookId }, answer: WebhookWithSecretSchema },
  "POST /sapi/monitoring/webhooks/:id/test": { params: { id: webhookId }, answer: WebhookDeliverySchema },
  "GET /sapi/monitoring/webhooks/:id/deliveries": { params: { id: webhookId }, answer: WebhookDeliveriesSchema },
  "POST /sapi/monitoring/webhooks/:id/deliveries/:eventId/replay": {
    params: { id: webhookId, eventId: webhookEventId },
    answer: WebhookDeliverySchema,
  },
  "GET /sapi/api-keys": { answer: ApiKeyListSchema },
  "POST /sapi/api-keys": { body: json(fromZod(CreateApiKeyRequestSchema)), answer: CreatedApiKeySchema },
  "DELETE /sapi/api-keys/:keyId": { params: { keyId: apiKeyId }, answer: "empty" },
  // /v1 takes an API key, never the fuzz user's cookie: every data call is refused (401) before its input is read.
  "GET /v1/openapi.json": { answer: z.object({ openapi: z.literal("3.1.0") }) },
  "GET /v1/docs": { answer: "html" },
  "POST /v1/search": { body: json(validSearch), answer: SearchPageAnswerSchema },
  "GET /v1/companies/:orgNo": { params: { orgNo: fc.constantFrom(...fixtureCompanies().map((c) => c.orgNo)) }, answer: V1CompanySchema },
  "GET /v1/worksites/:cfarNo": { params: { cfarNo: fc.stringMatching(/^\d{8}$/) }, answer: V1WorksiteSchema },
  "POST /v1/exports": { body: json(fromZod(V1ExportRequestSchema)), answer: ExtractionJobSchema },
  "GET /v1/exports": { answer: ExtractionJobListSchema },
  "GET /v1/exports/:jobId": { params: { jobId: fc.constant("@jobId") }, answer: ExtractionJobSchema },
  "GET /v1/exports/:jobId/file": { params: { jobId: fc.constant("@jobId") }, answer: "xlsx" },
  "GET /sapi/extraction": {
    query: fc.oneof(
      fc.record({ limit: fc.integer({ min: 1, max: 100 }).map(String) }, { requiredKeys: [] }),
      fc.record({ limit: fc.string() }),
    ),
    answer: ExtractionJobListSchema,
  },
  "GET /sapi/extraction/:jobId": { params: { jobId: fc.constant("@jobId") }, answer: ExtractionJobSchema },
  "GET /sapi/extraction/:jobId/file": { params: { jobId: fc.constant("@jobId") }, answer: "xlsx" },
  "POST /api/auth/sign-in/username-password": {
    body: fc.oneof(
      json(fromZod(PasswordSignInSchema)),
      fc.constant({ kind: "json", value: { id: "@sacrificeId", secret: "@sacrificeSecret" } }),
    ),
    answer: SessionAnswerSchema,
    withoutUserSession: true,
  },
  "POST /api/auth/sign-in/one-time-code/create": {
    body: fc.oneof(
      json(fromZod(CreateCodeSchema)),
      json(fc.constantFrom("EMAIL", "SMS").map((type) => ({ id: "@sacrificeId", type, secret: "" }))),
    ),
    answer: OneTimeCodeCreateAnswerSchema,
    withoutUserSession: true,
  },
  "POST /api/auth/login/one-time-code/confirm": {
    body: json(fromZod(ConfirmCodeSchema).map((body) => ({ ...(body as object), codeId: "@codeId" }))),
    answer: SessionAnswerSchema,
    withoutUserSession: true,
  },
  "POST /api/auth/login/one-time-code/abort": {
    body: fc.oneof(json(fromZod(AbortCodeSchema)), json(fc.constant({ codeId: "@codeId" }))),
    answer: OkSchema,
    withoutUserSession: true,
  },
  "POST /api/auth/refresh": { answer: SessionAnswerSchema, withoutUserSession: true },
  "POST /api/auth/sign-out": { answer: OkSchema, withoutUserSession: true },
  "POST /api/contact/message": { body: json(fromZod(ContactMessageSchema)), answer: z.object({ ok: z.literal(true), id: z.string() }) },
};
