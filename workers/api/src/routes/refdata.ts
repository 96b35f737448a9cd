import { Hono } from "hono";
import type { ApiBindings } from "../env";
import { cacheableJsonResponse } from "../http/cacheable-json";
import { staticRefdata, STATIC_REFDATA_NAMES } from "../refdata/refdata-service";
import { backendFor } from "../search/search-backend-for";
import { sniAggregation } from "../refdata/sni-aggregation-service";

/** Static parts change only with a deployment; the ETag makes revalidation after max-age a cheap 304. */
const STATIC_MAX_AGE_S = 3600;
/** The SNI aggregation changes with a reindex. */
const AGGREGATION_MAX_AGE_S = 300;

/** /sapi/refdata/{sni-tree|location-tree|company-form-entries|fiscal-year-entries|employee-range-entries|sni-keywords|sni-aggregation} */
export const refdataRoutes = new Hono<ApiBindings>().get("/sni-aggregation", async (c) =>
  cacheableJsonResponse(c, await sniAggregation(await backendFor(c)), AGGREGATION_MAX_AGE_S),
);
for (const name of STATIC_REFDATA_NAMES) {
  refdataRoutes.get(`/${name}`, async (c) => cacheableJsonResponse(c, await staticRefdata(name), STATIC_MAX_AGE_S));
}
