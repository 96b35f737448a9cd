/**
 * The header's 'Mina exporter' link (issue 28): "Export pågår" while an export runs, and a notice when one the user
 * no longer watches in the export popup is done (closed popup, reloaded page), read out by screen readers.
 */
import "../../styles/exports.css";
import { Link, NavLink } from "@remix-run/react";
import { dismissExportNotice, useExportPolling, useExports } from "../../lib/exports/export-jobs-store";
import { isRunning } from "../../lib/exports/export-list-text";

export function ExportsLink({ isActive }: { isActive: boolean }) {
  useExportPolling(isActive);
  const { jobs } = useExports();
  const running = jobs?.some(isRunning) ?? false;
  return (
    <NavLink to="/exporter">
      Mina exporter
      {running ? (
        <span className="badge" data-testid="export-running">
          <span className="visually-hidden">, </span>Export pågår
        </span>
      ) : null}
    </NavLink>
  );
}

/** Always in the page, so that a message put into it is announced (role=status is polite). */
export function ExportNotice() {
  const { notice } = useExports();
  return (
    <div role="status" className="export-notice-region">
      {notice ? (
        <div className={notice.failed ? "export-notice export-notice--failed" : "export-notice"}>
          <p>{notice.text}</p>
          <Link to="/exporter" onClick={dismissExportNotice}>
            Visa Mina exporter
          </Link>
          <button type="button" className="button button--secondary" onClick={dismissExportNotice}>
            Dölj
          </button>
        </div>
      ) : null}
    </div>
  );
}
