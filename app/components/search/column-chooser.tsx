/**
 * The export's column chooser (issue 17): every catalogue column of the result type, grouped and searchable, ticked
 * in or out; the chosen ones in file order, reordered with the 'Flytta upp'/'Flytta ned' buttons, Alt+arrow keys on
 * a focused column, or drag and drop.
 */
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { CATALOGUES, COLUMN_GROUPS, type ColumnSpec } from "#shared/api-contracts/export-columns";
import { matchesColumn, moveColumn, toggleColumn } from "../../lib/search/column-order";

interface ColumnChooserProps {
  resultType: "COMPANY" | "WORKSITE";
  columns: ColumnSpec[];
  onChange: (columns: ColumnSpec[]) => void;
}

export function ColumnChooser({ resultType, columns, onChange }: ColumnChooserProps) {
  const catalogue = CATALOGUES[resultType];
  const [filter, setFilter] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const dragged = useRef<number | null>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const searchId = useId();
  const chosen = new Set(columns.map((c) => c.id));
  const headerOf = (c: ColumnSpec) => c.header ?? catalogue[c.id]?.header ?? c.id;

  const move = (from: number, to: number, focus = false) => {
    if (to < 0 || to >= columns.length) return;
    onChange(moveColumn(columns, from, to));
    setAnnouncement(`${headerOf(columns[from]!)} är nu kolumn ${to + 1} av ${columns.length}.`);
    if (focus) requestAnimationFrame(() => items.current[to]?.focus());
  };
  const onKey = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    move(index, event.key === "ArrowUp" ? index - 1 : index + 1, true);
  };
  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    if (dragged.current !== null) move(dragged.current, index);
    dragged.current = null;
  };

  const groups = COLUMN_GROUPS.map((group) => ({
    group,
    ids: Object.entries(catalogue)
      .filter(([, c]) => c.group === group && matchesColumn(filter, c.header, c.group))
      .map(([id]) => id),
  })).filter((g) => g.ids.length > 0);

  return (
    <div className="column-chooser">
      <div className="column-chooser__available">
        <div className="field">
          <label htmlFor={searchId}>Sök kolumn</label>
          <input id={searchId} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </div>
        {groups.map(({ group, ids }) => (
          <fieldset key={group} className="column-chooser__group">
            <legend>{group}</legend>
            {ids.map((id) => (
              <label key={id} className="column-chooser__option">
                <input type="checkbox" checked={chosen.has(id)} onChange={() => onChange(toggleColumn(columns, id))} />
                {catalogue[id]!.header}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <div className="column-chooser__chosen">
        <h3 id={`${searchId}-chosen`}>Valda kolumner ({columns.length})</h3>
        <p className="muted">Flytta en kolumn med knapparna, med Alt + pil upp eller ned, eller genom att dra den.</p>
        <ol aria-labelledby={`${searchId}-chosen`}>
          {columns.map((column, index) => (
            <li
              key={column.id}
              ref={(element) => {
                items.current[index] = element;
              }}
              tabIndex={0}
              draggable
              aria-label={`${headerOf(column)}, kolumn ${index + 1} av ${columns.length}`}
              onKeyDown={(event) => onKey(event, index)}
              onDragStart={() => (dragged.current = index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
            >
              <span>{headerOf(column)}</span>
              <button
                type="button"
                className="button button--small"
                aria-label={`Flytta upp ${headerOf(column)}`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--small"
                aria-label={`Flytta ned ${headerOf(column)}`}
                disabled={index === columns.length - 1}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </button>
            </li>
          ))}
        </ol>
        <p role="status" aria-live="polite" className="visually-hidden">
          {announcement}
        </p>
      </div>
    </div>
  );
}
