/**
 * SQLite's answer when another process (the serving stack, a reindex, a killed run whose lock has not gone yet) holds
 * the local state's write lock past the runtime's busy wait. The statement, or the whole D1 batch (one transaction),
 * did not run, so it can be asked again.
 */
export const SQLITE_LOCKED = /database is locked|SQLITE_BUSY/;

/** Tries over about half a minute: long enough for a killed process's lock to go and a serving stack's write to end. */
export const LOCKED_RETRY_DELAYS_MS: readonly number[] = [250, 500, 1000, 2000, 4000, 8000, 8000, 8000];
