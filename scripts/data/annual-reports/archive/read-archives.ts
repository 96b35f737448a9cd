/**
 * The annual-report loader's view of Bolagsverket's bulk archives: every filed report in a directory of .zip files,
 * read one nested zip at a time (memory: the outer central directory, one nested zip and its documents). A report
 * that cannot be read safely is refused (an ArchiveRefusal in the stream) and the run goes on; an outer archive that
 * cannot be read at all is one refusal with `inner` null.
 *
 * An outer archive's entries are nested zips. Directory entries and entries not named *.zip (a stray README) are
 * skipped without a refusal, since they hold no report; their names are still checked for path traversal, which
 * marks a hostile archive. A .zip file named like a nested zip (<10 digits>_<YYYY-MM-DD>.zip) that does not hold
 * only zips is read as one loose nested zip.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { type ArchiveLimits, type ArchiveRefusal, DEFAULT_ARCHIVE_LIMITS, type FiledReport } from "./archive-types";
import { type Problem, problemFromZipError, ratioCap, readReport, refusal } from "./read-report";
import {
  baseName,
  hasReportZipShape,
  isDirectoryName,
  isXhtmlName,
  isZipName,
  parseReportZipName,
  pathTraversalProblem,
} from "./report-names";
import { ZipError, type ZipEntry, ZipReader } from "./zip-reader";

export {
  type ArchiveLimits,
  type ArchiveRefusal,
  type ArchiveRefusalReason,
  DEFAULT_ARCHIVE_LIMITS,
  type FiledReport,
} from "./archive-types";

const publicationOrder = new Intl.Collator("en", { numeric: true }).compare;

/**
 * Every report in the .zip archives of `dir` (sorted by file name = publication order, numbers compared as numbers:
 * 01_2.zip before 01_10.zip), outer archives and loose nested zips alike. A missing `dir` throws.
 */
export async function* readArchives(
  dir: string,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): AsyncGenerator<FiledReport | ArchiveRefusal> {
  const files = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && isZipName(entry.name))
    .map((entry) => entry.name)
    .sort(publicationOrder);
  for (const file of files) yield* readArchive(path.join(dir, file), limits);
}

/** One archive file. Never throws: what cannot be read is refused. */
export async function* readArchive(
  file: string,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): AsyncGenerator<FiledReport | ArchiveRefusal> {
  const archive = path.basename(file);
  let reader: ZipReader;
  try {
    reader = await ZipReader.openFile(file);
  } catch (error) {
    yield refusal(archive, null, archiveProblem(error));
    return;
  }
  let current: string | null = null;
  try {
    if (isLooseReport(archive, reader.entries)) {
      current = archive;
      yield await readLooseReport(archive, reader, limits);
      return;
    }
    for (const entry of reader.entries) {
      current = entry.name;
      const result = await readOuterEntry(archive, reader, entry, limits);
      if (result) yield result;
    }
  } catch (error) {
    // A file system error in the middle of an archive (the ZIP structure errors are refusals of their report).
    const problem = archiveProblem(error);
    yield refusal(archive, null, { ...problem, message: `stopped at ${current ?? "the start"}: ${problem.message}` });
  } finally {
    await reader.close();
  }
}

/** Why an outer archive, or one of its entries, cannot be read (`file` stays null: no file inside a report is at fault). */
function archiveProblem(error: unknown): Problem {
  if (error instanceof ZipError) return { ...problemFromZipError(error), file: null };
  return { reason: "UNREADABLE", file: null, message: error instanceof Error ? error.message : String(error) };
}

/** A file named like a nested zip is one, unless it holds zips and no .xhtml (an oddly named outer archive). */
function isLooseReport(archive: string, entries: readonly ZipEntry[]): boolean {
  if (!hasReportZipShape(archive)) return false;
  return entries.some((entry) => isXhtmlName(entry.name)) || !entries.some((entry) => isZipName(entry.name));
}

async function readLooseReport(archive: string, reader: ZipReader, limits: ArchiveLimits): Promise<FiledReport | ArchiveRefusal> {
  if (reader.size > limits.maxNestedZipBytes) {
    const message = `the nested zip is ${reader.size} bytes, above the cap of ${limits.maxNestedZipBytes}`;
    return refusal(archive, archive, { reason: "TOO_LARGE", file: null, message });
  }
  return readReport(archive, archive, reader, limits);
}

/** One entry of an outer archive: a report, a refusal, or null for an entry that is not a nested zip. */
async function readOuterEntry(
  archive: string,
  outer: ZipReader,
  entry: ZipEntry,
  limits: ArchiveLimits,
): Promise<FiledReport | ArchiveRefusal | null> {
  const inner = entry.name;
  const refuse = (problem: Problem) => refusal(archive, inner, problem);
  if (entry.problem?.reason === "BAD_NAME") return refuse(archiveProblem(entry.problem));
  const traversal = pathTraversalProblem(inner);
  if (traversal) return refuse({ reason: "PATH_TRAVERSAL", file: null, message: traversal });
  if (isDirectoryName(inner) || !isZipName(inner)) return null;
  if (entry.problem) return refuse(archiveProblem(entry.problem));
  const name = parseReportZipName(baseName(inner));
  if ("problem" in name) return refuse({ reason: "BAD_NAME", file: null, message: name.problem });
  if (entry.uncompressedSize > ratioCap(entry.compressedSize, limits)) {
    const message = `the nested zip declares ${entry.uncompressedSize} bytes from ${entry.compressedSize} compressed`;
    return refuse({ reason: "ZIP_BOMB", file: null, message });
  }
  if (entry.uncompressedSize > limits.maxNestedZipBytes) {
    const message = `the nested zip declares ${entry.uncompressedSize} bytes, above the cap of ${limits.maxNestedZipBytes}`;
    return refuse({ reason: "TOO_LARGE", file: null, message });
  }
  let bytes: Uint8Array;
  try {
    bytes = await outer.readEntry(entry, Math.min(limits.maxNestedZipBytes, ratioCap(entry.compressedSize, limits)));
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    return refuse(archiveProblem(error));
  }
  try {
    return await readReport(archive, inner, await ZipReader.fromBytes(bytes), limits);
  } catch (error) {
    // The nested zip's own directory is unreadable (readReport itself refuses rather than throws).
    if (!(error instanceof ZipError)) throw error;
    return refuse(problemFromZipError(error));
  }
}
