import { Hono } from "hono";
import type { ApiBindings } from "../env";
import { cacheableJsonResponse } from "../services/cacheable-json";
import { staticRefdata, STATIC_REFDATA_NAMES } from "../services/refdata-service";

/** Static parts change only with a deployment; the ETag makes revalidation after max-age a cheap 304. */
const STATIC_MAX_AGE_S = 3600;

/** /sapi/refdata/{sni-tree|location-tree|company-form-entries|fiscal-year-entries|employee-range-entries|sni-keywords|sni-aggregation} */
export const refdataRoutes = new Hono<ApiBindings>();
for (const name of STATIC_REFDATA_NAMES) {
  refdataRoutes.get(`/${name}`, async (c) => cacheableJsonResponse(c, await staticRefdata(name), STATIC_MAX_AGE_S));
}
