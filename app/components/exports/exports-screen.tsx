/**
 * /exporter, "Mina exporter" (issue 28): the exports of the subscription period, newest first: date, the search in
 * one line, format, rows, charged and free records, status (a progress bar with the rows written while one runs) and
 * the file while it is kept. Downloading again costs nothing. The list polls while an export runs (export-jobs-store).
 * Above the list, the records left to export (issue 38), reloaded when an export on the list settles (a failed one
 * gives its records back). Below 1025 px the table's rows show as cards, each value under its column's name
 * (card-table in narrow.css, issue 38).
 */
import "../../styles/exports.css";
import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ExtractionJobListItem } from "#shared/api-contracts/extraction";
import { EXPORT_RETENTION_DAYS } from "#shared/api-contracts/extraction-values";
import { formatNumber } from "#shared/format";
import { useExportPolling, useExports } from "../../lib/exports/export-jobs-store";
import {
  EXPIRED_FILE_TEXT,
  FORMAT_TEXT,
  isRunning,
  keptUntilText,
  progressText,
  recordsLeftText,
  rowsText,
  shortDateTime,
  STATUS_TEXT,
} from "../../lib/exports/export-list-text";
import { exportFileHref } from "../../lib/search/search-calls";
import type { loader as signedInLoader } from "../../routes/_auth";

function StatusCell({ job, date }: { job: ExtractionJobListItem; date: string }) {
  if (job.status !== "RUNNING") return <>{STATUS_TEXT[job.status]}</>;
  const text = progressText(job.rowsWritten, job.count);
  return (
    <div className="export-progress">
      <span>{STATUS_TEXT.RUNNING}</span>
      <progress max={job.count} value={job.rowsWritten} aria-label={`Exporten ${date}: ${text}`} />
      <span>{text}</span>
    </div>
  );
}

function FileCell({ job }: { job: ExtractionJobListItem }) {
  if (job.downloadable)
    return (
      <>
        <a href={exportFileHref(job.jobId)} download>
          {job.fileName}
        </a>
        <span className="muted">{keptUntilText(job.expiresAt)}</span>
      </>
    );
  if (job.status === "DONE") return <span className="muted">{EXPIRED_FILE_TEXT}</span>;
  if (isRunning(job)) return <span className="muted">Filen skapas</span>;
  return <span className="muted">Ingen fil</span>;
}

function ExportRow({ job }: { job: ExtractionJobListItem }) {
  const date = shortDateTime(job.createdAt);
  return (
    <tr>
      <td data-label="Datum">{date}</td>
      <td data-label="Urval" className="card-wide">
        {job.summary}
      </td>
      <td data-label="Format">{FORMAT_TEXT[job.format]}</td>
      <td data-label="Rader" className="number">
        {rowsText(job)}
      </td>
      <td data-label="Debiterade poster" className="number">
        {formatNumber(job.chargedCount)}
      </td>
      <td data-label="Kostnadsfria poster" className="number">
        {formatNumber(job.freeCount)}
      </td>
      <td data-label="Status">
        <StatusCell job={job} date={date} />
      </td>
      <td data-label="Fil" className="card-wide">
        <FileCell job={job} />
      </td>
    </tr>
  );
}

/** The records left, from the signed-in layout's active user; reloaded when a running export settles. */
function RecordsLeft({ running }: { running: number }) {
  const recordsLeft = useRouteLoaderData<typeof signedInLoader>("routes/_auth")?.user.subscription.extractionRecordsLeft;
  const revalidator = useRevalidator();
  const before = useRef(running);
  useEffect(() => {
    if (running < before.current) revalidator.revalidate();
    before.current = running;
  }, [running, revalidator]);
  return recordsLeft === undefined ? null : <p className="exports-left">{recordsLeftText(recordsLeft)}</p>;
}

export function ExportsScreen() {
  useExportPolling(true);
  const { jobs, error } = useExports();
  // The introduction and the records left do not wait for the list: the server-rendered page shows them at once.
  return (
    <>
      <RecordsLeft running={jobs?.filter(isRunning).length ?? 0} />
      <p>
        {`Här finns dina exporter under prenumerationsperioden. Filerna sparas i ${EXPORT_RETENTION_DAYS} dagar, och det kostar inget att ladda ner en fil igen.`}
      </p>
      {jobs === null ? (
        error ? (
          <p className="form-error">{error}</p>
        ) : (
          <p className="muted">Hämtar dina exporter…</p>
        )
      ) : jobs.length === 0 ? (
        <p className="muted">Du har inga exporter ännu. Gör en sökning och välj Exportera.</p>
      ) : (
        <table className="exports-table card-table">
          <caption className="visually-hidden">Dina exporter, den senaste först</caption>
          <thead>
            <tr>
              <th scope="col">Datum</th>
              <th scope="col">Urval</th>
              <th scope="col">Format</th>
              <th scope="col" className="number">
                Rader
              </th>
              <th scope="col" className="number">
                Debiterade poster
              </th>
              <th scope="col" className="number">
                Kostnadsfria poster
              </th>
              <th scope="col">Status</th>
              <th scope="col">Fil</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <ExportRow key={job.jobId} job={job} />
            ))}
          </tbody>
        </table>
      )}
      {error ? <p className="form-error">{error}</p> : null}
    </>
  );
}
