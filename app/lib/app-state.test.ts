import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;

beforeEach(() => {
  vi.resetModules();
  storage = new MemoryStorage();
  vi.stubGlobal("window", { localStorage: storage });
});

afterEach(() => vi.unstubAllGlobals());

const load = async () => ({ ...(await import("./app-state")), ...(await import("./app-state-read")) });

describe("safeReturnPath", () => {
  it("accepts paths of this site only and never the sign-in page", async () => {
    const { safeReturnPath } = await load();
    expect(safeReturnPath("/sok?vad=abc")).toBe("/sok?vad=abc");
    expect(safeReturnPath("/")).toBe("/");
    for (const bad of ["//evil.example", "/\\evil", "https://evil.example/", "sok", "", null, "/logga-in", "/logga-in/abc", "/a\nb"]) {
      expect(safeReturnPath(bad)).toBeUndefined();
    }
  });
});

describe("application state", () => {
  it("returns the saved path once", async () => {
    const { saveAppState, takeAppStatePath, APP_STATE_KEY } = await load();
    saveAppState("/sok?vad=x", 1_000);
    expect(storage.getItem(APP_STATE_KEY)).toContain("/sok?vad=x");
    expect(takeAppStatePath(2_000)).toBe("/sok?vad=x");
    expect(takeAppStatePath(2_000)).toBeUndefined();
  });

  it("ignores state that is too old, from the future or not ours", async () => {
    const { saveAppState, takeAppStatePath, APP_STATE_KEY, APP_STATE_MAX_AGE_MS } = await load();
    saveAppState("/om", 0);
    expect(takeAppStatePath(APP_STATE_MAX_AGE_MS + 1)).toBeUndefined();
    saveAppState("/om", 5_000);
    expect(takeAppStatePath(1_000)).toBeUndefined();
    storage.setItem(APP_STATE_KEY, JSON.stringify({ path: "//evil.example", savedAt: 1 }));
    expect(takeAppStatePath(2)).toBeUndefined();
    storage.setItem(APP_STATE_KEY, "{not json");
    expect(takeAppStatePath(2)).toBeUndefined();
  });
});

describe("reload state", () => {
  it("is valid for under 10 s, for the same path, with every registered part", async () => {
    const { saveReloadState, readReloadState, registerReloadPart } = await load();
    const unregister = registerReloadPart("search", () => ({ text: "bygg" }));
    saveReloadState("/sok", 0);
    unregister();
    const state = readReloadState("/sok", 9_999);
    expect(state?.parts).toEqual({ search: { text: "bygg" } });
    expect(readReloadState("/sok", 9_999)).toBe(state);
  });

  it("expires at 10 s", async () => {
    const { saveReloadState, readReloadState } = await load();
    saveReloadState("/sok", 0);
    expect(readReloadState("/sok", 10_000)).toBeUndefined();
  });

  it("does not apply to another path", async () => {
    const { saveReloadState, readReloadState } = await load();
    saveReloadState("/sok", 0);
    expect(readReloadState("/", 1)).toBeUndefined();
  });
});
