/**
 * A filed annual report as the company filed it (issue 45 point 4, docs/decisions/0050): the iXBRL document the
 * reindex stored in R2 SEARCH_INDEX under annual-reports/<sha256>.xhtml (scripts/reindex/annual-report-documents.ts),
 * served inline as XHTML under a Content-Security-Policy that lets nothing run and nothing load: the document is the
 * filer's, not ours, so its markup is never trusted.
 */
import { AppError } from "#shared/errors";

export const filedDocumentKey = (sha256: string) => `annual-reports/${sha256}.xhtml`;

/**
 * No script, no request of any kind (images, fonts, styles from elsewhere, frames, forms); the document's own inline
 * styles and embedded data: images are its layout. `sandbox` without allow-scripts also gives it an opaque origin.
 */
export const FILED_DOCUMENT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'; " +
  "frame-ancestors 'none'; sandbox";

/** The stored document, or an error the spec's way when the reindex did not store it (never another report). */
export async function readFiledDocument(bucket: R2Bucket, sha256: string): Promise<ReadableStream> {
  const object = await bucket.get(filedDocumentKey(sha256));
  if (!object) {
    throw new AppError("ANNUAL_REPORT_NOT_FOUND", 404, "Årsredovisningen finns inte för det här företaget.", { type: "USER_MESSAGE" });
  }
  return object.body;
}
