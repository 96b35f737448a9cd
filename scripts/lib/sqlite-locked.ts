/**
 * SQLite's answer when another process (the serving stack, a reindex, a killed run whose lock has not gone yet) holds
 * the local state's write lock past the runtime's busy wait. The statement, or the whole D1 batch (one transaction),
 * did not run, so it can be asked again.
 */
export const SQLITE_LOCKED = /database is locked|SQLITE_BUSY/;

/** Tries over about half a minute: long enough for a killed process's lock to go and a serving stack's write to end. */
export const LOCKED_RETRY_DELAYS_MS: readonly number[] = [250, 500, 1000, 2000, 4000, 8000, 8000, 8000];

/**
 * workerd's answer to the caller when a D1 call failed inside the runtime: the error it logs (SQLITE_BUSY, seen in a
 * fresh-clone run's reindex beside the serving stack in session 25) reaches the caller masked as "internal error;
 * reference = …". A D1 call is one statement or one batch, a transaction either way, so it committed nothing and is
 * asked again as a locked one is.
 */
export const WORKERD_MASKED_ERROR = /internal error; reference = /;

/** Whether a D1 call's failure is one to ask again after a pause: a locked database, or workerd's masked failure. */
export function isLockedOrMasked(text: string): boolean {
  return SQLITE_LOCKED.test(text) || WORKERD_MASKED_ERROR.test(text);
}
