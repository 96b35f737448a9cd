/**
 * Export templates (issue 17): a named column list per result type. Built-in templates (Standard and the CRM
 * templates, whose headers import into HubSpot, Salesforce, Lime CRM and Upsales without mapping; sources in
 * docs/decisions/0023-export-designer.md) plus each user's own, one of which (or a built-in) is the user's default
 * per result type.
 *
 *   GET    /sapi/extraction/templates                      → ExportTemplateList
 *   POST   /sapi/extraction/templates                      body ExportTemplateInput → 201 ExportTemplate
 *   PATCH  /sapi/extraction/templates/{templateId}         body ExportTemplatePatch → ExportTemplate
 *   DELETE /sapi/extraction/templates/{templateId}         → 204
 *   PUT    /sapi/extraction/templates/{templateId}/default → ExportTemplate (now the default for its result type)
 *
 * A user's template is visible to that user only (404 otherwise); built-ins cannot be changed or deleted (403).
 * An unknown column id is a 400 VALIDATION naming the column.
 */
import { z } from "zod";
import { hasUnsaveableCharacters, UNSAVEABLE_TEXT_MESSAGE } from "../plain-text";
import {
  ColumnListSchema,
  ExportResultTypeSchema,
  standardColumnSpecs,
  unknownColumnIssues,
  type ColumnSpec,
  type ExportResultType,
} from "./export-columns";

export const MAX_TEMPLATES_PER_USER = 50;

export const BUILTIN_TEMPLATE_IDS = ["standard", "hubspot", "salesforce", "lime-crm", "upsales"] as const;
export const BuiltinTemplateIdSchema = z.enum(BUILTIN_TEMPLATE_IDS);
export type BuiltinTemplateId = z.infer<typeof BuiltinTemplateIdSchema>;

export const TemplateIdSchema = z.union([BuiltinTemplateIdSchema, z.uuid("Ogiltigt mall-id")], { error: "Ogiltigt mall-id" });

const TemplateNameSchema = z
  .string()
  .trim()
  .min(1, "Ange ett namn på mallen")
  .max(80, "Namnet får vara högst 80 tecken")
  .refine((name) => !hasUnsaveableCharacters(name), UNSAVEABLE_TEXT_MESSAGE);

function checkColumns(value: { resultType: ExportResultType; columns: readonly ColumnSpec[] }, ctx: z.RefinementCtx) {
  for (const issue of unknownColumnIssues(value.resultType, value.columns)) {
    const [index, field] = issue.path.split(".");
    ctx.addIssue({ code: "custom", path: ["columns", Number(index), field ?? "id"], message: issue.message });
  }
}

export const ExportTemplateInputSchema = z
  .strictObject({ name: TemplateNameSchema, resultType: ExportResultTypeSchema, columns: ColumnListSchema })
  .superRefine(checkColumns);
export type ExportTemplateInput = z.infer<typeof ExportTemplateInputSchema>;

/** A rename, a new column list, or both (the result type of a template never changes). */
export const ExportTemplatePatchSchema = z
  .strictObject({ name: TemplateNameSchema.optional(), columns: ColumnListSchema.optional() })
  .refine((patch) => patch.name !== undefined || patch.columns !== undefined, { message: "Ange namn eller kolumner" });
export type ExportTemplatePatch = z.infer<typeof ExportTemplatePatchSchema>;

export const ExportTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  resultType: ExportResultTypeSchema,
  columns: z.array(z.object({ id: z.string(), header: z.string().optional() })),
  builtin: z.boolean(),
  isDefault: z.boolean(),
});
export type ExportTemplate = z.infer<typeof ExportTemplateSchema>;

export const ExportTemplateListSchema = z.object({ templates: z.array(ExportTemplateSchema) });
export type ExportTemplateList = z.infer<typeof ExportTemplateListSchema>;

type Builtin = Omit<ExportTemplate, "isDefault" | "builtin">;

const crm = (id: BuiltinTemplateId, name: string, columns: [string, string][]): Builtin => ({
  id,
  name,
  resultType: "COMPANY",
  columns: columns.map(([column, header]) => ({ id: column, header })),
});

/** Built-in templates; the CRM headers are each tool's standard company (account) field names. */
export const BUILTIN_TEMPLATES: readonly Builtin[] = [
  { id: "standard", name: "Standard", resultType: "COMPANY", columns: standardColumnSpecs("COMPANY") },
  { id: "standard", name: "Standard", resultType: "WORKSITE", columns: standardColumnSpecs("WORKSITE") },
  crm("hubspot", "HubSpot", [
    ["name", "Company name"],
    ["phone1", "Phone Number"],
    ["streetAddress", "Street Address"],
    ["city", "City"],
    ["zip", "Postal Code"],
    ["countyName", "State/Region"],
    ["sniName", "Industry"],
    ["numEmployees", "Number of Employees"],
    ["turnover", "Annual Revenue"],
  ]),
  crm("salesforce", "Salesforce", [
    ["name", "Account Name"],
    ["orgNo", "Account Number"],
    ["phone1", "Phone"],
    ["streetAddress", "Billing Street"],
    ["city", "Billing City"],
    ["zip", "Billing Zip/Postal Code"],
    ["countyName", "Billing State/Province"],
    ["sniCode", "SIC Code"],
    ["sniName", "Industry"],
    ["numEmployees", "Employees"],
    ["turnover", "Annual Revenue"],
  ]),
  crm("lime-crm", "Lime CRM", [
    ["name", "Company Name"],
    ["orgNo", "RegistrationNo"],
    ["phone1", "Phone Number"],
    ["streetAddress", "Postal Address 1"],
    ["careOf", "Postal Address 2"],
    ["zip", "Postal Zip Code"],
    ["city", "Postal City"],
  ]),
  crm("upsales", "Upsales", [
    ["name", "Namn"],
    ["orgNo", "Organisationsnummer"],
    ["phone1", "Telefon"],
    ["streetAddress", "Adress"],
    ["zip", "Postnummer"],
    ["city", "Ort"],
    ["sniName", "Bransch"],
    ["numEmployees", "Antal anställda"],
    ["turnover", "Omsättning"],
  ]),
];

/** A built-in template of the result type, or undefined (the CRM templates are for companies only). */
export const builtinTemplate = (id: string, resultType: ExportResultType) =>
  BUILTIN_TEMPLATES.find((t) => t.id === id && t.resultType === resultType);
