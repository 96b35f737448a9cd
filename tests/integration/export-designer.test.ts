/**
 * The export designer through the API (issue 17): templates per user (CRUD, owner only, default), exports with chosen
 * columns and templates in XLSX and CSV read back by independent readers (@e965/xlsx for both), and unknown columns
 * refused as a 400 VALIDATION that changes nothing.
 */
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedBackend, parseSearch } from "#search-index/engine";
import { ExtractionJobSchema } from "#shared/api-contracts/extraction";
import { ExportTemplateListSchema, ExportTemplateSchema } from "#shared/api-contracts/export-templates";
import { ErrorBodySchema } from "#shared/errors";
import type { CompanyRecord } from "#shared/search/result-schemas";
import { postExport, recordsLeftOf, seedExportRegister, settledJob, vad } from "./support/export-support";
import { authedFetch, createTestUser, type TestUser } from "../support/factories";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();
let backend: EmbeddedBackend;

beforeAll(async () => {
  await harness.start();
  backend = await seedExportRegister(harness, 60);
}, 180_000);
afterAll(() => harness.server.close());

function send(user: TestUser, method: string, path: string, body?: unknown) {
  const init = body === undefined ? { method } : { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  return authedFetch(harness, user.cookie, `/sapi/extraction/templates${path}`, init);
}

async function templatesOf(user: TestUser) {
  const response = await send(user, "GET", "");
  expect(response.status).toBe(200);
  return ExportTemplateListSchema.parse(await response.json()).templates;
}

async function topCompanies(count: number): Promise<CompanyRecord[]> {
  const rows: CompanyRecord[] = [];
  for await (const chunk of backend.readExportRows(parseSearch({}), { count })) rows.push(...(chunk as CompanyRecord[]));
  return rows;
}

async function exportedFile(user: TestUser, design: Record<string, unknown>, count: number) {
  const response = await postExport(harness, user, { serializedSearch: vad(), count, design });
  expect(response.status).toBe(202);
  const job = ExtractionJobSchema.parse(await response.json());
  expect(await settledJob(harness, user, job.jobId)).toMatchObject({ status: "DONE", rowCount: count });
  const file = await authedFetch(harness, user.cookie, `/sapi/extraction/${job.jobId}/file`);
  expect(file.status).toBe(200);
  return { job, file, bytes: new Uint8Array(await file.arrayBuffer()) };
}

describe("templates", () => {
  it("lists the built-ins, and creates, renames, re-columns, sets as default and deletes the user's own", async () => {
    const user = await createTestUser(harness);
    const builtins = await templatesOf(user);
    expect(builtins.map((t) => `${t.id}/${t.resultType}`)).toEqual([
      "standard/COMPANY",
      "standard/WORKSITE",
      "hubspot/COMPANY",
      "salesforce/COMPANY",
      "lime-crm/COMPANY",
      "upsales/COMPANY",
    ]);
    expect(builtins.filter((t) => t.isDefault).map((t) => t.id)).toEqual(["standard", "standard"]);

    const created = await send(user, "POST", "", {
      name: "  Ringlista  ",
      resultType: "COMPANY",
      columns: [{ id: "name" }, { id: "phone1" }],
    });
    expect(created.status).toBe(201);
    const template = ExportTemplateSchema.parse(await created.json());
    expect(template).toMatchObject({ name: "Ringlista", builtin: false, isDefault: false });

    const renamed = await send(user, "PATCH", `/${template.id}`, { name: "Ringlista Skåne", columns: [{ id: "city", header: "Ort" }] });
    expect(renamed.status).toBe(200);
    expect(ExportTemplateSchema.parse(await renamed.json())).toMatchObject({
      name: "Ringlista Skåne",
      columns: [{ id: "city", header: "Ort" }],
    });

    expect((await send(user, "PUT", `/${template.id}/default`)).status).toBe(200);
    const afterDefault = await templatesOf(user);
    expect(afterDefault.filter((t) => t.isDefault).map((t) => `${t.id}/${t.resultType}`)).toEqual([
      "standard/WORKSITE",
      `${template.id}/COMPANY`,
    ]);

    expect((await send(user, "DELETE", `/${template.id}`)).status).toBe(204);
    const afterDelete = await templatesOf(user);
    expect(afterDelete.find((t) => t.id === template.id)).toBeUndefined();
    expect(afterDelete.filter((t) => t.isDefault).map((t) => t.id)).toEqual(["standard", "standard"]);
    expect((await send(user, "DELETE", `/${template.id}`)).status).toBe(404);
  });

  it("answers another user's template id with 404 and changes nothing of it", async () => {
    const owner = await createTestUser(harness);
    const other = await createTestUser(harness);
    const created = await send(owner, "POST", "", { name: "Min mall", resultType: "WORKSITE", columns: [{ id: "cfarNo" }] });
    const { id } = ExportTemplateSchema.parse(await created.json());
    for (const [method, path, body] of [
      ["PATCH", `/${id}`, { name: "Kapad" }],
      ["DELETE", `/${id}`, undefined],
      ["PUT", `/${id}/default`, undefined],
    ] as const) {
      const response = await send(other, method, path, body);
      expect(response.status).toBe(404);
      expect(ErrorBodySchema.parse(await response.json()).code).toBe("EXPORT_TEMPLATE_NOT_FOUND");
    }
    expect((await templatesOf(other)).some((t) => t.id === id)).toBe(false);
    expect((await templatesOf(owner)).find((t) => t.id === id)).toMatchObject({ name: "Min mall", isDefault: false });
    const exported = await postExport(harness, other, {
      serializedSearch: vad({ resultType: "WORKSITE" }),
      count: 1,
      design: { templateId: id },
    });
    expect(exported.status).toBe(404);
  });

  it("refuses unknown columns, bad names and changes to built-ins with the spec's error body", async () => {
    const user = await createTestUser(harness);
    const unknown = await send(user, "POST", "", { name: "X", resultType: "WORKSITE", columns: [{ id: "cfarNo" }, { id: "scoring" }] });
    expect(unknown.status).toBe(400);
    expect(ErrorBodySchema.parse(await unknown.json())).toMatchObject({
      type: "VALIDATION",
      issues: [{ path: "columns.1.id", message: "Okänd kolumn: scoring" }],
    });
    expect((await send(user, "POST", "", { name: " ", resultType: "COMPANY", columns: [{ id: "name" }] })).status).toBe(400);
    expect((await send(user, "POST", "", { name: "Y", resultType: "COMPANY", columns: [] })).status).toBe(400);
    expect((await send(user, "PATCH", "/standard", { name: "Min standard" })).status).toBe(403);
    expect((await send(user, "DELETE", "/hubspot")).status).toBe(403);
    expect((await send(user, "PATCH", "/inte-ett-id", { name: "Z" })).status).toBe(400);
    expect(await templatesOf(user)).toHaveLength(6);
  });
});

describe("exports with the designer's choices", () => {
  it("writes the chosen columns in the chosen order as CSV: BOM, semicolons, decimal comma, file name .csv", async () => {
    const user = await createTestUser(harness, { quota: 100 });
    const columns = [{ id: "orgNo" }, { id: "name", header: "Namn" }, { id: "turnover" }, { id: "fTaxReg" }, { id: "createdDate" }];
    const { job, file, bytes } = await exportedFile(user, { format: "csv", columns }, 12);
    expect(job.fileName).toMatch(/^urval-foretag-\d{8}-\d{4}\.csv$/);
    expect(job.format).toBe("csv");
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.subarray(3));
    const workbook = XLSX.read(text, { type: "string", raw: true, FS: ";" });
    const rows = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]!]!, { header: 1, raw: false, defval: "" });
    expect(rows[0]).toEqual(["Organisationsnummer", "Namn", "Omsättning (kr)", "F-skatt", "Registreringsdatum"]);
    const records = await topCompanies(12);
    expect(rows.slice(1)).toEqual(
      records.map((r) => [
        r.orgNo,
        /^[=+\-@]/.test(r.name) ? `'${r.name}` : r.name,
        r.turnover === null ? "" : String(r.turnover).replace(".", ","),
        r.fTaxReg ? "Ja" : "Nej",
        r.createdDate,
      ]),
    );
    expect(await recordsLeftOf(harness, user)).toBe(88);
  });

  it("uses a CRM template's headers, and the user's default template when the request names none", async () => {
    const user = await createTestUser(harness, { quota: 100 });
    const hubspot = await exportedFile(user, { templateId: "hubspot" }, 3);
    const workbook = XLSX.read(hubspot.bytes, { type: "array" });
    const header = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets["Företag"]!, { header: 1 })[0];
    expect(header).toEqual([
      "Company name",
      "Phone Number",
      "Street Address",
      "City",
      "Postal Code",
      "State/Region",
      "Industry",
      "Number of Employees",
      "Annual Revenue",
    ]);

    const created = await send(user, "POST", "", { name: "Kort", resultType: "COMPANY", columns: [{ id: "name" }, { id: "city" }] });
    const { id } = ExportTemplateSchema.parse(await created.json());
    await send(user, "PUT", `/${id}/default`);
    const byDefault = await exportedFile(user, {}, 2);
    const sheet = XLSX.read(byDefault.bytes, { type: "array" }).Sheets["Företag"]!;
    const records = await topCompanies(2);
    expect(XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })).toEqual([
      ["Företagsnamn", "Postort"],
      ...records.map((r) => [/^[=+\-@]/.test(r.name) ? `'${r.name}` : r.name, r.city]),
    ]);
  });

  it("reads detail columns (board in one cell, owners, the newest financial period) from each company's detail", async () => {
    const user = await createTestUser(harness, { quota: 100 });
    const columns = ["orgSeqNo", "boardMembers", "beneficialOwners", "fp1PeriodEnd", "fp1Turnover", "fp2NumberOfEmployees", "visitingCity"];
    const { bytes } = await exportedFile(user, { format: "csv", columns: columns.map((id) => ({ id })) }, 8);
    const workbook = XLSX.read(new TextDecoder().decode(bytes.subarray(3)), { type: "string", raw: true, FS: ";" });
    const rows = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]!]!, { header: 1, raw: false, defval: "" });
    expect(rows[0]).toEqual([
      "Löpnummer",
      "Styrelse och befattningshavare",
      "Verkliga huvudmän",
      "Räkenskapsårets slut, bokslut 1",
      "Omsättning (kr), bokslut 1",
      "Antal anställda, bokslut 2",
      "Besöksort",
    ]);
    const records = await topCompanies(8);
    let withBoard = 0;
    for (const [i, record] of records.entries()) {
      const detail = await backend.getEntity(String(record.orgSeqNo), "COMPANY");
      if (detail?.type !== "COMPANY") throw new Error("no detail");
      const periods = [...detail.financialPeriods].sort((a, b) => b.company.periodEnd.localeCompare(a.company.periodEnd));
      const board = detail.boardMembers.map((m) => `${m.name} (${[...m.roles, `${m.age} år`].join(", ")})`).join("; ");
      const owners = detail.beneficialOwners.map((o) => `${o.name} (${o.extent}, ${o.age} år)`).join("; ");
      const money = (n: number | null | undefined) => (n === undefined || n === null ? "" : String(n).replace(".", ","));
      expect(rows[i + 1]).toEqual([
        String(record.orgSeqNo),
        board,
        owners,
        periods[0]?.company.periodEnd ?? "",
        money(periods[0]?.company.turnover),
        money(periods[1]?.company.numberOfEmployees),
        detail.visitingCity ?? "",
      ]);
      if (board) withBoard++;
    }
    expect(withBoard).toBeGreaterThan(0);
  });

  it("refuses an unknown column or a wrong format with a 400 VALIDATION and debits nothing", async () => {
    const user = await createTestUser(harness, { quota: 10 });
    const unknown = await postExport(harness, user, {
      serializedSearch: vad(),
      count: 1,
      design: { columns: [{ id: "name" }, { id: "cfarNo" }] },
    });
    expect(unknown.status).toBe(400);
    expect(ErrorBodySchema.parse(await unknown.json())).toMatchObject({ type: "VALIDATION", issues: [{ path: "columns.1.id" }] });
    const format = await postExport(harness, user, { serializedSearch: vad(), count: 1, design: { format: "pdf" } });
    expect(format.status).toBe(400);
    expect(ErrorBodySchema.parse(await format.json()).type).toBe("VALIDATION");
    expect(await recordsLeftOf(harness, user)).toBe(10);
  });
});
