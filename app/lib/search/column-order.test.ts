import { describe, expect, it } from "vitest";
import { matchesColumn, moveColumn, toggleColumn } from "./column-order";

const list = [{ id: "a" }, { id: "b" }, { id: "c" }];

describe("column order", () => {
  it("moves a column up, down, to an end, and ignores moves from outside the list", () => {
    expect(moveColumn(list, 2, 1).map((c) => c.id)).toEqual(["a", "c", "b"]);
    expect(moveColumn(list, 0, 1).map((c) => c.id)).toEqual(["b", "a", "c"]);
    expect(moveColumn(list, 0, 99).map((c) => c.id)).toEqual(["b", "c", "a"]);
    expect(moveColumn(list, 2, -1).map((c) => c.id)).toEqual(["c", "a", "b"]);
    expect(moveColumn(list, 5, 0)).toEqual(list);
  });

  it("adds a column at the end or removes a chosen one", () => {
    expect(toggleColumn(list, "d").map((c) => c.id)).toEqual(["a", "b", "c", "d"]);
    expect(toggleColumn(list, "b").map((c) => c.id)).toEqual(["a", "c"]);
  });

  it("finds columns by header or group, whatever the case", () => {
    expect(matchesColumn("ÖVR", "Övriga branscher", "Bransch (SNI)")).toBe(true);
    expect(matchesColumn("sni", "Bransch", "Bransch (SNI)")).toBe(true);
    expect(matchesColumn("telefon", "Postort", "Adress")).toBe(false);
    expect(matchesColumn("  ", "Postort", "Adress")).toBe(true);
  });
});
