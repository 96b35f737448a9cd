/**
 * The header's 'Listfiler' popup (spec §2, §4, §5): a badge counting the included plus excluded files; a table with
 * Filnamn, Antal, Inkludera, Exkludera and Ta bort; 'Lägg till filer' for one or several files; the help text.
 * Include and exclude are mutually exclusive per file and re-run the search; deleting a file that the search uses
 * removes it from both sets and re-runs the search. Files belong to the search session's seqNo, which the screen
 * assigns on the first upload.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { formatNumber } from "#shared/format";
import type { NumSetName } from "#shared/search/search-fields";
import type { Search } from "#shared/search/search-schema";
import { errorMessage } from "../../lib/api-error";
import { deleteListFile, fetchListFiles, LIST_FILE_ACCEPT, type ListFileRow, uploadListFiles } from "../../lib/search/search-calls";
import { listFileSide, newSeqNo, setListFile } from "../../lib/search/search-edit";
import { ConfirmDelete } from "../confirm-delete";
import { PopupButton } from "./popup-button";
import { useSearchScreen, useSearchState } from "./search-context";
import { usePopup } from "./use-popup";

function FileRow({
  file,
  search,
  onSide,
  onDelete,
}: {
  file: ListFileRow;
  search: Search;
  onSide: (id: number, side: NumSetName | null) => void;
  onDelete: (file: ListFileRow) => void;
}) {
  const side = listFileSide(search, file.id);
  // The label around the box is its touch target (44 × 44 px on phones and tablets, search-actions.css).
  const box = (name: NumSetName, label: string) => (
    <label className="list-files__check">
      <input
        type="checkbox"
        checked={side === name}
        aria-label={`${label} ${file.name}`}
        onChange={(e) => onSide(file.id, e.target.checked ? name : null)}
      />
    </label>
  );
  // data-label: on a phone each row is a card, each value under its column's name (search-actions.css).
  return (
    <tr>
      <td className="list-files__name">{file.name}</td>
      <td className="num list-files__count" data-label="Antal">
        {formatNumber(file.size)}
      </td>
      <td className="center" data-label="Inkludera">
        {box("includeFile", "Inkludera")}
      </td>
      <td className="center" data-label="Exkludera">
        {box("excludeFile", "Exkludera")}
      </td>
      <td className="center list-files__delete" data-label="Ta bort">
        <ConfirmDelete
          question={`Ta bort ${file.name}?`}
          triggerLabel={`Ta bort ${file.name}`}
          triggerClassName="icon-button"
          onConfirm={() => onDelete(file)}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" />
          </svg>
        </ConfirmDelete>
      </td>
    </tr>
  );
}

export function ListFilePopup() {
  const { update } = useSearchScreen();
  const { search } = useSearchState();
  const popup = usePopup();
  const [files, setFiles] = useState<ListFileRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const seqNo = search.numeric.seqNo;
  const badge = (search.numSet.includeFile?.length ?? 0) + (search.numSet.excludeFile?.length ?? 0);

  // Only the latest listing is used (an upload can finish before a listing started earlier).
  const listing = useRef(0);
  const reload = useCallback(async (session: number) => {
    const call = ++listing.current;
    try {
      const rows = await fetchListFiles(session);
      if (call === listing.current) setFiles(rows);
    } catch (error) {
      if (call === listing.current) setMessage(errorMessage(error));
    }
  }, []);

  useEffect(() => {
    if (popup.open && seqNo !== undefined) void reload(seqNo);
  }, [popup.open, seqNo, reload]);

  const upload = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    const session = seqNo ?? newSeqNo();
    if (seqNo === undefined) update({ ...search, numeric: { ...search.numeric, seqNo: session } });
    setBusy(true);
    setMessage(null);
    try {
      await uploadListFiles(session, chosen);
      await reload(session);
    } catch (error) {
      setMessage(errorMessage(error));
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const remove = async (file: ListFileRow) => {
    setMessage(null);
    try {
      await deleteListFile(file.id);
      setFiles((previous) => previous.filter((f) => f.id !== file.id));
      if (listFileSide(search, file.id)) update(setListFile(search, file.id, null));
    } catch (error) {
      setMessage(errorMessage(error));
    }
  };

  return (
    <div className="popup-anchor" ref={popup.rootRef}>
      <PopupButton popup={popup}>
        Listfiler
        {badge > 0 ? (
          <span className="badge">
            <span className="visually-hidden">, </span>
            {badge}
            <span className="visually-hidden"> används</span>
          </span>
        ) : null}
      </PopupButton>
      {popup.open ? (
        <section className="popup popup--list-files" aria-labelledby={headingId} ref={popup.panelRef}>
          <h2 id={headingId} className="popup__heading">
            Listfiler
          </h2>
          <p className="popup__muted">
            Med listor av organisationsnummer kan du inkludera eller exkludera företag i urvalet. Format: Excel, text, CSV och Word.
          </p>
          <table className="list-files">
            <thead>
              <tr>
                <th scope="col">Filnamn</th>
                <th scope="col" className="num">
                  Antal
                </th>
                <th scope="col">Inkludera</th>
                <th scope="col">Exkludera</th>
                <th scope="col">Ta bort</th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <FileRow
                  key={file.id}
                  file={file}
                  search={search}
                  onSide={(id, side) => update(setListFile(search, id, side))}
                  onDelete={(f) => void remove(f)}
                />
              ))}
            </tbody>
          </table>
          {files.length === 0 ? <p className="popup__muted">Inga listfiler har lagts till.</p> : null}
          {message ? (
            <p className="form-error" role="alert">
              {message}
            </p>
          ) : null}
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={LIST_FILE_ACCEPT}
            hidden
            onChange={(e) => void upload([...(e.target.files ?? [])])}
          />
          <button type="button" className="button" data-autofocus disabled={busy} onClick={() => fileInput.current?.click()}>
            {busy ? "Laddar upp…" : "Lägg till filer"}
          </button>
        </section>
      ) : null}
    </div>
  );
}
