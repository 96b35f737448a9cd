import { describe, expect, it } from "vitest";
import { SEARCH_SHORTCUTS, shortcutFor, type ShortcutKey, type ShortcutPlace } from "./keyboard-shortcuts";

const key = (k: string, extra: Partial<ShortcutKey> = {}): ShortcutKey => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  ...extra,
});
const page: ShortcutPlace = { typing: false, blocked: false, onControl: false, enabled: true };

describe("shortcutFor", () => {
  it.each([
    ["j", "next"],
    ["k", "previous"],
    ["x", "mark"],
    ["e", "export"],
    ["b", "industry"],
    ["o", "place"],
    ["Enter", "open"],
    ["J", "next"],
  ] as const)("%s outside a field → %s", (k, action) => {
    expect(shortcutFor(key(k), page)).toBe(action);
  });

  it("'?' opens the help, with the Shift it takes on most layouts", () => {
    expect(shortcutFor(key("?", { shiftKey: true }), page)).toBe("help");
    expect(shortcutFor(key("?"), page)).toBe("help");
  });

  it("never fires while typing in a field, while a modal or popup is open, or when turned off", () => {
    for (const k of ["j", "k", "x", "e", "b", "o", "Enter", "?"]) {
      expect(shortcutFor(key(k), { ...page, typing: true }), k).toBeNull();
      expect(shortcutFor(key(k), { ...page, blocked: true }), k).toBeNull();
      expect(shortcutFor(key(k), { ...page, enabled: false }), k).toBeNull();
    }
  });

  it("never fires with Ctrl, Meta or Alt, nor for a handled or composing key", () => {
    for (const k of ["j", "e", "b", "o", "Enter", "?"]) {
      expect(shortcutFor(key(k, { ctrlKey: true }), page), k).toBeNull();
      expect(shortcutFor(key(k, { metaKey: true }), page), k).toBeNull();
      expect(shortcutFor(key(k, { altKey: true }), page), k).toBeNull();
      expect(shortcutFor(key(k, { defaultPrevented: true }), page), k).toBeNull();
      expect(shortcutFor(key(k, { isComposing: true }), page), k).toBeNull();
    }
  });

  it("Shift+letter is no shortcut, and other keys are left to the page", () => {
    expect(shortcutFor(key("J", { shiftKey: true }), page)).toBeNull();
    for (const k of ["a", "s", " ", "Backspace", "Escape", "Tab", "ArrowDown", "/", "å"]) expect(shortcutFor(key(k), page), k).toBeNull();
  });

  it("Enter on a button or link keeps its own meaning", () => {
    expect(shortcutFor(key("Enter"), { ...page, onControl: true })).toBeNull();
    expect(shortcutFor(key("Enter", { shiftKey: true }), page)).toBeNull();
  });

  it("the overlay lists every action in Swedish, each key once", () => {
    const keys = SEARCH_SHORTCUTS.flatMap((entry) => entry.keys);
    expect(new Set(keys).size).toBe(keys.length);
    const actions = SEARCH_SHORTCUTS.map((entry) => entry.action).filter((action) => action !== null);
    expect(new Set(actions)).toEqual(new Set(["next", "previous", "open", "mark", "export", "industry", "place", "help"]));
    for (const entry of SEARCH_SHORTCUTS) {
      if (entry.action === null || entry.keys[0] === "Enter") continue;
      expect(shortcutFor(key(entry.keys[0] ?? ""), page), entry.label).toBe(entry.action);
    }
  });
});
