/** Bevakning's API calls from the browser (issue 16), each validated with its contract in workers/shared/api-contracts. */
import {
  DigestSettingRequestSchema,
  MonitoringOverviewSchema,
  NewCompaniesSchema,
  SavedSearchSchema,
  UnreadCountSchema,
  WatchedCompanySchema,
  WatchedIdsSchema,
  type Digest,
} from "#shared/api-contracts/monitoring";
import { api } from "../api";

const BASE = "/sapi/monitoring";

export const fetchOverview = () => api.call(BASE, { schema: MonitoringOverviewSchema, retries: 1 });
export const fetchUnread = () => api.call(`${BASE}/unread`, { schema: UnreadCountSchema });
export const markAllRead = () => api.call(`${BASE}/mark-read`, { method: "POST", responseType: "none" });
export const storeDigest = (digest: Digest) =>
  api.call(`${BASE}/settings`, { method: "POST", body: { digest }, schema: DigestSettingRequestSchema });

export const saveSearch = (name: string, serializedSearch: string) =>
  api.call(`${BASE}/searches`, { method: "POST", body: { name, serializedSearch }, schema: SavedSearchSchema });
export const renameSearch = (id: string, name: string) =>
  api.call(`${BASE}/searches/${encodeURIComponent(id)}/rename`, { method: "POST", body: { name }, schema: SavedSearchSchema });
export const deleteSearch = (id: string) =>
  api.call(`${BASE}/searches/${encodeURIComponent(id)}`, { method: "DELETE", responseType: "none" });
export const fetchNewCompanies = (id: string) => api.call(`${BASE}/searches/${encodeURIComponent(id)}/new`, { schema: NewCompaniesSchema });

export const fetchWatchedIds = () => api.call(`${BASE}/companies`, { schema: WatchedIdsSchema });
export const watchCompany = (orgSeqNo: number) =>
  api.call(`${BASE}/companies/${orgSeqNo}`, { method: "POST", schema: WatchedCompanySchema });
export const unwatchCompany = (orgSeqNo: number) => api.call(`${BASE}/companies/${orgSeqNo}`, { method: "DELETE", responseType: "none" });
