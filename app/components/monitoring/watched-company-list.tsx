/**
 * The watched companies on /bevakningar with their latest changes (issue 16). 'Sluta bevaka' takes the company away
 * with its button; the focus then goes to the next company's button (or the one before, or the empty list's text)
 * instead of falling to the page (issue 38).
 */
import { useEffect, useRef } from "react";
import type { WatchedCompany } from "#shared/api-contracts/monitoring";
import { formatDate } from "#shared/format";
import { useWatchedIds } from "../../lib/monitoring/monitoring-store";
import { WatchButton } from "./watch-button";

export function WatchedCompanyList({ companies }: { companies: WatchedCompany[] }) {
  // 'Sluta bevaka' takes the company off the list at once (issue 25): the page's list follows the watched ids.
  const watched = useWatchedIds();
  const removed = watched ? companies.filter((company) => !watched.has(company.orgSeqNo)) : [];
  const shown = watched ? companies.filter((company) => watched.has(company.orgSeqNo)) : companies;
  const shownIds = shown.map((company) => company.orgSeqNo).join(",");
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const before = useRef(shownIds);
  useEffect(() => {
    const was = before.current.split(",");
    const now = shownIds === "" ? [] : shownIds.split(",");
    before.current = shownIds;
    const gone = was.findIndex((id) => !now.includes(id));
    if (gone < 0 || document.activeElement !== document.body) return;
    const next = now[Math.min(gone, now.length - 1)];
    if (next === undefined) emptyRef.current?.focus();
    else document.querySelector<HTMLButtonElement>(`[data-watched-company="${next}"] .watch-button button`)?.focus();
  }, [shownIds]);
  const status = (
    <p className="visually-hidden" role="status">
      {removed.length > 0 ? `Du bevakar inte längre ${removed.map((company) => company.name).join(", ")}.` : ""}
    </p>
  );
  if (shown.length === 0) {
    return (
      <>
        <p className="muted" ref={emptyRef} tabIndex={-1}>
          Du bevakar inga företag. Välj Bevaka företaget på ett företag i sökningen.
        </p>
        {status}
      </>
    );
  }
  return (
    <>
      {status}
      <ul className="monitoring-companies">
        {shown.map((company) => (
          <li key={company.orgSeqNo} data-watched-company={company.orgSeqNo}>
            <strong>{company.name}</strong> <span className="muted">{company.orgNo}</span>{" "}
            <WatchButton orgSeqNo={company.orgSeqNo} name={company.name} />
            {company.changes.length === 0 ? (
              <p className="muted">Inga ändringar sedan du började bevaka företaget.</p>
            ) : (
              company.changes.map((change) => (
                <ul
                  key={change.at + change.lines.join()}
                  className={change.isRead ? "monitoring-changes monitoring-changes--read" : "monitoring-changes"}
                >
                  {change.lines.map((line) => (
                    <li key={line}>{`${formatDate(change.at.slice(0, 10))}: ${line}`}</li>
                  ))}
                </ul>
              ))
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
