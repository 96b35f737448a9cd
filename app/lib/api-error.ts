/** Errors of API calls and the spec §8 rules about them: message extraction and which ones are worth a retry. */
import { DEFAULT_ERROR_MESSAGE } from "#shared/error-message";
import type { ErrorBody } from "#shared/errors";

/** Why a call failed when there is no HTTP answer to tell. */
export type TransportFailure = "NETWORK" | "TIMEOUT" | "ABORTED" | "INVALID_RESPONSE";

export class ApiError extends Error {
  /** HTTP status, or 0 when no answer arrived. */
  readonly status: number;
  /** The API's error body when it sent one. */
  readonly body: ErrorBody | undefined;
  readonly failure: TransportFailure | undefined;

  constructor(status: number, body: ErrorBody | undefined, failure?: TransportFailure) {
    super(body?.message ?? failure ?? `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.failure = failure;
  }
}

/** Spec §8: a USER_MESSAGE's own message, otherwise 'Något gick fel. Prova gärna igen.' */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.body?.type === "USER_MESSAGE") return error.body.message;
  return DEFAULT_ERROR_MESSAGE;
}

/** Spec §7–§8: no retries on 401, 403, a 400 user/validation message, a new version (418) or a cancelled call. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.failure === "ABORTED" || error.failure === "INVALID_RESPONSE") return false;
  if (error.status === 401 || error.status === 403 || error.status === 418) return false;
  if (error.status === 400 && (error.body?.type === "USER_MESSAGE" || error.body?.type === "VALIDATION")) return false;
  return true;
}
