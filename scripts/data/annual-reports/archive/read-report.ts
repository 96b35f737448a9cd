/**
 * One filed report: the nested zip of one company and period, read into its .xhtml documents or refused. Every entry
 * is checked against the central directory before anything is inflated (name, path, nesting, encryption, method,
 * duplicates, declared sizes and ratios); then the .xhtml entries are inflated one by one with the tightest cap that
 * applies, so a header that lies about sizes costs at most that cap. Other entries (none in real archives) are
 * checked but neither inflated nor returned.
 */
import { type ArchiveLimits, type ArchiveRefusal, type ArchiveRefusalReason, type FiledReport, RATIO_GRACE_BYTES } from "./archive-types";
import { baseName, isDirectoryName, isXhtmlName, isZipName, parseReportZipName, pathTraversalProblem } from "./report-names";
import { ZipError, type ZipEntry, type ZipReader } from "./zip-reader";

export interface Problem {
  reason: ArchiveRefusalReason;
  file: string | null;
  message: string;
}

const ZIP_LOCAL_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** The refusal of one nested zip (or, with `inner` null, of a whole outer archive). */
export const refusal = (archive: string, inner: string | null, problem: Problem): ArchiveRefusal => ({
  refused: true,
  archive,
  inner,
  ...problem,
});

/**
 * A ZipError as a problem. OUTPUT_LIMIT is ZIP_BOMB: the caps are applied to the declared sizes first, so output
 * past a cap means the header lied about the size.
 */
export function problemFromZipError(error: ZipError): Problem {
  const reason = error.reason === "OUTPUT_LIMIT" ? "ZIP_BOMB" : error.reason;
  return { reason, file: error.entry, message: error.message };
}

/** The cap on what inflating one entry of `compressedSize` bytes may produce, by the ratio rule. */
export const ratioCap = (compressedSize: number, limits: ArchiveLimits): number =>
  Math.max(RATIO_GRACE_BYTES, compressedSize * limits.maxRatio);

/** Reads the nested zip `inner` of `archive`, whose central directory `reader` has read. Never throws a ZipError. */
export async function readReport(
  archive: string,
  inner: string,
  reader: ZipReader,
  limits: ArchiveLimits,
): Promise<FiledReport | ArchiveRefusal> {
  const name = parseReportZipName(baseName(inner));
  if ("problem" in name) return refusal(archive, inner, { reason: "BAD_NAME", file: null, message: name.problem });
  const planned = planDocuments(reader.entries, limits);
  if ("reason" in planned) return refusal(archive, inner, planned);
  const documents: FiledReport["documents"] = [];
  let total = 0;
  for (const entry of planned.documents) {
    const bytes = await readDocument(reader, entry, limits, limits.maxNestedTotalBytes - total);
    if ("reason" in bytes) return refusal(archive, inner, bytes);
    total += bytes.length;
    documents.push({ file: entry.name, bytes });
  }
  return { archive, inner, orgNoFromName: name.orgNo, periodEndFromName: name.periodEnd, documents };
}

/** The .xhtml entries to read, in archive order, or the first problem any entry has in the central directory. */
function planDocuments(entries: readonly ZipEntry[], limits: ArchiveLimits): { documents: ZipEntry[] } | Problem {
  const seen = new Set<string>();
  let declaredTotal = 0;
  for (const entry of entries) {
    const problem = entryProblem(entry, limits, seen);
    if (problem) return problem;
    declaredTotal += entry.uncompressedSize;
    if (declaredTotal > limits.maxNestedTotalBytes) {
      const message = `the entries declare more than ${limits.maxNestedTotalBytes} bytes in all`;
      return { reason: "ZIP_BOMB", file: entry.name, message };
    }
  }
  const documents = entries.filter((entry) => isXhtmlName(entry.name));
  if (documents.length === 0) return { reason: "NO_DOCUMENT", file: null, message: "no .xhtml document in the nested zip" };
  return { documents };
}

function entryProblem(entry: ZipEntry, limits: ArchiveLimits, seen: Set<string>): Problem | null {
  const file = entry.name;
  if (entry.problem?.reason === "BAD_NAME") return problemFromZipError(entry.problem);
  const traversal = pathTraversalProblem(file);
  if (traversal) return { reason: "PATH_TRAVERSAL", file, message: traversal };
  if (isZipName(file)) return { reason: "NESTED_TOO_DEEP", file, message: `${file}: a zip inside the nested zip` };
  if (entry.problem) return problemFromZipError(entry.problem);
  if (seen.has(file)) return { reason: "DUPLICATE_NAME", file, message: `${file} appears twice` };
  seen.add(file);
  if (isDirectoryName(file)) return null;
  if (entry.uncompressedSize > ratioCap(entry.compressedSize, limits)) {
    const message = `${file} declares ${entry.uncompressedSize} bytes from ${entry.compressedSize} compressed`;
    return { reason: "ZIP_BOMB", file, message };
  }
  if (entry.uncompressedSize > limits.maxDocumentBytes) {
    const message = `${file} declares ${entry.uncompressedSize} bytes, above the cap of ${limits.maxDocumentBytes}`;
    return { reason: "TOO_LARGE", file, message };
  }
  return null;
}

/** One document's bytes, inflated under the tightest cap that applies to it. */
async function readDocument(
  reader: ZipReader,
  entry: ZipEntry,
  limits: ArchiveLimits,
  remainingTotal: number,
): Promise<Uint8Array | Problem> {
  const cap = Math.min(limits.maxDocumentBytes, remainingTotal, ratioCap(entry.compressedSize, limits));
  let bytes: Uint8Array;
  try {
    bytes = await reader.readEntry(entry, cap);
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    return problemFromZipError(error);
  }
  if (ZIP_LOCAL_SIGNATURE.every((byte, i) => bytes[i] === byte)) {
    return { reason: "NESTED_TOO_DEEP", file: entry.name, message: `${entry.name} is a zip, not a document` };
  }
  return bytes;
}
