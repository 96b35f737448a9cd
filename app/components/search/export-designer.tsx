/**
 * The export popup's designer (issue 17): the file format (XLSX or CSV), the template (built-in Standard and CRM
 * templates, and the user's own: save, rename, delete, use as default), and the column chooser.
 */
import { useId, useState } from "react";
import type { ExportDesign } from "../../lib/search/use-export-design";
import { ConfirmDelete } from "../confirm-delete";
import { ColumnChooser } from "./column-chooser";

export function ExportDesigner({ design, resultType }: { design: ExportDesign; resultType: "COMPANY" | "WORKSITE" }) {
  const [showColumns, setShowColumns] = useState(false);
  const [name, setName] = useState("");
  const id = useId();
  const own = design.template && !design.template.builtin;
  const named = name.trim().length > 0;
  return (
    <section className="export-designer" aria-label="Kolumner och format">
      <fieldset className="export-designer__format">
        <legend>Filformat</legend>
        <label>
          <input type="radio" name={`${id}-format`} checked={design.format === "xlsx"} onChange={() => design.setFormat("xlsx")} />
          Excel (XLSX)
        </label>
        <label>
          <input type="radio" name={`${id}-format`} checked={design.format === "csv"} onChange={() => design.setFormat("csv")} />
          CSV (semikolonavgränsad)
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-template`}>Mall</label>
        <select id={`${id}-template`} value={design.templateId} onChange={(event) => design.choose(event.target.value)}>
          {design.templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.isDefault ? `${t.name} (förvald)` : t.name}
            </option>
          ))}
        </select>
      </div>
      <div className="export-designer__actions">
        <button
          type="button"
          className="button button--small button--secondary"
          aria-expanded={showColumns}
          aria-controls={`${id}-columns`}
          onClick={() => setShowColumns(!showColumns)}
        >
          {showColumns ? "Dölj kolumner" : `Välj kolumner (${design.columns.length})`}
        </button>
        {design.template && !design.template.isDefault ? (
          <button type="button" className="button button--small button--secondary" onClick={() => void design.makeDefault()}>
            Använd som standard
          </button>
        ) : null}
        {own ? (
          <>
            <button type="button" className="button button--small button--secondary" onClick={() => void design.saveColumns()}>
              Spara ändringar i mallen
            </button>
            <ConfirmDelete
              question={`Ta bort mallen ${design.template?.name ?? ""}?`}
              triggerClassName="button button--small button--secondary"
              onConfirm={() => void design.remove()}
            >
              Ta bort mallen
            </ConfirmDelete>
          </>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>Mallens namn</label>
        <input id={`${id}-name`} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="export-designer__actions">
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={!named || design.columns.length === 0}
          onClick={() => void design.saveAs(name.trim())}
        >
          Spara som ny mall
        </button>
        {own ? (
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={!named}
            onClick={() => void design.rename(name.trim())}
          >
            Byt namn på mallen
          </button>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="muted">
        {design.message}
      </p>
      <div id={`${id}-columns`} hidden={!showColumns}>
        {showColumns ? <ColumnChooser resultType={resultType} columns={design.columns} onChange={design.setColumns} /> : null}
      </div>
    </section>
  );
}
