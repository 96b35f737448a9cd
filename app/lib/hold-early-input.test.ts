import { describe, expect, it } from "vitest";
import { type EarlyInputWindow, holdEarlyInput } from "./hold-early-input";

/** A window whose Remix context has no decoded data yet, and a listener standing in for React's. */
function pageWithoutData() {
  const win: EarlyInputWindow = Object.assign(new EventTarget(), { __remixContext: {} as { state?: unknown } });
  const seen: string[] = [];
  holdEarlyInput(win);
  for (const type of ["click", "input", "submit", "scroll"]) win.addEventListener(type, () => seen.push(type), true);
  return { win, seen };
}

describe("holdEarlyInput", () => {
  it("keeps hydrating events from later listeners while the page's data has not been decoded", () => {
    const { win, seen } = pageWithoutData();
    for (const type of ["click", "input", "submit"]) win.dispatchEvent(new Event(type));
    expect(seen).toEqual([]);
  });

  it("lets other events through", () => {
    const { win, seen } = pageWithoutData();
    win.dispatchEvent(new Event("scroll"));
    expect(seen).toEqual(["scroll"]);
  });

  it("lets every event through once the data is decoded, and stops listening", () => {
    const { win, seen } = pageWithoutData();
    win.__remixContext = { state: { loaderData: {} } };
    win.dispatchEvent(new Event("click"));
    win.dispatchEvent(new Event("input"));
    win.__remixContext = {};
    win.dispatchEvent(new Event("submit"));
    expect(seen).toEqual(["click", "input", "submit"]);
  });

  it("does nothing when the data is already there or the page has no Remix context", () => {
    for (const context of [{ state: { loaderData: {} } }, undefined]) {
      const win: EarlyInputWindow = Object.assign(new EventTarget(), { __remixContext: context });
      const seen: string[] = [];
      holdEarlyInput(win);
      win.addEventListener("click", () => seen.push("click"));
      win.dispatchEvent(new Event("click"));
      expect(seen).toEqual(["click"]);
    }
  });
});
