/**
 * Reads an error body if the answer carries one in the catalogue's shape. Apart from api-error.ts because it needs zod:
 * the server's modules import it, the browser's API client loads it with the first error (decision 0063).
 */
import { type ErrorBody, ErrorBodySchema } from "#shared/errors";

export function parseErrorBody(json: unknown): ErrorBody | undefined {
  const parsed = ErrorBodySchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
