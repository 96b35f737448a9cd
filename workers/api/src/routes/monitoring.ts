import { Hono, type Context } from "hono";
import {
  CreateSavedSearchRequestSchema,
  DigestSettingRequestSchema,
  MonitoringOverviewSchema,
  NewCompaniesSchema,
  OrgSeqNoParamSchema,
  RenameSavedSearchRequestSchema,
  SavedSearchIdSchema,
  SavedSearchSchema,
  UnreadCountSchema,
  WatchedCompanySchema,
  WatchedIdsSchema,
} from "#shared/api-contracts/monitoring";
import { parseOrThrow } from "#shared/errors";
import { describeError, log } from "#shared/log";
import { authConfig } from "../auth/auth-config";
import { readJson } from "../auth/request-input";
import type { ApiBindings } from "../env";
import { currentSession } from "../middleware/session";
import { getSavedSearchIndex } from "#search-index";
import { dispatchMonitoringRuns } from "../monitoring/dispatch-runs";
import { markAllRead, monitoringOverview, storeDigest, unreadCount } from "../monitoring/monitoring-overview";
import { syncPercolator, type SavedSearchChange } from "../monitoring/percolator-sync";
import { createSavedSearch, deleteSavedSearch, newCompaniesOf, renameSavedSearch } from "../monitoring/saved-search-store";
import { unwatchCompany, watchCompany, watchedIds } from "../monitoring/watched-company-store";
import { contractJson } from "../http/contract-answer";
import { backendFor } from "../search/search-backend-for";

const userOf = (c: Context<ApiBindings>) => currentSession(c).userId;

/**
 * A reindex that went live leaves its alert jobs for the API to enqueue (dispatch-runs.ts): the calls every signed-in
 * page makes (the header's unread badge, the page) start it, after answering.
 */
function dispatchAfterAnswer(c: Context<ApiBindings>): void {
  const origin = authConfig(c.env).PUBLIC_ORIGIN ?? new URL(c.req.url).origin;
  const dispatched = dispatchMonitoringRuns(c.env.DB, c.env.MONITORING_QUEUE, origin).catch((error: unknown) =>
    log("error", "monitoring dispatch failed", { requestId: c.var.requestId, ...describeError(error) }),
  );
  c.executionCtx.waitUntil(dispatched);
}
/** On Elasticsearch, the saved search's stored query follows the D1 write, after the answer (percolator-sync.ts). */
function syncAfterAnswer(c: Context<ApiBindings>, change: SavedSearchChange): void {
  c.executionCtx.waitUntil(syncPercolator(getSavedSearchIndex(c.env), change, c.var.requestId));
}

const savedSearchId = (c: Context<ApiBindings>) => parseOrThrow(SavedSearchIdSchema, c.req.param("id"), "id");
const orgSeqNo = (c: Context<ApiBindings>) => parseOrThrow(OrgSeqNoParamSchema, c.req.param("orgSeqNo"), "orgSeqNo");

/** Mounted at /sapi/monitoring (Bevakning, issue 16); the calls are listed in workers/shared/api-contracts/monitoring.ts. */
export const monitoringRoutes = new Hono<ApiBindings>()
  .get("/", async (c) => {
    dispatchAfterAnswer(c);
    c.header("Cache-Control", "no-store");
    return contractJson(c, MonitoringOverviewSchema, await monitoringOverview(c.env.DB, userOf(c)));
  })
  .get("/unread", async (c) => {
    dispatchAfterAnswer(c);
    c.header("Cache-Control", "no-store");
    return contractJson(c, UnreadCountSchema, { unread: await unreadCount(c.env.DB, userOf(c)) });
  })
  .post("/mark-read", async (c) => {
    await markAllRead(c.env.DB, userOf(c));
    return c.body(null, 204);
  })
  .post("/settings", async (c) => {
    const { digest } = await readJson(c, DigestSettingRequestSchema);
    return contractJson(c, DigestSettingRequestSchema, await storeDigest(c.env.DB, userOf(c), digest));
  })
  .post("/searches", async (c) => {
    const input = await readJson(c, CreateSavedSearchRequestSchema);
    const saved = await createSavedSearch(c.env.DB, await backendFor(c), userOf(c), input);
    syncAfterAnswer(c, { kind: "put", id: saved.id, userId: userOf(c), serializedSearch: saved.serializedSearch });
    return contractJson(c, SavedSearchSchema, saved);
  })
  .post("/searches/:id/rename", async (c) => {
    const id = savedSearchId(c);
    const { name } = await readJson(c, RenameSavedSearchRequestSchema);
    return contractJson(c, SavedSearchSchema, await renameSavedSearch(c.env.DB, userOf(c), id, name));
  })
  .delete("/searches/:id", async (c) => {
    const id = savedSearchId(c);
    await deleteSavedSearch(c.env.DB, userOf(c), id);
    syncAfterAnswer(c, { kind: "delete", id });
    return c.body(null, 204);
  })
  .get("/searches/:id/new", async (c) => {
    c.header("Cache-Control", "no-store");
    return contractJson(c, NewCompaniesSchema, await newCompaniesOf(c.env.DB, userOf(c), savedSearchId(c)));
  })
  .get("/companies", async (c) => {
    c.header("Cache-Control", "no-store");
    return contractJson(c, WatchedIdsSchema, { orgSeqNos: await watchedIds(c.env.DB, userOf(c)) });
  })
  .post("/companies/:orgSeqNo", async (c) => {
    const id = orgSeqNo(c);
    return contractJson(c, WatchedCompanySchema, await watchCompany(c.env.DB, await backendFor(c), userOf(c), id));
  })
  .delete("/companies/:orgSeqNo", async (c) => {
    await unwatchCompany(c.env.DB, userOf(c), orgSeqNo(c));
    return c.body(null, 204);
  });
