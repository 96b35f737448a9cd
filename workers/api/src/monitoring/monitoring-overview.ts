/**
 * The /bevakningar page's data (issue 16): saved searches with hit counts and unread new / removed companies, watched
 * companies with their latest changes, the unread count (the header badge) and the digest setting.
 */
import {
  MAX_CHANGES_SHOWN,
  type CompanyChange,
  type Digest,
  type MonitoringOverview,
  type WatchedCompany,
} from "#shared/api-contracts/monitoring";
import { SELECT_SAVED_SEARCHES_SQL, savedSearchFromRow, type SavedSearchRow } from "./saved-search-store";

export const DEFAULT_DIGEST: Digest = "DAILY";

interface ChangeRow {
  org_seq_no: number;
  changes: string;
  created_at: number;
  read_at: number | null;
}

function changesByCompany(rows: ChangeRow[]): Map<number, CompanyChange[]> {
  const byCompany = new Map<number, CompanyChange[]>();
  for (const row of rows) {
    const list = byCompany.get(row.org_seq_no) ?? [];
    if (list.length >= MAX_CHANGES_SHOWN) continue;
    list.push({ lines: JSON.parse(row.changes) as string[], at: new Date(row.created_at).toISOString(), isRead: row.read_at !== null });
    byCompany.set(row.org_seq_no, list);
  }
  return byCompany;
}

async function watchedCompanies(db: D1Database, userId: string): Promise<WatchedCompany[]> {
  const [watched, changes] = await db.batch([
    db
      .prepare("SELECT org_seq_no, org_no, name, created_at FROM watched_companies WHERE user_id = ? ORDER BY name, org_seq_no")
      .bind(userId),
    db
      .prepare(
        `SELECT org_seq_no, changes, created_at, read_at FROM monitoring_alerts WHERE user_id = ? AND kind = 'COMPANY_CHANGED'
         ORDER BY to_version DESC, id DESC LIMIT 5000`,
      )
      .bind(userId),
  ]);
  const byCompany = changesByCompany((changes?.results ?? []) as ChangeRow[]);
  const rows = (watched?.results ?? []) as { org_seq_no: number; org_no: string; name: string; created_at: number }[];
  return rows.map((row) => ({
    orgSeqNo: row.org_seq_no,
    orgNo: row.org_no,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    changes: byCompany.get(row.org_seq_no) ?? [],
  }));
}

export async function unreadCount(db: D1Database, userId: string): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM monitoring_alerts WHERE user_id = ? AND read_at IS NULL")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function loadDigest(db: D1Database, userId: string): Promise<Digest> {
  const row = await db.prepare("SELECT digest FROM monitoring_settings WHERE user_id = ?").bind(userId).first<{ digest: Digest }>();
  return row?.digest ?? DEFAULT_DIGEST;
}

export async function storeDigest(db: D1Database, userId: string, digest: Digest, now = Date.now()): Promise<{ digest: Digest }> {
  await db
    .prepare(
      `INSERT INTO monitoring_settings (user_id, digest, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET digest = excluded.digest, updated_at = excluded.updated_at`,
    )
    .bind(userId, digest, now)
    .run();
  return { digest };
}

export async function markAllRead(db: D1Database, userId: string, now = Date.now()): Promise<void> {
  await db.prepare("UPDATE monitoring_alerts SET read_at = ? WHERE user_id = ? AND read_at IS NULL").bind(now, userId).run();
}

export async function monitoringOverview(db: D1Database, userId: string): Promise<MonitoringOverview> {
  const [searches, watched, unread, digest] = await Promise.all([
    db.prepare(`${SELECT_SAVED_SEARCHES_SQL} ORDER BY s.created_at, s.id`).bind(userId).all<SavedSearchRow>(),
    watchedCompanies(db, userId),
    unreadCount(db, userId),
    loadDigest(db, userId),
  ]);
  return { savedSearches: searches.results.map(savedSearchFromRow), watchedCompanies: watched, unread, digest };
}
