/** Epoch milliseconds of a session end as the API sends it (ExpiresAt in auth.ts), or undefined when it cannot be read. */
export function expiresAtToMs(value: string | number): number | undefined {
  const ms = typeof value === "number" ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}
