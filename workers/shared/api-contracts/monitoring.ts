/**
 * Bevakning (monitoring, issue 16): saved searches, watched companies, their alerts after each reindex and the digest
 * setting. Shared by the API worker (validation at the edge, both ways) and the web app. All under /sapi/monitoring:
 *
 *   GET    /                          → MonitoringOverview (saved searches, watched companies, unread count, setting)
 *   GET    /unread                    → UnreadCount (the header badge)
 *   POST   /mark-read                 → 204 (every alert of the user read: the page was visited)
 *   POST   /settings                  body DigestSettingRequest → DigestSettingRequest
 *   POST   /searches                  body CreateSavedSearchRequest → SavedSearch (limit MAX_SAVED_SEARCHES; the same
 *                                      search saved twice is SAVED_SEARCH_EXISTS, naming the saved one)
 *   POST   /searches/{id}/rename      body RenameSavedSearchRequest → SavedSearch
 *   DELETE /searches/{id}             → 204
 *   GET    /searches/{id}/new         → NewCompanies (companies new at the latest check, for "Exportera nya")
 *   GET    /companies                 → WatchedIds (the orgSeqNos the user watches, for the cards and the pane)
 *   POST   /companies/{orgSeqNo}      → WatchedCompany (limit MAX_WATCHED_COMPANIES; watching twice is one watch)
 *   DELETE /companies/{orgSeqNo}      → 204
 *
 * Another user's saved search, or a company the caller does not watch, is 404.
 */
import { z } from "zod";
import { hasUnsaveableCharacters, UNSAVEABLE_TEXT_MESSAGE } from "../plain-text";

export const MAX_SAVED_SEARCHES = 50;
export const MAX_WATCHED_COMPANIES = 1000;
export const MAX_SAVED_SEARCH_NAME = 80;
/** Changes kept per watched company on the page (the latest first). */
export const MAX_CHANGES_SHOWN = 20;

export const SAVED_SEARCH_LIMIT_MESSAGE = `Du kan spara högst ${MAX_SAVED_SEARCHES} bevakningar. Ta bort en bevakning innan du sparar en ny.`;
export const WATCH_LIMIT_MESSAGE = "Du kan bevaka högst 1 000 företag. Sluta bevaka ett företag innan du lägger till ett nytt.";
export const COMPANY_SEARCH_ONLY_MESSAGE = "Bara sökningar på företag kan sparas som bevakning.";
export const savedSearchExistsMessage = (name: string) => `Den här sökningen bevakas redan som ”${name}”.`;

export const DigestSchema = z.enum(["DAILY", "WEEKLY", "NONE"]);
export type Digest = z.infer<typeof DigestSchema>;

export const SavedSearchIdSchema = z.string().regex(/^[A-Za-z0-9]{16}$/, "Ogiltigt bevaknings-id");
export const OrgSeqNoParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, "Ogiltigt företags-id")
  .transform(Number);

const SavedSearchNameSchema = z
  .string()
  .trim()
  .min(1, "Ange ett namn på bevakningen")
  .max(MAX_SAVED_SEARCH_NAME, `Namnet får vara högst ${MAX_SAVED_SEARCH_NAME} tecken`)
  .refine((name) => !hasUnsaveableCharacters(name), UNSAVEABLE_TEXT_MESSAGE);

export const CreateSavedSearchRequestSchema = z.strictObject({
  name: SavedSearchNameSchema,
  serializedSearch: z.string().min(1).max(16_000),
});
export type CreateSavedSearchRequest = z.infer<typeof CreateSavedSearchRequestSchema>;

export const RenameSavedSearchRequestSchema = z.strictObject({ name: SavedSearchNameSchema });
export type RenameSavedSearchRequest = z.infer<typeof RenameSavedSearchRequestSchema>;

export const DigestSettingRequestSchema = z.strictObject({ digest: DigestSchema });
export type DigestSettingRequest = z.infer<typeof DigestSettingRequestSchema>;

export const SavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  serializedSearch: z.string(),
  /** Hit count at the latest check (saving, or the latest reindex). */
  hitCount: z.number().int().nonnegative(),
  /** Hit count at the check before; null until the first reindex after saving. */
  previousHitCount: z.number().int().nonnegative().nullable(),
  /** Companies that newly match / no longer match, in alerts not yet read. */
  newCount: z.number().int().nonnegative(),
  removedCount: z.number().int().nonnegative(),
  checkedAt: z.string(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const CompanyChangeSchema = z.object({
  /** Swedish change lines, e.g. "Ny styrelseledamot: Anna Svensson", "Kreditbetyg 2 av 4 → 3 av 4". */
  lines: z.array(z.string()),
  at: z.string(),
  isRead: z.boolean(),
});
export type CompanyChange = z.infer<typeof CompanyChangeSchema>;

export const WatchedCompanySchema = z.object({
  orgSeqNo: z.number().int().positive(),
  orgNo: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The latest changes first (at most MAX_CHANGES_SHOWN). */
  changes: z.array(CompanyChangeSchema),
});
export type WatchedCompany = z.infer<typeof WatchedCompanySchema>;

export const MonitoringOverviewSchema = z.object({
  savedSearches: z.array(SavedSearchSchema),
  watchedCompanies: z.array(WatchedCompanySchema),
  unread: z.number().int().nonnegative(),
  digest: DigestSchema,
});
export type MonitoringOverview = z.infer<typeof MonitoringOverviewSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const WatchedIdsSchema = z.object({ orgSeqNos: z.array(z.number().int().positive()) });
export type WatchedIds = z.infer<typeof WatchedIdsSchema>;

/** Companies new in a saved search at its latest check (at most 1000: what one export selection can name). */
export const NewCompaniesSchema = z.object({
  serializedSearch: z.string(),
  orgSeqNos: z.array(z.number().int().positive()).max(1000),
});
export type NewCompanies = z.infer<typeof NewCompaniesSchema>;
