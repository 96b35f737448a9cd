/**
 * A filed annual report as the company filed it (issue 45 point 4, docs/decisions/0050): the iXBRL document the
 * reindex stored in R2 SEARCH_INDEX, a gzip member at an offset of a pack (annual-reports/packs/<sha256 of the
 * pack>.bin, scripts/reindex/annual-report-documents.ts). Read as one range, unpacked, and checked against the
 * document's own SHA-256 before it is served: the bytes are exactly the ones filed, or nothing is. Served inline as
 * XHTML under a Content-Security-Policy that lets nothing run and nothing load: the markup is the filer's, not ours.
 */
import { AppError } from "#shared/errors";
import { log } from "#shared/log";
import { joinChunks } from "../http/capped-body";

export const packKey = (pack: string) => `annual-reports/packs/${pack}.bin`;

export interface FiledDocumentPlace {
  sha256: string;
  document: { pack: string; offset: number; length: number };
}

/**
 * No script, no request of any kind (images, fonts, styles from elsewhere, frames, forms); the document's own inline
 * styles and embedded data: images are its layout. `sandbox` without allow-scripts also gives it an opaque origin.
 */
export const FILED_DOCUMENT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'; " +
  "frame-ancestors 'none'; sandbox";

/** The loader refuses larger documents (50 MiB); a member unpacking past this is not one it wrote. */
const MAX_DOCUMENT_BYTES = 50 * 2 ** 20;

const notFound = () =>
  new AppError("ANNUAL_REPORT_NOT_FOUND", 404, "Årsredovisningen finns inte för det här företaget.", { type: "USER_MESSAGE" });

async function gunzip(member: ReadableStream): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = (member.pipeThrough(new DecompressionStream("gzip")) as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_DOCUMENT_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return joinChunks(chunks, size);
}

const hex = (digest: ArrayBuffer) => [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** The filed document's bytes, or the spec's not-found error when the reindex did not store it as the report says. */
export async function readFiledDocument(bucket: R2Bucket, place: FiledDocumentPlace): Promise<Uint8Array<ArrayBuffer>> {
  const { pack, offset, length } = place.document;
  const object = await bucket.get(packKey(pack), { range: { offset, length } });
  if (!object) throw notFound();
  const bytes = await gunzip(object.body).catch(() => null);
  const sha256 = bytes && hex(await crypto.subtle.digest("SHA-256", bytes));
  if (!bytes || sha256 !== place.sha256) {
    log("error", "filed annual report does not match its hash", { pack, offset, length, expected: place.sha256, found: sha256 });
    throw notFound();
  }
  return bytes;
}
