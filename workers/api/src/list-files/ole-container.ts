/** OLE compound files (signature D0 CF 11 E0): legacy .xls workbooks, but also .doc and password-protected OOXML. */
export type OleKind = "workbook" | "encrypted-ooxml" | "other";

export interface OleInspection {
  kind: OleKind;
  /** Cells holding a value in the workbook stream (all sheets), counted from the BIFF records without parsing them. */
  valueCells: number;
}

interface CfbEntry {
  content: Uint8Array | number[];
}
interface CfbContainer {
  FullPaths: string[];
}

/** BIFF record types of value cells: LABELSST, NUMBER, RK, LABEL, FORMULA (BIFF5/8 and BIFF2–4), BOOLERR. */
const SINGLE_CELL_RECORDS = new Set([0x00fd, 0x0203, 0x027e, 0x0204, 0x0006, 0x0406, 0x0205]);
const MULRK = 0x00bd;

/** Walks the records of a BIFF stream (type u16, length u16, body) and counts value cells; MULRK holds several. */
export function countValueCells(stream: Uint8Array | number[]): number {
  let cells = 0;
  for (let at = 0; at + 4 <= stream.length;) {
    const type = (stream[at] as number) | ((stream[at + 1] as number) << 8);
    const length = (stream[at + 2] as number) | ((stream[at + 3] as number) << 8);
    if (SINGLE_CELL_RECORDS.has(type)) cells++;
    else if (type === MULRK && length >= 6) cells += Math.floor((length - 6) / 6);
    at += 4 + length;
  }
  return cells;
}

/** Tells the kind of an OLE file from its stream names, through the CFB reader bundled with @e965/xlsx. */
export async function inspectOle(bytes: Uint8Array): Promise<OleInspection> {
  const { CFB } = await import("@e965/xlsx");
  const container = CFB.read(bytes, { type: "array" }) as CfbContainer;
  const names = new Set(container.FullPaths.map((p) => p.replace(/\/$/, "").split("/").pop() ?? ""));
  if (names.has("EncryptedPackage")) return { kind: "encrypted-ooxml", valueCells: 0 };
  const stream = (CFB.find(container, "Workbook") ?? CFB.find(container, "Book")) as CfbEntry | null;
  if (!stream?.content) return { kind: "other", valueCells: 0 };
  return { kind: "workbook", valueCells: countValueCells(stream.content) };
}
