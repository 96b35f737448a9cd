/**
 * Shared searches (spec §2 "Dela urval", §7): POST create-shared-link stores the serialised search under a short,
 * unguessable id owned by its creator; GET shared-link/{id} gives any signed-in account the search back until the link
 * expires. Ids are 16 base62 characters from the CSPRNG (about 95 bits): links cannot be enumerated.
 */
import { SHARED_LINK_ID_LENGTH, INACTIVE_LINK_MESSAGE } from "#shared/api-contracts/search-api";
import { AppError, userMessage } from "#shared/errors";
import { deserializeSearchOrThrow, serializeSearch } from "#shared/search/search-serialize";
import type { Search } from "#shared/search/search-schema";
import { listFilesForSearch } from "../list-files/list-file-numbers";
import { consume } from "../rate-limits/rate-limiter";

/** How long a shared link stays active (see docs/decisions, shared links). */
export const SHARED_LINK_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;
/** Links one user may create per hour (a person sharing by hand makes a handful). */
export const SHARED_LINKS_PER_HOUR = 200;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random base62 id; rejection sampling keeps every character uniform (bytes ≥ 248 are drawn again). */
export function newSharedLinkId(length = SHARED_LINK_ID_LENGTH): string {
  let id = "";
  while (id.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && id.length < length) id += ALPHABET[byte % 62];
    }
  }
  return id;
}

export const inactiveLink = () => userMessage("SHARED_LINK_INACTIVE", INACTIVE_LINK_MESSAGE);

export interface CreateSharedLinkInput {
  userId: string;
  serializedSearch: string;
  /** The site's origin, e.g. "https://urval.se"; the link is `${origin}/u/${id}`. */
  origin: string;
  now?: number;
}

/**
 * Validates the search, stores it normalised (re-serialised) and returns the link. A list file it names must be the
 * creator's own: any other id is the VALIDATION "Okänd listfil" every search route answers (issue 38).
 */
export async function createSharedLink(db: D1Database, input: CreateSharedLinkInput): Promise<string> {
  const now = input.now ?? Date.now();
  const search = deserializeSearchOrThrow(input.serializedSearch, "serializedSearch");
  await listFilesForSearch(db, input.userId, search.numSet);
  await consume(db, { bucket: `shared-link:${input.userId}`, limit: SHARED_LINKS_PER_HOUR, windowMs: 3_600_000 }, now);
  const id = newSharedLinkId();
  await db.batch([
    db.prepare("DELETE FROM shared_links WHERE expires_at <= ?").bind(now),
    db
      .prepare("INSERT INTO shared_links (id, owner_user_id, serialized_search, created_at, expires_at) VALUES (?, ?, ?, ?, ?)")
      .bind(id, input.userId, serializeSearch(search), now, now + SHARED_LINK_LIFETIME_MS),
  ]);
  return `${input.origin}/u/${id}`;
}

/** The search behind an active link; a missing or expired link is the spec's inactive-link USER_MESSAGE. */
export async function readSharedLink(db: D1Database, id: string, now = Date.now()): Promise<Search> {
  const row = await db
    .prepare("SELECT serialized_search FROM shared_links WHERE id = ? AND expires_at > ?")
    .bind(id, now)
    .first<{ serialized_search: string }>();
  if (!row) throw inactiveLink();
  return deserializeSearchOrThrow(row.serialized_search, "serializedSearch");
}

/** Deactivates a link. Only its creator may: another account gets 403 (it can still read the link). */
export async function deleteSharedLink(db: D1Database, userId: string, id: string): Promise<void> {
  const row = await db.prepare("SELECT owner_user_id FROM shared_links WHERE id = ?").bind(id).first<{ owner_user_id: string }>();
  if (!row) throw inactiveLink();
  if (row.owner_user_id !== userId) {
    throw new AppError("SHARED_LINK_NOT_OWNER", 403, "Bara den som skapade länken kan ta bort den.", { type: "USER_MESSAGE" });
  }
  await db.prepare("DELETE FROM shared_links WHERE id = ? AND owner_user_id = ?").bind(id, userId).run();
}
