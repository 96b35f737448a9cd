/** One saved search on /bevakningar: hit counts, new and removed companies, open, rename, delete, 'Exportera nya'. */
import { Link } from "@remix-run/react";
import { useState } from "react";
import type { SavedSearch } from "#shared/api-contracts/monitoring";
import { formatNumber } from "#shared/format";
import { errorMessage } from "../../lib/api-error";
import { ConfirmDelete } from "../confirm-delete";
import { deleteSearch, fetchNewCompanies, renameSearch } from "../../lib/monitoring/monitoring-calls";
import { useExportJob } from "../../lib/search/use-export-job";

interface Props {
  saved: SavedSearch;
  onChanged: (next: SavedSearch | null) => void;
}

const EXPORT_TEXT = { READY: "Exportera nya", RUNNING: "Laddar ner...", DONE: "Urval nedladdat!", ERROR: "Ett fel inträffade vid export" };

function RenameForm({ saved, onDone }: { saved: SavedSearch; onDone: (next: SavedSearch | null) => void }) {
  const [name, setName] = useState(saved.name);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    try {
      onDone(await renameSearch(saved.id, name));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label className="field">
        <span>Nytt namn</span>
        <input type="text" value={name} maxLength={80} required onChange={(e) => setName(e.target.value)} />
      </label>
      {error ? <p className="form-error">{error}</p> : null}
      <button type="submit" className="button">
        Spara namn
      </button>
    </form>
  );
}

export function SavedSearchRow({ saved, onChanged }: Props) {
  const [renaming, setRenaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const exportJob = useExportJob(() => undefined);
  const remove = async () => {
    try {
      await deleteSearch(saved.id);
      onChanged(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const exportNew = async () => {
    const { serializedSearch, orgSeqNos } = await fetchNewCompanies(saved.id);
    if (orgSeqNos.length > 0) await exportJob.start(serializedSearch, orgSeqNos.length, { exclude: false, idNumbers: orgSeqNos });
  };
  // The actions name their saved search for a screen reader, also in the phone's cards, where no row context is read.
  const nameId = `saved-search-${saved.id}`;
  return (
    <tr data-saved-search={saved.id}>
      <td className="card-wide">
        {renaming ? (
          <RenameForm saved={saved} onDone={(next) => (setRenaming(false), onChanged(next))} />
        ) : (
          <strong id={nameId}>{saved.name}</strong>
        )}
        {error ? <p className="form-error">{error}</p> : null}
      </td>
      <td data-label="Träffar nu" className="number">
        {formatNumber(saved.hitCount)}
      </td>
      <td data-label="Vid förra kontrollen" className="number">
        {saved.previousHitCount === null ? "–" : formatNumber(saved.previousHitCount)}
      </td>
      <td data-label="Nya" className="number">
        {saved.newCount > 0 ? <span className="monitoring-new">{`+${formatNumber(saved.newCount)}`}</span> : "0"}
      </td>
      <td data-label="Borttagna" className="number">
        {saved.removedCount > 0 ? `−${formatNumber(saved.removedCount)}` : "0"}
      </td>
      <td className="card-wide">
        <div className="monitoring-actions">
          <Link to={`/sok?vad=${saved.serializedSearch}`} aria-describedby={renaming ? undefined : nameId}>
            Öppna
          </Link>
          <button
            type="button"
            className="link-button"
            aria-describedby={renaming ? undefined : nameId}
            onClick={() => setRenaming(!renaming)}
          >
            Byt namn
          </button>
          <ConfirmDelete question={`Ta bort bevakningen ${saved.name}?`} triggerClassName="link-button" onConfirm={() => void remove()}>
            Ta bort
          </ConfirmDelete>
          {saved.newCount > 0 ? (
            <button type="button" className="link-button" disabled={exportJob.status === "RUNNING"} onClick={() => void exportNew()}>
              {EXPORT_TEXT[exportJob.status]}
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
