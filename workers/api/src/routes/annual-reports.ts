import { Hono } from "hono";
import {
  AnnualReportListSchema,
  AnnualReportOpenQuerySchema,
  AnnualReportRefNoSchema,
  OrgSeqNoParamSchema,
} from "#shared/api-contracts/search-api";
import { parseOrThrow } from "#shared/errors";
import type { ApiBindings } from "../env";
import { FILED_DOCUMENT_CSP, readFiledDocument } from "../details/annual-report-document";
import { annualReportCsp } from "../details/annual-report-html";
import { listAnnualReports, openAnnualReport } from "../details/annual-report-service";
import { contractJson } from "../http/contract-answer";
import { backendFor } from "../search/search-backend-for";

/** /sapi/annual-report (spec §7): GET /{orgSeqNo} → [{refNo, periodEnd}]; GET /open/{refNo}?orgNo=&period= → HTML. */
export const annualReportRoutes = new Hono<ApiBindings>()
  .get("/open/:refNo", async (c) => {
    const refNo = parseOrThrow(AnnualReportRefNoSchema, c.req.param("refNo"), "refNo");
    const query = parseOrThrow(AnnualReportOpenQuerySchema, c.req.query());
    const opened = await openAnnualReport(await backendFor(c), refNo, query);
    if (opened.kind === "filed") {
      // The filed iXBRL document itself (docs/decisions/0050): XHTML, inline, nothing in it may run or load.
      return c.body(await readFiledDocument(c.env.SEARCH_INDEX, opened), 200, {
        "Content-Type": "application/xhtml+xml",
        "Content-Disposition": `inline; filename="${opened.fileName}"`,
        "Content-Security-Policy": FILED_DOCUMENT_CSP,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        // The filing names people (board, signatures, auditor): never kept by a shared cache.
        "Cache-Control": "private, no-store",
      });
    }
    return c.body(opened.html, 200, {
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
