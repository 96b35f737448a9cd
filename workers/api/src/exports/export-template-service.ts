/**
 * Export templates per user in D1 (migration 0040): the built-ins plus the user's own, CRUD on the user's own, and
 * the default per result type. Every query is scoped by user_id, so another user's template id is simply not found.
 */
import { z } from "zod";
import { type ColumnSpec, ColumnSpecSchema, type ExportResultType, unknownColumnIssues } from "#shared/api-contracts/export-columns";
import {
  BUILTIN_TEMPLATES,
  BuiltinTemplateIdSchema,
  builtinTemplate,
  MAX_TEMPLATES_PER_USER,
  type ExportTemplate,
  type ExportTemplateInput,
  type ExportTemplatePatch,
} from "#shared/api-contracts/export-templates";
import { AppError, notFound, userMessage, validationError } from "#shared/errors";

const TemplateRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  result_type: z.enum(["COMPANY", "WORKSITE"]),
  columns_json: z.string(),
});
type TemplateRow = z.infer<typeof TemplateRowSchema>;

const StoredColumnsSchema = z.array(ColumnSpecSchema);

const templateNotFound = () => notFound("EXPORT_TEMPLATE_NOT_FOUND", "Mallen finns inte.");
const builtinReadOnly = () => new AppError("EXPORT_TEMPLATE_BUILTIN", 403, "De inbyggda mallarna kan inte ändras.", { expose: true });

async function defaultsOf(db: D1Database, userId: string): Promise<Map<string, string>> {
  const { results } = await db
    .prepare("SELECT result_type, template_id FROM export_template_defaults WHERE user_id = ?")
    .bind(userId)
    .all<{ result_type: string; template_id: string }>();
  return new Map(results.map((r) => [r.result_type, r.template_id]));
}

function fromRow(row: TemplateRow, defaults: Map<string, string>): ExportTemplate {
  return {
    id: row.id,
    name: row.name,
    resultType: row.result_type,
    columns: StoredColumnsSchema.parse(JSON.parse(row.columns_json)),
    builtin: false,
    isDefault: defaults.get(row.result_type) === row.id,
  };
}

async function findRow(db: D1Database, userId: string, templateId: string): Promise<TemplateRow | null> {
  const row = await db.prepare("SELECT * FROM export_templates WHERE id = ? AND user_id = ?").bind(templateId, userId).first();
  return row ? TemplateRowSchema.parse(row) : null;
}

/** The built-ins then the user's own (oldest first); Standard is the default of a result type with none chosen. */
export async function listTemplates(db: D1Database, userId: string): Promise<ExportTemplate[]> {
  const defaults = await defaultsOf(db, userId);
  const { results } = await db.prepare("SELECT * FROM export_templates WHERE user_id = ? ORDER BY created_at, id").bind(userId).all();
  const own = results.map((r) => fromRow(TemplateRowSchema.parse(r), defaults));
  const builtins = BUILTIN_TEMPLATES.map((t) => ({ ...t, builtin: true, isDefault: (defaults.get(t.resultType) ?? "standard") === t.id }));
  return [...builtins, ...own];
}

export async function createTemplate(db: D1Database, userId: string, input: ExportTemplateInput, now = Date.now()) {
  const id = crypto.randomUUID();
  const result = await db
    .prepare(
      `INSERT INTO export_templates (id, user_id, name, result_type, columns_json, created_at, updated_at)
       SELECT ?, ?, ?, ?, ?, ?, ? WHERE (SELECT count(*) FROM export_templates WHERE user_id = ?) < ?`,
    )
    .bind(id, userId, input.name, input.resultType, JSON.stringify(input.columns), now, now, userId, MAX_TEMPLATES_PER_USER)
    .run();
  if (result.meta.changes !== 1)
    throw userMessage("EXPORT_TEMPLATE_LIMIT", `Du kan spara högst ${MAX_TEMPLATES_PER_USER} mallar. Ta bort någon först.`);
  return { id, name: input.name, resultType: input.resultType, columns: input.columns, builtin: false, isDefault: false };
}

function assertOwnId(templateId: string): void {
  if (BuiltinTemplateIdSchema.safeParse(templateId).success) throw builtinReadOnly();
}

export async function updateTemplate(db: D1Database, userId: string, templateId: string, patch: ExportTemplatePatch, now = Date.now()) {
  assertOwnId(templateId);
  const row = await findRow(db, userId, templateId);
  if (!row) throw templateNotFound();
  if (patch.columns) {
    const issues = unknownColumnIssues(row.result_type, patch.columns).map((i) => ({ ...i, path: `columns.${i.path}` }));
    if (issues.length > 0) throw validationError(issues);
  }
  const next = { ...row, name: patch.name ?? row.name, columns_json: patch.columns ? JSON.stringify(patch.columns) : row.columns_json };
  await db
    .prepare("UPDATE export_templates SET name = ?, columns_json = ?, updated_at = ? WHERE id = ? AND user_id = ?")
    .bind(next.name, next.columns_json, now, templateId, userId)
    .run();
  return fromRow(next, await defaultsOf(db, userId));
}

/** Deletes the user's template; if it was the default, Standard is the default again. */
export async function deleteTemplate(db: D1Database, userId: string, templateId: string): Promise<void> {
  assertOwnId(templateId);
  const [deleted] = await db.batch([
    db.prepare("DELETE FROM export_templates WHERE id = ? AND user_id = ?").bind(templateId, userId),
    db.prepare("DELETE FROM export_template_defaults WHERE user_id = ? AND template_id = ?").bind(userId, templateId),
  ]);
  if (deleted?.meta.changes !== 1) throw templateNotFound();
}

/** Makes a built-in or one of the user's templates the default for its result type. */
export async function setDefaultTemplate(db: D1Database, userId: string, templateId: string, resultType?: ExportResultType) {
  const templates = await listTemplates(db, userId);
  const template = templates.find((t) => t.id === templateId && (resultType === undefined || t.resultType === resultType));
  if (!template) throw templateNotFound();
  await db
    .prepare(
      `INSERT INTO export_template_defaults (user_id, result_type, template_id) VALUES (?, ?, ?)
       ON CONFLICT (user_id, result_type) DO UPDATE SET template_id = excluded.template_id`,
    )
    .bind(userId, template.resultType, template.id)
    .run();
  return { ...template, isDefault: true };
}

/**
 * The columns of an export: the request's own list, else the named template, else the user's default for the result
 * type, else Standard. Unknown ids are a VALIDATION naming `columns.N.id`; an unknown template id is a 404.
 */
export async function exportColumnsFor(
  db: D1Database,
  userId: string,
  resultType: ExportResultType,
  request: { columns?: readonly ColumnSpec[]; templateId?: string },
): Promise<ColumnSpec[]> {
  if (request.columns) {
    const issues = unknownColumnIssues(resultType, request.columns).map((i) => ({ ...i, path: `columns.${i.path}` }));
    if (issues.length > 0) throw validationError(issues);
    return [...request.columns];
  }
  const templateId = request.templateId ?? (await defaultsOf(db, userId)).get(resultType) ?? "standard";
  const builtin = builtinTemplate(templateId, resultType);
  if (builtin) return builtin.columns;
  const row = BuiltinTemplateIdSchema.safeParse(templateId).success ? null : await findRow(db, userId, templateId);
  if (!row || row.result_type !== resultType) {
    if (request.templateId) throw templateNotFound();
    return builtinTemplate("standard", resultType)!.columns;
  }
  return StoredColumnsSchema.parse(JSON.parse(row.columns_json));
}
