/** The words of /api-nycklar (issue 47): the scopes, a key's status and the fallback error. */
import type { ApiKey, ApiKeyScope } from "#shared/api-contracts/api-keys";
import { ApiError } from "../../lib/api-error";
import { shortDateTime } from "../../lib/exports/export-list-text";

export const SCOPE_TEXT: Record<ApiKeyScope, string> = { search: "Sökning", details: "Företag och arbetsställen", export: "Export" };
export const SCOPE_HINT: Record<ApiKeyScope, string> = {
  search: "Sök företag och arbetsställen med antal träffar.",
  details: "Hämta ett företag med organisationsnummer eller ett arbetsställe med CFAR-nummer.",
  export: "Beställ och hämta exporter. Exporterna räknas av från ditt abonnemang.",
};
export const SCOPES = Object.keys(SCOPE_TEXT) as ApiKeyScope[];

/** A key's scopes in the form's order (the server keeps them sorted by name). */
export const scopesText = (key: ApiKey) =>
  SCOPES.filter((scope) => key.scopes.includes(scope))
    .map((scope) => SCOPE_TEXT[scope])
    .join(", ");

export const apiKeyErrorText = (error: unknown) => (error instanceof ApiError ? error.message : "Något gick fel. Prova gärna igen.");

export function isLive(key: ApiKey, now = Date.now()) {
  return key.revokedAt === null && (key.expiresAt === null || Date.parse(key.expiresAt) > now);
}

export function statusText(key: ApiKey, now = Date.now()) {
  if (key.revokedAt) return `Återkallad ${shortDateTime(key.revokedAt)}`;
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return "Har gått ut";
  return key.expiresAt ? `Gäller till ${shortDateTime(key.expiresAt)}` : "Gäller tills vidare";
}
