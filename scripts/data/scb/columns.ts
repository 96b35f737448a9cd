/**
 * Column layout of SCB's free bulk file scb_bulkfil_JE_<timestamp>.txt (scb_bulkfile_columns.csv): TAB-separated,
 * no quoting, a header row with 18 data columns and 16 mask columns ("m" + the data column, none for PeOrgNr and
 * ForAndrTyp); observed files end every line with an extra TAB. Columns are found by name, so an order we have not
 * seen still loads; a missing, doubled or unknown column rejects the header.
 */
export const SCB_COLUMNS = [
  "ForAndrTyp",
  "COAdress",
  "Foretagsnamn",
  "FtgStat",
  "Gatuadress",
  "JEStat",
  "JurForm",
  "Namn",
  "Ng1",
  "Ng2",
  "Ng3",
  "Ng4",
  "Ng5",
  "PeOrgNr",
  "PostNr",
  "PostOrt",
  "RegDatKtid",
  "Reklamsparrtyp",
] as const;
export type ScbColumn = (typeof SCB_COLUMNS)[number];

const UNMASKED = new Set<string>(["PeOrgNr", "ForAndrTyp"]);
export const MASK_COLUMNS: readonly string[] = SCB_COLUMNS.filter((c) => !UNMASKED.has(c)).map((c) => `m${c}`);

export interface ScbHeader {
  /** Number of named columns; a row has exactly this many fields (plus the trailing empty one). */
  width: number;
  index: Record<ScbColumn, number>;
}

/** Splits a line at TABs and drops the empty field after a trailing TAB. */
export function splitRow(text: string, width: number): string[] {
  const fields = text.split("\t");
  if (fields.length === width + 1 && fields[width] === "") fields.pop();
  return fields;
}

export function parseHeader(text: string): ScbHeader | { error: string } {
  const names = text.split("\t");
  if (names.at(-1) === "") names.pop();
  const known = new Set<string>([...SCB_COLUMNS, ...MASK_COLUMNS]);
  const unknown = names.filter((n) => !known.has(n));
  const doubled = names.filter((n, i) => names.indexOf(n) !== i);
  const missing = SCB_COLUMNS.filter((c) => !names.includes(c));
  const problems = [
    unknown.length > 0 ? `okända kolumner: ${unknown.slice(0, 5).join(", ")}` : "",
    doubled.length > 0 ? `dubbla kolumner: ${doubled.join(", ")}` : "",
    missing.length > 0 ? `kolumner saknas: ${missing.join(", ")}` : "",
  ].filter(Boolean);
  if (problems.length > 0)
    return { error: `rubrikraden är inte SCB:s bulkfil (TAB-separerad, ${SCB_COLUMNS.join(", ")}): ${problems.join("; ")}` };
  const index = Object.fromEntries(SCB_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<ScbColumn, number>;
  return { width: names.length, index };
}
