/**
 * API keys (issue 47 point 1, docs/decisions/0054): the signed-in user's keys for /v1, managed on "API-nycklar". Shared
 * by the API worker (validation at the edge, both ways) and the web app. All under /sapi/api-keys:
 *
 *   GET    /            → ApiKeyList (live and revoked keys, newest first; never the key itself)
 *   POST   /            body CreateApiKeyRequest → 201 CreatedApiKey (the key, shown this once; at most
 *                       MAX_API_KEYS live keys, API_KEY_LIMIT otherwise)
 *   DELETE /{keyId}     → 204 (revoked at once; another user's key, or an unknown one, is 404)
 */
import { z } from "zod";
import { hasUnsaveableCharacters, UNSAVEABLE_TEXT_MESSAGE } from "../plain-text";
import { API_KEY_LIFETIMES, MAX_API_KEY_NAME, MAX_API_KEYS } from "./api-keys-values";

export { API_KEY_LIFETIMES, MAX_API_KEY_NAME, MAX_API_KEYS };
/** The visible start of every key: a key pasted into a log or a chat is recognisable (and searchable by scanners). */
export const API_KEY_PREFIX = "urv_";

export const API_KEY_LIMIT_MESSAGE = `Du kan ha högst ${MAX_API_KEYS} API-nycklar. Återkalla en nyckel innan du skapar en ny.`;

/** What a key may do: search (POST /v1/search), details (companies, worksites), export (export jobs and files). */
export const ApiKeyScopeSchema = z.enum(["search", "details", "export"]);
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;
export const API_KEY_SCOPES = ApiKeyScopeSchema.options;

/** A key's public id: 12 characters of [A-Za-z0-9], the part of the key after "urv_" and before the secret. */
export const ApiKeyIdSchema = z.string().regex(/^[A-Za-z0-9]{12}$/, "Ogiltigt nyckel-id");

export const CreateApiKeyRequestSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, "Ange ett namn på nyckeln")
    .max(MAX_API_KEY_NAME, `Namnet får vara högst ${MAX_API_KEY_NAME} tecken`)
    .refine((name) => !hasUnsaveableCharacters(name), UNSAVEABLE_TEXT_MESSAGE),
  scopes: z
    .array(ApiKeyScopeSchema)
    .min(1, "Välj minst en behörighet")
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, "Samma behörighet får bara anges en gång"),
  expiresInDays: z
    .union(API_KEY_LIFETIMES.map((days) => z.literal(days)))
    .nullable()
    .default(null),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequestSchema>;

export const ApiKeySchema = z.object({
  keyId: z.string(),
  name: z.string(),
  /** What the list shows of the key: "urv_" and its id, never the secret. */
  displayPrefix: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  createdAt: z.string(),
  /** Updated at most once a minute per key. */
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

/** The answer to a create: the key's listing and the key itself, which is never shown again. */
export const CreatedApiKeySchema = z.object({ apiKey: ApiKeySchema, key: z.string().startsWith(API_KEY_PREFIX) });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
