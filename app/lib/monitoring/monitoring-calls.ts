/**
 * Bevakning's API calls from the browser (issue 16), each validated with its contract in workers/shared/api-contracts,
 * which is fetched (with zod) alongside the first call rather than in the page's first load (decision 0063).
 */
import type { Digest, UnreadCount, WatchedIds } from "#shared/api-contracts/monitoring";
import { api } from "../api";

const contracts = () => import("#shared/api-contracts/monitoring");

const BASE = "/sapi/monitoring";

export const fetchOverview = () => api.call(BASE, { schema: contracts().then((c) => c.MonitoringOverviewSchema), retries: 1 });
/**
 * The header's count and the cards' watched companies, asked for at the start of every signed-in page: read as the API
 * checked them (UnreadCountSchema, WatchedIdsSchema), so the page needs no zod before the first interaction.
 */
export const fetchUnread = () => api.call<UnreadCount>(`${BASE}/unread`);
export const markAllRead = () => api.call(`${BASE}/mark-read`, { method: "POST", responseType: "none" });
export const storeDigest = (digest: Digest) =>
  api.call(`${BASE}/settings`, { method: "POST", body: { digest }, schema: contracts().then((c) => c.DigestSettingRequestSchema) });

export const saveSearch = (name: string, serializedSearch: string) =>
  api.call(`${BASE}/searches`, { method: "POST", body: { name, serializedSearch }, schema: contracts().then((c) => c.SavedSearchSchema) });
export const renameSearch = (id: string, name: string) =>
  api.call(`${BASE}/searches/${encodeURIComponent(id)}/rename`, {
    method: "POST",
    body: { name },
    schema: contracts().then((c) => c.SavedSearchSchema),
  });
export const deleteSearch = (id: string) =>
  api.call(`${BASE}/searches/${encodeURIComponent(id)}`, { method: "DELETE", responseType: "none" });
export const fetchNewCompanies = (id: string) =>
  api.call(`${BASE}/searches/${encodeURIComponent(id)}/new`, { schema: contracts().then((c) => c.NewCompaniesSchema) });

export const fetchWatchedIds = () => api.call<WatchedIds>(`${BASE}/companies`);
export const watchCompany = (orgSeqNo: number) =>
  api.call(`${BASE}/companies/${orgSeqNo}`, { method: "POST", schema: contracts().then((c) => c.WatchedCompanySchema) });
export const unwatchCompany = (orgSeqNo: number) => api.call(`${BASE}/companies/${orgSeqNo}`, { method: "DELETE", responseType: "none" });
