/** The export designer's API calls (issue 17): the popup's preview and the user's export templates. */
import { ExtractionPreviewSchema, type ExtractionPreview, type ExtractionSelection } from "#shared/api-contracts/extraction";
import type { ColumnSpec } from "#shared/api-contracts/export-columns";
import {
  ExportTemplateListSchema,
  ExportTemplateSchema,
  type ExportTemplate,
  type ExportTemplateInput,
} from "#shared/api-contracts/export-templates";
import { api } from "../api";

const TEMPLATES = "/sapi/extraction/templates";

export function fetchExportPreview(serializedSearch: string, selection: ExtractionSelection): Promise<ExtractionPreview> {
  const query = new URLSearchParams({ serializedSearch });
  return api.call(`/sapi/extraction/preview?${query.toString()}`, { method: "POST", body: selection, schema: ExtractionPreviewSchema });
}

export async function fetchTemplates(): Promise<ExportTemplate[]> {
  return (await api.call(TEMPLATES, { schema: ExportTemplateListSchema, retries: 1 })).templates;
}

export function createTemplate(input: ExportTemplateInput): Promise<ExportTemplate> {
  return api.call(TEMPLATES, { method: "POST", body: input, schema: ExportTemplateSchema });
}

export function updateTemplate(id: string, patch: { name?: string; columns?: ColumnSpec[] }): Promise<ExportTemplate> {
  return api.call(`${TEMPLATES}/${encodeURIComponent(id)}`, { method: "PATCH", body: patch, schema: ExportTemplateSchema });
}

export function deleteTemplate(id: string): Promise<void> {
  return api.call(`${TEMPLATES}/${encodeURIComponent(id)}`, { method: "DELETE", responseType: "none" });
}

export function setDefaultTemplate(id: string, resultType: "COMPANY" | "WORKSITE"): Promise<ExportTemplate> {
  return api.call(`${TEMPLATES}/${encodeURIComponent(id)}/default?resultType=${resultType}`, {
    method: "PUT",
    schema: ExportTemplateSchema,
  });
}
