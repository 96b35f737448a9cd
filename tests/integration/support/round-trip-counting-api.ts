/**
 * The API worker with its round trips counted (issue 48 point 1): the real worker (workers/api/src/index.ts) with its
 * two D1 bindings wrapped and the location's cache (caches.default) watched. Each answer carries what the request did
 * before its Response was ready, in X-Test-Round-Trips (JSON): D1 reads and writes per database, Cache API calls.
 * What runs after the answer (waitUntil) is left out, as it does not delay the user. Loaded by the integration harness
 * under the worker's own name (tests/support/worker-harness.ts, `countRoundTrips`), never in the product.
 */
import api, { UserCallLimits } from "#api/index";
import type { ApiEnv } from "#api/env";
import { ROUND_TRIPS_HEADER, type RoundTrips } from "./round-trips";

export { UserCallLimits };

/** A statement that changes the database (anything else, SELECT and WITH … SELECT, reads). */
const WRITES = /^\s*(?:WITH\b[\s\S]*?\)\s*)?(?:INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER)\b/i;

/** The tally of the request in progress: one request at a time per test, answered before the next begins. */
let current: RoundTrips | undefined;

function note(database: "DB" | "SEARCH_DB", write: boolean) {
  if (current) current[`${database} ${write ? "writes" : "reads"}`] += 1;
}

class CountingStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    private readonly database: "DB" | "SEARCH_DB",
  ) {}
  bind(...values: unknown[]) {
    return new CountingStatement(this.inner.bind(...values), this.sql, this.database);
  }
  private counted<T>(run: () => Promise<T>): Promise<T> {
    note(this.database, WRITES.test(this.sql));
    return run();
  }
  first<T>(column?: string): Promise<T | null> {
    return this.counted(() => (column === undefined ? this.inner.first<T>() : this.inner.first<T>(column)));
  }
  run<T>() {
    return this.counted(() => this.inner.run<T>());
  }
  all<T>() {
    return this.counted(() => this.inner.all<T>());
  }
  raw<T>(options?: { columnNames?: boolean }) {
    return this.counted(() => this.inner.raw<T>(options as { columnNames: true }));
  }
}

function countingDatabase(db: D1Database, database: "DB" | "SEARCH_DB"): D1Database {
  const counting = {
    prepare: (sql: string) => new CountingStatement(db.prepare(sql), sql, database),
    batch: (statements: CountingStatement[]) => {
      note(
        database,
        statements.some((s) => WRITES.test(s.sql)),
      );
      return db.batch(statements.map((s) => s.inner));
    },
    exec: (sql: string) => {
      note(database, WRITES.test(sql));
      return db.exec(sql);
    },
    dump: () => db.dump(),
    withSession: () => {
      throw new Error("withSession is not counted yet (tests/integration/support/round-trip-counting-api.ts)");
    },
  };
  return counting as unknown as D1Database;
}

/** Counts the location cache's calls; the wrapped methods are the runtime's own. */
function watchCache() {
  const cache = (caches as unknown as { default: Cache }).default;
  for (const method of ["match", "put", "delete"] as const) {
    const original = cache[method].bind(cache) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(cache, method, {
      value: (...args: unknown[]) => {
        if (current) current["Cache API"] += 1;
        return original(...args);
      },
    });
  }
}

let watching = false;

export default {
  async fetch(request, env, ctx) {
    if (!watching) {
      watchCache();
      watching = true;
    }
    const tally: RoundTrips = { "DB reads": 0, "DB writes": 0, "SEARCH_DB reads": 0, "SEARCH_DB writes": 0, "Cache API": 0 };
    current = tally;
    const counted: ApiEnv = { ...env, DB: countingDatabase(env.DB, "DB"), SEARCH_DB: countingDatabase(env.SEARCH_DB, "SEARCH_DB") };
    try {
      const response = await api.fetch(request, counted, ctx);
      const answered = new Response(response.body, response);
      answered.headers.set(ROUND_TRIPS_HEADER, JSON.stringify(tally));
      return answered;
    } finally {
      current = undefined;
    }
  },
  queue: (batch, env) => api.queue(batch, env),
  scheduled: (controller, env) => api.scheduled(controller, env),
} satisfies ExportedHandler<ApiEnv, unknown>;
