/**
 * The export designer's state (issue 17): the user's templates (built-ins and own), the chosen template, the column
 * list (a template's, then edited), and the file format. Template changes go to the API at once.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { standardColumnSpecs, type ColumnSpec, type ExportFormat } from "#shared/api-contracts/export-columns";
import type { ExportTemplate } from "#shared/api-contracts/export-templates";
import { errorMessage } from "../api-error";
import { createTemplate, deleteTemplate, fetchTemplates, setDefaultTemplate, updateTemplate } from "./export-designer-calls";

export type ResultType = "COMPANY" | "WORKSITE";

export function useExportDesign(resultType: ResultType) {
  const [templates, setTemplates] = useState<ExportTemplate[]>([]);
  const [templateId, setTemplateId] = useState("standard");
  const [columns, setColumnsState] = useState<ColumnSpec[]>(() => standardColumnSpecs(resultType));
  const [format, setFormat] = useState<ExportFormat>("xlsx");
  const [message, setMessage] = useState<string | null>(null);
  /** The user chose columns or a template: the first load of the templates must not put the default's back. */
  const touched = useRef(false);
  const setColumns = useCallback((next: ColumnSpec[]) => {
    touched.current = true;
    setColumnsState(next);
  }, []);

  const reload = useCallback(
    async (select?: ExportTemplate, { first = false } = {}) => {
      const list = (await fetchTemplates()).filter((t) => t.resultType === resultType);
      setTemplates(list);
      // Columns ticked while the list was on its way (a slow network, or a quick hand) stay as ticked.
      if (first && touched.current) return;
      const chosen = select ?? list.find((t) => t.isDefault) ?? list[0];
      if (chosen) {
        setTemplateId(chosen.id);
        setColumnsState(chosen.columns);
      }
    },
    [resultType],
  );

  useEffect(() => {
    reload(undefined, { first: true }).catch((error: unknown) => setMessage(errorMessage(error)));
  }, [reload]);

  const run = useCallback(async (action: () => Promise<string>) => {
    try {
      setMessage(await action());
    } catch (error) {
      setMessage(errorMessage(error));
    }
  }, []);

  const template = templates.find((t) => t.id === templateId);
  const choose = (id: string) => {
    const next = templates.find((t) => t.id === id);
    if (!next) return;
    setTemplateId(id);
    setColumns(next.columns);
  };
  const saveAs = (name: string) =>
    run(async () => {
      const created = await createTemplate({ name, resultType, columns });
      await reload(created);
      return `Mallen ${created.name} sparades.`;
    });
  const saveColumns = () =>
    run(async () => {
      const saved = await updateTemplate(templateId, { columns });
      await reload(saved);
      return `Mallen ${saved.name} sparades.`;
    });
  const rename = (name: string) =>
    run(async () => {
      const saved = await updateTemplate(templateId, { name });
      await reload({ ...saved, columns });
      return `Mallen heter nu ${saved.name}.`;
    });
  const remove = () =>
    run(async () => {
      await deleteTemplate(templateId);
      await reload();
      return `Mallen ${template?.name ?? ""} togs bort.`;
    });
  const makeDefault = () =>
    run(async () => {
      const saved = await setDefaultTemplate(templateId, resultType);
      await reload({ ...saved, columns });
      return `${saved.name} används nu som standardmall.`;
    });

  return {
    templates,
    template,
    templateId,
    columns,
    setColumns,
    format,
    setFormat,
    message,
    choose,
    saveAs,
    saveColumns,
    rename,
    remove,
    makeDefault,
  };
}

export type ExportDesign = ReturnType<typeof useExportDesign>;
