/** Request ids: accepted from the caller when well-formed (so the web worker and API share one), else generated. */
export const REQUEST_ID_HEADER = "X-Request-Id";

const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function isValidRequestId(value: string | null | undefined): value is string {
  return typeof value === "string" && REQUEST_ID_PATTERN.test(value);
}

export function newRequestId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}
