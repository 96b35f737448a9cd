/** The words of "Mina exporter" (issue 28) and of the export notice: dates in Swedish time, progress, status, format. */
import type { ExportStatus, ExtractionJobListItem } from "#shared/api-contracts/extraction";
import { EXPORT_RETENTION_DAYS } from "#shared/api-contracts/extraction-values";
import type { ExportFormat } from "#shared/api-contracts/export-columns";
import { countOf, formatNumber } from "#shared/format";
import { stockholmWallClock } from "#shared/stockholm-time";

const MONTHS = ["jan", "feb", "mar", "apr", "maj", "jun", "jul", "aug", "sep", "okt", "nov", "dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** "3 dec 14:30" in Swedish time; the year is added when it is not the current one ("3 dec 2025 14:30"). */
export function shortDateTime(iso: string, now = new Date()): string {
  const t = stockholmWallClock(new Date(iso));
  const year = t.year === stockholmWallClock(now).year ? "" : ` ${t.year}`;
  return `${t.day} ${MONTHS[t.month - 1]}${year} ${pad(t.hour)}:${pad(t.minute)}`;
}

export const keptUntilText = (expiresAt: string, now?: Date) => `Sparas till ${shortDateTime(expiresAt, now)}`;

export const EXPIRED_FILE_TEXT = `Filen har tagits bort (filer sparas i ${EXPORT_RETENTION_DAYS} dagar)`;

/** Spec §2's export popup sentence, also on "Mina exporter" and in the Konto popup (issue 38). */
export const recordsLeftText = (recordsLeft: number) => `Ditt abonnemang har ${countOf(recordsLeft, "post", "poster")} kvar att exportera.`;

const posts = (count: number) => countOf(count, "post", "poster");

/**
 * The confirmation before a large export (issue 38): what it takes from the records left and what is left afterwards,
 * "högst" and "minst" when some of the records are free (the use is then a range, export-limits.ts quotaUse).
 */
export function quotaUseText({ least, most }: { least: number; most: number }, recordsLeft: number): string {
  if (least === most)
    return `Exporten drar ${posts(most)} från ditt abonnemang. Efteråt har du ${posts(recordsLeft - most)} kvar att exportera.`;
  return (
    `Exporten drar högst ${posts(most)} från ditt abonnemang (poster som du redan har exporterat under perioden kostar inget). ` +
    `Efteråt har du minst ${posts(recordsLeft - most)} kvar att exportera.`
  );
}

/** "12 000 av 100 000 rader". */
export const progressText = (rowsWritten: number, count: number) => `${formatNumber(rowsWritten)} av ${countOf(count, "rad", "rader")}`;

export const STATUS_TEXT: Record<ExportStatus, string> = {
  READY: "Väntar på start",
  RUNNING: "Pågår",
  DONE: "Klar",
  ERROR: "Misslyckades",
};

export const FORMAT_TEXT: Record<ExportFormat, string> = { xlsx: "Excel (XLSX)", csv: "CSV" };

export const isRunning = (job: Pick<ExtractionJobListItem, "status">) => job.status === "READY" || job.status === "RUNNING";

/** The rows of the export: those written once done (with the requested count when fewer), else the requested. */
export function rowsText(job: Pick<ExtractionJobListItem, "status" | "count" | "rowCount">): string {
  if (job.status !== "DONE" || job.rowCount === null) return formatNumber(job.count);
  return job.rowCount < job.count ? `${formatNumber(job.rowCount)} av ${formatNumber(job.count)}` : formatNumber(job.rowCount);
}

/** What the header says when an export the user no longer watches in the popup has finished. */
export function settledNotice(job: Pick<ExtractionJobListItem, "status" | "rowCount" | "count">): string {
  if (job.status === "ERROR") return "Ett fel inträffade vid export. Inga poster drogs från ditt abonnemang.";
  return `Exporten är klar (${countOf(job.rowCount ?? job.count, "rad", "rader")}). Filen finns under Mina exporter.`;
}
