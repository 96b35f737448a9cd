/**
 * The list-file calls' parameters and answers (spec §7; the report is beyond the spec, issue 10). `size` is what the
 * popup's Antal column shows: how many of the file's numbers were found in the register.
 */
import { z } from "zod";

/** Bytes per list file (issue 10). */
export const MAX_LIST_FILE_BYTES = 20 * 1024 * 1024;
/**
 * Bytes per upload request: one file at its limit plus the form's framing. The browser sends one file per request, so
 * a larger request is refused from its Content-Length at the edge (the web worker), before any of its body is read.
 */
export const MAX_LIST_FILE_REQUEST_BYTES = MAX_LIST_FILE_BYTES + 1024 * 1024;
export const LIST_FILE_REQUEST_TOO_LARGE = {
  code: "LIST_FILE_UPLOAD_TOO_LARGE",
  message: "Filerna är tillsammans för stora. Ladda upp högst 20 MB åt gången, eller en fil i taget.",
} as const;

/** The search context a list file belongs to (spec §3 numeric.seqNo). */
export const SeqNoParamSchema = z
  .string({ error: "Sökningens seqNo saknas" })
  .min(1, "Sökningens seqNo saknas")
  .regex(/^\d{1,15}$/, "Ogiltigt seqNo")
  .transform(Number);

export const ListFileIdParamSchema = z
  .string({ error: "Listfilens id saknas" })
  .regex(/^[1-9]\d{0,14}$/, "Ogiltigt listfils-id")
  .transform(Number);

export const ListFileReportSchema = z.object({
  format: z.enum(["xlsx", "xls", "docx", "text"]),
  encoding: z.string().nullable(),
  rowsRead: z.number().int().nonnegative(),
  valid: z.number().int().positive(),
  invalid: z.number().int().nonnegative(),
  invalidExamples: z.array(z.string()),
  duplicates: z.number().int().nonnegative(),
  foundInRegister: z.number().int().nonnegative(),
  worksitesCovered: z.number().int().nonnegative(),
});
export type ListFileReport = z.infer<typeof ListFileReportSchema>;

export const ListFileSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** Numbers found in the register (the popup's Antal). */
  size: z.number().int().nonnegative(),
  seqNo: z.number().int().nonnegative(),
  createdAt: z.string(),
  report: ListFileReportSchema,
});
export type ListFile = z.infer<typeof ListFileSchema>;

/** GET /sapi/list-file/get/{seqNo} and POST /sapi/list-file/add/{seqNo} (the files just added). */
export const ListFileListSchema = z.array(ListFileSchema);
