/** OLE compound files (signature D0 CF 11 E0): legacy .xls workbooks, but also .doc and password-protected OOXML. */
export type OleKind = "workbook" | "encrypted-ooxml" | "other";

/** Tells the kind of an OLE file from its stream names, through the CFB reader bundled with @e965/xlsx. */
export async function sniffOle(bytes: Uint8Array): Promise<OleKind> {
  const { CFB } = await import("@e965/xlsx");
  const container = CFB.read(bytes, { type: "array" }) as { FullPaths: string[] };
  const names = new Set(container.FullPaths.map((p) => p.replace(/\/$/, "").split("/").pop() ?? ""));
  if (names.has("EncryptedPackage")) return "encrypted-ooxml";
  return names.has("Workbook") || names.has("Book") ? "workbook" : "other";
}
