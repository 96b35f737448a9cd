import { Hono } from "hono";
import type { ApiBindings } from "./env";
import { clientVersionGate } from "./middleware/client-version";
import { handleError, handleNotFound } from "./middleware/errors";
import { requestContext } from "./middleware/request-context";
import { healthRoutes } from "./routes/health";

/** The API worker's Hono app: middleware in order, then one sub-app per resource. */
export function createApp() {
  const app = new Hono<ApiBindings>();
  app.use("*", requestContext());
  app.use("*", clientVersionGate());
  app.route("/sapi/health", healthRoutes);
  app.onError(handleError);
  app.notFound(handleNotFound);
  return app;
}
