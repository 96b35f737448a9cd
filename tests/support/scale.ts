/**
 * The scale a test runs at. `npm test` proves each behaviour at the smallest scale that shows it, so the whole run
 * answers within its 15 minutes; `npm run test:full` (tests/run.ts sets URVAL_TEST_FULL=1) runs the same tests at the
 * scale the issues name: more rows, more random searches, a larger generated Sweden (decision 0067).
 */
export const FULL_RUN = process.env.URVAL_TEST_FULL === "1";

/** `fast` inside npm test, `full` in npm run test:full. */
export function atScale<T>(fast: T, full: T): T {
  return FULL_RUN ? full : fast;
}
