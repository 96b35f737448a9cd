/**
 * Watched companies (Bevakning, issue 16) in D1 table watched_companies: watch (the company must exist in the live
 * index; at most MAX_WATCHED_COMPANIES per user, enforced in the INSERT itself; watching twice is one watch), unwatch
 * (a company the caller does not watch is WATCH_NOT_FOUND, 404), and the ids the user watches.
 */
import type { SearchBackend } from "#search-index";
import { MAX_WATCHED_COMPANIES, WATCH_LIMIT_MESSAGE, type WatchedCompany } from "#shared/api-contracts/monitoring";
import { notFound, userMessage } from "#shared/errors";

const watchNotFound = () => notFound("WATCH_NOT_FOUND", "Du bevakar inte det företaget.");

async function readWatch(db: D1Database, userId: string, orgSeqNo: number) {
  return db
    .prepare("SELECT org_seq_no, org_no, name, created_at FROM watched_companies WHERE user_id = ? AND org_seq_no = ?")
    .bind(userId, orgSeqNo)
    .first<{ org_seq_no: number; org_no: string; name: string; created_at: number }>();
}

export async function watchCompany(
  db: D1Database,
  backend: SearchBackend,
  userId: string,
  orgSeqNo: number,
  now = Date.now(),
): Promise<WatchedCompany> {
  const existing = await readWatch(db, userId, orgSeqNo);
  if (existing)
    return { orgSeqNo, orgNo: existing.org_no, name: existing.name, createdAt: new Date(existing.created_at).toISOString(), changes: [] };
  const entity = await backend.getEntity(String(orgSeqNo), "COMPANY");
  if (entity?.type !== "COMPANY") throw notFound("COMPANY_NOT_FOUND", "Företaget finns inte.");
  const inserted = await db
    .prepare(
      `INSERT OR IGNORE INTO watched_companies (user_id, org_seq_no, org_no, name, created_at)
       SELECT ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM watched_companies WHERE user_id = ?) < ?`,
    )
    .bind(userId, orgSeqNo, entity.orgNo, entity.name, now, userId, MAX_WATCHED_COMPANIES)
    .run();
  if (inserted.meta.changes === 0 && !(await readWatch(db, userId, orgSeqNo))) throw userMessage("WATCH_LIMIT", WATCH_LIMIT_MESSAGE);
  return { orgSeqNo, orgNo: entity.orgNo, name: entity.name, createdAt: new Date(now).toISOString(), changes: [] };
}

/** Stops watching and removes the company's change alerts of this user. */
export async function unwatchCompany(db: D1Database, userId: string, orgSeqNo: number): Promise<void> {
  const [deleted] = await db.batch([
    db.prepare("DELETE FROM watched_companies WHERE user_id = ? AND org_seq_no = ?").bind(userId, orgSeqNo),
    db.prepare("DELETE FROM monitoring_alerts WHERE user_id = ? AND kind = 'COMPANY_CHANGED' AND org_seq_no = ?").bind(userId, orgSeqNo),
  ]);
  if (!deleted || deleted.meta.changes === 0) throw watchNotFound();
}

export async function watchedIds(db: D1Database, userId: string): Promise<number[]> {
  const { results } = await db
    .prepare("SELECT org_seq_no FROM watched_companies WHERE user_id = ? ORDER BY org_seq_no")
    .bind(userId)
    .all<{ org_seq_no: number }>();
  return results.map((r) => r.org_seq_no);
}
