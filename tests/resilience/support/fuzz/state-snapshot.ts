/**
 * The stored state a request could change, read straight from the API worker's D1 (DB): every row of the tables a
 * client can write to through the API, so a rejected request that changed anything shows up as a differing table.
 * Left out on purpose: rate_limit_events (counting refused sign-in attempts is the defence itself) and
 * one_time_codes.attempts (a wrong code counts against the code by design, spec §5).
 */
export const SNAPSHOT_QUERIES: Record<string, string> = {
  users: "SELECT * FROM users ORDER BY id",
  session_families: "SELECT * FROM session_families ORDER BY id",
  refresh_tokens: "SELECT * FROM refresh_tokens ORDER BY id",
  one_time_codes: "SELECT id, user_id, channel, code_hash, created_at, expires_at, used_at, aborted_at FROM one_time_codes ORDER BY id",
  dev_mailbox: "SELECT * FROM dev_mailbox ORDER BY id",
  contact_messages: "SELECT * FROM contact_messages ORDER BY id",
  shared_links: "SELECT * FROM shared_links ORDER BY id",
  user_config: "SELECT * FROM user_config ORDER BY user_id",
  export_jobs: "SELECT * FROM export_jobs ORDER BY id",
  list_files: "SELECT * FROM list_files ORDER BY id",
  list_file_numbers: "SELECT file_id, chunk, key_count, hex(keys) AS keys FROM list_file_numbers ORDER BY file_id, chunk",
};

export type StateSnapshot = Record<string, string>;

export async function snapshotState(db: D1Database): Promise<StateSnapshot> {
  const names = Object.keys(SNAPSHOT_QUERIES);
  const results = await db.batch(names.map((name) => db.prepare(SNAPSHOT_QUERIES[name] as string)));
  return Object.fromEntries(names.map((name, i) => [name, JSON.stringify(results[i]?.results ?? [])]));
}

/** Names of the tables that differ. */
export function changedTables(before: StateSnapshot, after: StateSnapshot): string[] {
  return Object.keys(SNAPSHOT_QUERIES).filter((name) => before[name] !== after[name]);
}
