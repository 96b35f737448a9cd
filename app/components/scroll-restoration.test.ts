import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { mergePositions, POSITIONS_KEY, RESTORE_SCRIPT } from "./scroll-restoration";

/** Runs the inline script against a stand-in window loaded as `type` says, recording what it touched. */
function runScript(type: string | undefined, stored: string | null, state: unknown = null) {
  const touched: string[] = [];
  const scrolled: number[] = [];
  let historyState = state;
  const sessionStorage = {
    getItem(key: string) {
      touched.push(`get ${key}`);
      return stored;
    },
    removeItem(key: string) {
      touched.push(`remove ${key}`);
    },
  };
  const history = {
    get state() {
      return historyState;
    },
    replaceState(next: unknown) {
      historyState = next;
    },
  };
  const window = { history, scrollTo: (_x: number, y: number) => scrolled.push(y) };
  const performance = { getEntriesByType: () => (type === undefined ? [] : [{ type }]) };
  runInNewContext(RESTORE_SCRIPT, { window, performance, sessionStorage, console: { error: () => touched.push("error") } });
  return { touched, scrolled, state: historyState as { key?: string } | null };
}

describe("the scroll restoration's inline script", () => {
  it("gives a new entry a key and leaves storage alone after an ordinary load", () => {
    const run = runScript("navigate", JSON.stringify({ k1: 300 }));
    expect(run.state?.key).toMatch(/^[0-9a-v]+$/);
    expect(run.touched).toEqual([]);
    expect(run.scrolled).toEqual([]);
  });

  it.each(["reload", "back_forward", undefined])("restores the entry's stored position after a load of type %s", (type) => {
    const run = runScript(type, JSON.stringify({ k1: 300, k2: 40 }), { key: "k1" });
    expect(run.touched).toEqual([`get ${POSITIONS_KEY}`]);
    expect(run.scrolled).toEqual([300]);
    expect(run.state).toEqual({ key: "k1" });
  });

  it("removes unreadable stored positions", () => {
    const run = runScript("reload", "{not json", { key: "k1" });
    expect(run.touched).toEqual([`get ${POSITIONS_KEY}`, "error", `remove ${POSITIONS_KEY}`]);
    expect(run.scrolled).toEqual([]);
  });
});

describe("mergePositions", () => {
  it("keeps the other entries' stored positions and writes this document's over them", () => {
    expect(mergePositions(JSON.stringify({ a: 10, b: 20 }), { b: 25, c: 30 })).toEqual({ a: 10, b: 25, c: 30 });
  });

  it("treats missing, unreadable or odd stored text as none", () => {
    expect(mergePositions(null, { c: 30 })).toEqual({ c: 30 });
    expect(mergePositions("{oops", { c: 30 })).toEqual({ c: 30 });
    expect(mergePositions("[1,2]", { c: 30 })).toEqual({ c: 30 });
    expect(mergePositions(JSON.stringify({ a: "10", b: 20 }), {})).toEqual({ b: 20 });
  });
});
