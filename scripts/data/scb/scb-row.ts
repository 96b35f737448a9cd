/**
 * One row of SCB's bulk file, validated field by field with zod (messages name the column). Columns whose coding
 * is not verified (ForAndrTyp, JEStat, the m* mask columns) are read but neither checked nor used.
 */
import { z } from "zod";
import { hasValidLuhn, isPersonalIdentityNumber, normaliseIdentity } from "../org-number";
import type { ScbCodes } from "./codes";
import { SCB_COLUMNS, type ScbColumn, type ScbHeader, splitRow } from "./columns";
import { decodeLine, type ScbEncoding } from "./encoding";

export class RowError extends Error {}

/** SNI code for "industry unknown" (Ng1). */
const UNKNOWN_SNI = "00000";

const optionalText = z.string().transform((s) => (s.trim() === "" ? null : s.trim()));

function identitySchema() {
  return z.string().transform((value, ctx) => {
    const orgNo = /^(16|19|20)\d{10}$/.test(value) ? normaliseIdentity(value) : null;
    const isPersonal = orgNo !== null && isPersonalIdentityNumber(orgNo);
    const problem =
      orgNo === null
        ? `ogiltigt PeOrgNr "${value}" (12 siffror: 16 + organisationsnummer eller 19/20 + personnummer)`
        : !hasValidLuhn(orgNo.replace("-", ""))
          ? `felaktig kontrollsiffra i ${orgNo}`
          : value.startsWith("16") === isPersonal
            ? `prefixet ${value.slice(0, 2)} stämmer inte med ${isPersonal ? "ett personnummer" : "ett organisationsnummer"} (${orgNo})`
            : null;
    if (problem || orgNo === null) {
      ctx.addIssue({ code: "custom", message: problem ?? "ogiltigt PeOrgNr" });
      return z.NEVER;
    }
    return { orgNo, isPersonal };
  });
}

function sniSchema(codes: ScbCodes, required: boolean) {
  return z
    .string()
    .refine((v) => (v === "" ? !required : /^\d{5}$/.test(v)), { error: (i) => `ogiltig SNI-kod "${String(i.input)}"` })
    .refine((v) => v === "" || v === UNKNOWN_SNI || codes.isSniDetailGroup(v), {
      error: (i) => `okänd SNI 2007-kod "${String(i.input)}"`,
    })
    .transform((v) => (v === "" || v === UNKNOWN_SNI ? null : v));
}

function codeSchema(isKnown: (code: string) => boolean, label: string, optional = false) {
  return z
    .string()
    .refine((v) => (v === "" ? optional : isKnown(v)), { error: (i) => `okänd ${label} "${String(i.input)}"` })
    .transform((v) => (v === "" ? null : v));
}

const zipSchema = z
  .string()
  .refine((v) => /^(\d{3} ?\d{2})?$/.test(v.trim()), { error: (i) => `ogiltigt postnummer "${String(i.input)}"` })
  .transform((v) => (v.trim() === "" ? null : v.replace(/\s/g, "")));

const dateSchema = z
  .string()
  .refine((v) => v === "" || (/^\d{8}$/.test(v) && z.iso.date().safeParse(`${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6)}`).success), {
    error: (i) => `ogiltigt datum "${String(i.input)}" (ÅÅÅÅMMDD)`,
  })
  .transform((v) => (v === "" ? null : `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6)}`));

export function createScbRowSchema(codes: ScbCodes) {
  return z
    .object({
      PeOrgNr: identitySchema(),
      Namn: z.string().trim().min(1, "namn saknas"),
      Foretagsnamn: optionalText,
      JurForm: codeSchema((c) => codes.legalFormTitle(c) !== undefined, "juridisk form"),
      FtgStat: codeSchema(codes.isCompanyStatus, "företagsstatus"),
      Ng1: sniSchema(codes, true),
      Ng2: sniSchema(codes, false),
      Ng3: sniSchema(codes, false),
      Ng4: sniSchema(codes, false),
      Ng5: sniSchema(codes, false),
      COAdress: optionalText,
      Gatuadress: optionalText,
      PostNr: zipSchema,
      PostOrt: optionalText,
      RegDatKtid: dateSchema,
      Reklamsparrtyp: codeSchema(codes.isAdBlockType, "reklamspärrtyp", true),
    })
    .transform((r) => ({
      orgNo: r.PeOrgNr.orgNo,
      isPersonalIdentity: r.PeOrgNr.isPersonal,
      name: r.Namn,
      companyName: r.Foretagsnamn,
      legalFormCode: r.JurForm ?? "",
      companyStatus: r.FtgStat ?? "",
      /** Main code first, without duplicates; none when the main industry is unknown (Ng1 00000). */
      sniCodes: r.Ng1 === null ? [] : [...new Set([r.Ng1, r.Ng2, r.Ng3, r.Ng4, r.Ng5].filter((c) => c !== null))],
      address: { careOf: r.COAdress, street: r.Gatuadress, zip: r.PostNr, city: r.PostOrt },
      registeredDate: r.RegDatKtid,
      adBlocked: r.Reklamsparrtyp === null ? null : r.Reklamsparrtyp === "2",
    }));
}
export type ScbRowSchema = ReturnType<typeof createScbRowSchema>;
export type ScbRow = z.output<ScbRowSchema>;

/** Validates one data line (already decoded) against the header's layout; throws RowError. */
export function parseScbRow(text: string, header: ScbHeader, schema: ScbRowSchema): ScbRow {
  const fields = splitRow(text, header.width);
  if (fields.length !== header.width)
    throw new RowError(
      `fel antal fält: ${fields.length} i stället för ${header.width}${fields.length < header.width ? " (avkortad rad?)" : ""}`,
    );
  const raw = Object.fromEntries(SCB_COLUMNS.map((c: ScbColumn) => [c, fields[header.index[c]] ?? ""]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new RowError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  return parsed.data;
}

export interface ScbParser {
  encoding: ScbEncoding;
  header: ScbHeader;
  schema: ScbRowSchema;
}

/** Decodes and validates one data line's bytes; throws RowError. */
export function parseScbLine(bytes: Buffer, lineNo: number, parser: ScbParser): ScbRow {
  const decoded = decodeLine(bytes, lineNo, parser.encoding);
  if ("error" in decoded) throw new RowError(decoded.error);
  return parseScbRow(decoded.text, parser.header, parser.schema);
}
