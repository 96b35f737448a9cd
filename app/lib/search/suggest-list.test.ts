import { describe, expect, it } from "vitest";
import type { SuggestAnswer } from "#shared/api-contracts/suggest";
import {
  closedList,
  listReducer,
  optionAt,
  optionCount,
  suggestAnnouncement,
  suggestGroups,
  type ListAction,
  type ListState,
} from "./suggest-list";

const answer = (parts: Partial<SuggestAnswer> = {}): SuggestAnswer => ({
  text: "pizz kalm",
  type: "COMPANY",
  records: [
    { id: "11", name: "Nova Pizzeria AB", city: "Kalmar", orgNo: "556000-0011" },
    { id: "12", name: "Skärgården Pizzeria AB", city: null, orgNo: "556000-0012" },
  ],
  industries: [{ code: "56102", text: "56.102 Pizzeriaverksamhet", remainingText: "kalm" }],
  places: [{ code: "08", text: "Kalmar län", remainingText: "pizz" }],
  ...parts,
});

describe("suggestGroups (issue 26)", () => {
  it("puts an offered text and the records it finds last, under 'Menade du' (issue 38)", () => {
    const groups = suggestGroups(answer({ text: "pizz kalmr", didYouMean: "pizz kalmar", industries: [] }));
    expect(groups.map((group) => [group.label, group.options.map((entry) => entry.option.kind)])).toEqual([
      ["Plats", ["place"]],
      ["Menade du", ["correction", "record", "record"]],
    ]);
    expect(optionAt(groups, 1)).toEqual({ kind: "correction", text: "pizz kalmar" });
    expect(optionAt(groups, 2)).toEqual({ kind: "record", record: answer().records[0], text: "pizz kalmar" });
    expect(suggestAnnouncement(answer({ didYouMean: "pizz kalmar" }))).toBe("5 förslag, välj med pil upp och pil ned");
  });

  it("lists records, industries and places in that order, numbered across the groups", () => {
    const groups = suggestGroups(answer());
    expect(groups.map((group) => [group.label, group.options.map((entry) => entry.index)])).toEqual([
      ["Företag", [0, 1]],
      ["Bransch", [2]],
      ["Plats", [3]],
    ]);
    expect(optionCount(groups)).toBe(4);
    expect(optionAt(groups, 2)).toEqual({ kind: "industry", suggestion: answer().industries[0] });
    expect(optionAt(groups, 3)?.kind).toBe("place");
    expect(optionAt(groups, 4)).toBeNull();
    expect(optionAt(groups, -1)).toBeNull();
  });

  it("leaves out empty groups and names worksites 'Arbetsställen'", () => {
    const groups = suggestGroups(answer({ type: "WORKSITE", industries: [] }));
    expect(groups.map((group) => group.label)).toEqual(["Arbetsställen", "Plats"]);
    expect(groups[1]?.options[0]?.index).toBe(2);
    expect(suggestGroups(null)).toEqual([]);
    expect(suggestGroups(answer({ records: [], industries: [], places: [] }))).toEqual([]);
  });

  it("announces the number of suggestions", () => {
    expect(suggestAnnouncement(answer())).toBe("4 förslag, välj med pil upp och pil ned");
    expect(suggestAnnouncement(answer({ records: [], industries: [], places: [] }))).toBe("Inga förslag");
    expect(suggestAnnouncement(null)).toBe("");
  });
});

const run = (state: ListState, ...actions: ListAction[]) => actions.reduce(listReducer, state);

describe("listReducer: the combobox's keys (issue 26)", () => {
  const answered = run(closedList, { type: "answered", count: 3 });

  it("opens on an answer with options, with none active, and stays closed without", () => {
    expect(answered).toEqual({ open: true, active: -1, count: 3 });
    expect(run(answered, { type: "move", step: 1 }, { type: "answered", count: 0 })).toEqual(closedList);
  });

  it("moves down from none to the first option and wraps from the last to the first", () => {
    const down = (n: number) => Array.from({ length: n }, (): ListAction => ({ type: "move", step: 1 }));
    expect(run(answered, ...down(1)).active).toBe(0);
    expect(run(answered, ...down(3)).active).toBe(2);
    expect(run(answered, ...down(4)).active).toBe(0);
  });

  it("moves up from none to the last option and wraps from the first to the last", () => {
    expect(run(answered, { type: "move", step: -1 }).active).toBe(2);
    expect(run(answered, { type: "move", step: 1 }, { type: "move", step: -1 }).active).toBe(2);
  });

  it("a new answer resets the active option", () => {
    expect(run(answered, { type: "move", step: 1 }, { type: "answered", count: 2 })).toEqual({ open: true, active: -1, count: 2 });
  });

  it("Escape closes; an arrow opens a closed list again on the first or last option", () => {
    const closed = run(answered, { type: "move", step: 1 }, { type: "close" });
    expect(closed).toEqual({ open: false, active: -1, count: 3 });
    expect(run(closed, { type: "move", step: 1 })).toEqual({ open: true, active: 0, count: 3 });
    expect(run(closed, { type: "move", step: -1 })).toEqual({ open: true, active: 2, count: 3 });
    expect(run(closed, { type: "open" })).toEqual({ open: true, active: -1, count: 3 });
  });

  it("arrows, open and close leave a list without options as it is", () => {
    expect(run(closedList, { type: "move", step: 1 })).toBe(closedList);
    expect(run(closedList, { type: "open" })).toBe(closedList);
    expect(run(closedList, { type: "close" })).toBe(closedList);
  });

  it("the mouse points at options within the list only", () => {
    expect(run(answered, { type: "point", index: 1 }).active).toBe(1);
    expect(run(answered, { type: "point", index: 3 })).toBe(answered);
    expect(run(answered, { type: "point", index: -1 })).toBe(answered);
  });
});
