/**
 * /v1/openapi.json (issue 47 point 3, docs/decisions/0055): an OpenAPI 3.1 document generated from the zod schemas the
 * routes validate with, by zod's own z.toJSONSchema (JSON Schema 2020-12, OpenAPI 3.1's dialect); nothing in it is
 * written by hand but the prose. Built once per isolate.
 */
import { z } from "zod";
import { API_KEY_PREFIX, ApiKeyScopeSchema } from "#shared/api-contracts/api-keys";
import { ExtractionJobListSchema, ExtractionJobSchema } from "#shared/api-contracts/extraction";
import { CheckedAggregationsSchema, SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import { V1_ERROR_CODES, V1CompanySchema, V1ExportRequestSchema, V1WorksiteSchema } from "#shared/api-contracts/v1";
import { WebhookPayloadSchema } from "#shared/api-contracts/webhooks";
import { ErrorBodySchema } from "#shared/errors";
import { AggregationsSchema, CompanyGroupNodeSchema } from "#shared/search/result-schemas";
import { SearchSchema } from "#shared/search/search-schema";
import { APP_VERSION } from "#shared/version";
import { COMMON_RESPONSES, type V1Operation, type V1Response, V1_OPERATIONS } from "./v1-operations";

type JsonSchema = Record<string, unknown>;

const COMPONENTS = "#/components/schemas/";

/** A standalone schema (a parameter's): no $schema, OpenAPI 3.1 declares the dialect once. */
function standalone(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "throw" }) as JsonSchema;
  return rest;
}

/**
 * The registry's schemas as components: each referring to the others by #/components/schemas/<id>. The one
 * unrepresentable schema, the aggregations' fast check (z.custom), is documented as the plain schema it checks.
 */
function components(entries: [string, z.ZodType][], io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of entries) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    uri: (id) => `${COMPONENTS}${id}`,
    unrepresentable: "any",
    override: (ctx) => {
      if (ctx.zodSchema === CheckedAggregationsSchema) Object.assign(ctx.jsonSchema, standalone(AggregationsSchema, "output"));
    },
  });
  if ("__shared" in schemas) throw new Error("a recursive schema of /v1 is not in the OpenAPI registry");
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
      return [id, rest];
    }),
  );
}

const responseObject = (response: V1Response) => {
  if (response.content === "none") return { description: response.description };
  if (response.content === "file") {
    const file = { schema: { type: "string", contentMediaType: "application/octet-stream" } };
    return {
      description: response.description,
      content: { "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": file, "text/csv": file },
    };
  }
  return { description: response.description, content: { "application/json": { schema: { $ref: `${COMPONENTS}${response.content}` } } } };
};

function operationObject(op: V1Operation) {
  const parameters = [
    ...Object.entries(op.pathParams ?? {}).map(([name, p]) => ({
      name,
      in: "path",
      required: true,
      description: p.description,
      schema: standalone(p.schema),
    })),
    ...Object.entries(op.query?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: "query",
      required: false,
      schema: standalone(schema as z.ZodType),
    })),
    ...Object.entries(op.headers ?? {}).map(([name, h]) => ({
      name,
      in: "header",
      required: h.required,
      description: h.description,
      schema: standalone(h.schema),
    })),
  ];
  const bodyExamples = Object.fromEntries(
    op.examples.filter((e) => e.body !== undefined).map((e) => [e.name, { summary: e.summary, value: e.body }]),
  );
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: `${op.description}\n\nScope: \`${op.scope}\`.`,
    security: [{ apiKey: [op.scope] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: `${COMPONENTS}${op.body}` }, examples: bodyExamples } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries({ ...COMMON_RESPONSES, ...op.responses }).map(([status, r]) => [status, responseObject(r)]),
    ),
    "x-urval-examples": op.examples,
  };
}

/**
 * What Urval POSTs to a user's webhook endpoints (Bevakning, docs/decisions/0062): OpenAPI 3.1's `webhooks`, the body
 * from the same schema the worker builds it with.
 */
function webhooksObject() {
  const header = (name: string, description: string) => ({ name, in: "header", required: true, description, schema: { type: "string" } });
  const post = (summary: string, description: string) => ({
    post: {
      summary,
      description: `${description}\n\nSigned by the Standard Webhooks convention: \`webhook-signature\` lists \`v1,<base64>\`, the HMAC-SHA256 of \`<webhook-id>.<webhook-timestamp>.<body>\` under the base64 part of your \`whsec_\` secret (two entries for 24 hours after a rotation). Answer 2xx within 10 seconds; anything else is retried with exponential backoff for 24 hours, always with the same \`webhook-id\`, so drop repeats by it.`,
      parameters: [
        header("webhook-id", "The event's id: the same on every attempt and replay."),
        header("webhook-timestamp", "Seconds since 1970 when this attempt was signed."),
        header("webhook-signature", "Space-separated `v1,<base64>` signatures."),
      ],
      requestBody: { required: true, content: { "application/json": { schema: { $ref: `${COMPONENTS}WebhookPayload` } } } },
      responses: { "2XX": { description: "Received. Any other answer, or none within 10 s, is retried." } },
    },
  });
  return {
    "bevakning.changes": post(
      "Bevakning's changes after a reindex",
      "Set up on the page Bevakningar. The companies that entered or left the saved searches and the watched companies' changes.",
    ),
    "bevakning.test": post("A test event", "Sent by 'Skicka testhändelse' on Bevakningar; the same shape with a made-up company."),
  };
}

export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of V1_OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  const errorCodes = Object.entries(V1_ERROR_CODES).map(([code, meaning]) => `- \`${code}\`: ${meaning}`);
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Urval API",
      version: `1 (${APP_VERSION})`,
      description: [
        `Urval's data for your own systems. Authenticate with \`Authorization: Bearer ${API_KEY_PREFIX}…\`: create a key on the page "API-nycklar" under Konto, with the scopes the calls need (${ApiKeyScopeSchema.options.join(", ")}).`,
        "The calls share your account's quota and limits with the web app; every answer is `Cache-Control: no-store`.",
        "Every error answers with the one error body (`Error`), its `code` stable:",
        ...errorCodes,
      ].join("\n"),
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: `An API key, ${API_KEY_PREFIX}<id>_<secret>.` } },
      schemas: {
        ...components(
          [
            ["SearchRequest", SearchSchema],
            ["ExportRequest", V1ExportRequestSchema],
          ],
          "input",
        ),
        ...components(
          [
            ["SearchPageAnswer", SearchPageAnswerSchema],
            ["CompanyDetail", V1CompanySchema],
            ["WorksiteDetail", V1WorksiteSchema],
            ["CompanyGroupNode", CompanyGroupNodeSchema],
            ["ExtractionJob", ExtractionJobSchema],
            ["ExtractionJobList", ExtractionJobListSchema],
            ["Error", ErrorBodySchema],
            ["WebhookPayload", WebhookPayloadSchema],
          ],
          "output",
        ),
      },
    },
    paths,
    webhooks: webhooksObject(),
  };
}

let cached: string | undefined;

/** The document as JSON text, built on first use. */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildOpenApi());
  return cached;
}
