/** A sheet column: Swedish header, width in characters, how the value is written, and how it is read from a record. */
import type { CellInput, CellKind } from "./cells";

export interface Column<R> {
  header: string;
  width: number;
  kind: CellKind;
  value: (record: R) => CellInput;
}
