import { Hono } from "hono";
import type { ApiBindings } from "./env";
import { clientVersionGate } from "./middleware/client-version";
import { handleError, handleNotFound } from "./middleware/errors";
import { requestContext } from "./middleware/request-context";
import { requireSameOrigin } from "./middleware/same-origin";
import { requireSubscriber } from "./middleware/session";
import { apiKeyRoutes } from "./routes/api-keys";
import { authRoutes } from "./routes/auth";
import { annualReportRoutes } from "./routes/annual-reports";
import { contactRoutes } from "./routes/contact";
import { detailRoutes } from "./routes/details";
import { extractionRoutes } from "./routes/extraction";
import { healthRoutes } from "./routes/health";
import { listFileRoutes } from "./routes/list-files";
import { monitoringRoutes } from "./routes/monitoring";
import { refdataRoutes } from "./routes/refdata";
import { searchRoutes } from "./routes/search";
import { sharedLinkRoutes } from "./routes/shared-links";
import { userConfigRoutes } from "./routes/user-config";
import { v1Routes } from "./routes/v1";
import { webhookRoutes } from "./routes/webhooks";
import { preflightRoutes, publicSubscriptionRoutes, subscriptionRoutes } from "./routes/subscription";

/** The API worker's Hono app: middleware in order, then one sub-app per resource. */
export function createApp() {
  const app = new Hono<ApiBindings>();
  app.use("*", requestContext());
  app.use("*", clientVersionGate());
  app.use("*", requireSameOrigin());
  app.route("/sapi/health", healthRoutes);
  app.use("/sapi/*", requireSubscriber());
  app.route("/api/auth", authRoutes);
  app.route("/api/subscription", publicSubscriptionRoutes);
  app.route("/api/contact", contactRoutes);
  app.route("/sapi/subscription", subscriptionRoutes);
  app.route("/sapi/preflight", preflightRoutes);
  app.route("/sapi/refdata", refdataRoutes);
  app.route("/sapi/search", searchRoutes);
  app.route("/sapi/search", sharedLinkRoutes);
  app.route("/sapi/details", detailRoutes);
  app.route("/sapi/annual-report", annualReportRoutes);
  app.route("/sapi/user-config", userConfigRoutes);
  app.route("/sapi/list-file", listFileRoutes);
  app.route("/sapi/extraction", extractionRoutes);
  app.route("/sapi/monitoring/webhooks", webhookRoutes);
  app.route("/sapi/monitoring", monitoringRoutes);
  app.route("/sapi/api-keys", apiKeyRoutes);
  // The public API: an API key instead of a session (and no CSRF check: no cookie is read there).
  app.route("/v1", v1Routes);
  app.onError(handleError);
  app.notFound(handleNotFound);
  return app;
}
