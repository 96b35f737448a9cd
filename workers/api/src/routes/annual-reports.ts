import { Hono } from "hono";
import {
  AnnualReportListSchema,
  AnnualReportOpenQuerySchema,
  AnnualReportRefNoSchema,
  OrgSeqNoParamSchema,
} from "#shared/api-contracts/search-api";
import { parseOrThrow } from "#shared/errors";
import type { ApiBindings } from "../env";
import { annualReportCsp } from "../details/annual-report-html";
import { listAnnualReports, openAnnualReport } from "../details/annual-report-service";
import { contractJson } from "../http/contract-answer";
import { backendFor } from "../search/search-backend-for";

/** /sapi/annual-report (spec §7): GET /{orgSeqNo} → [{refNo, periodEnd}]; GET /open/{refNo}?orgNo=&period= → HTML. */
export const annualReportRoutes = new Hono<ApiBindings>()
  .get("/open/:refNo", async (c) => {
    const refNo = parseOrThrow(AnnualReportRefNoSchema, c.req.param("refNo"), "refNo");
    const query = parseOrThrow(AnnualReportOpenQuerySchema, c.req.query());
    const html = await openAnnualReport(await backendFor(c), refNo, query);
    return c.body(html, 200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": await annualReportCsp(),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "private, no-store",
    });
  })
  .get("/:orgSeqNo", async (c) => {
    const orgSeqNo = parseOrThrow(OrgSeqNoParamSchema, c.req.param("orgSeqNo"), "orgSeqNo");
    return contractJson(c, AnnualReportListSchema, await listAnnualReports(await backendFor(c), orgSeqNo));
  });
