import { describe, expect, it, vi } from "vitest";
import { warmContractsOnIntent } from "./warm-contracts";

describe("warmContractsOnIntent", () => {
  it("loads once, at the first sign of intent, and stops listening", () => {
    const target = new EventTarget();
    const load = vi.fn(() => Promise.resolve());
    warmContractsOnIntent(target as unknown as Window, load);
    expect(load).not.toHaveBeenCalled();
    target.dispatchEvent(new Event("touchstart"));
    target.dispatchEvent(new Event("keydown"));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads nothing after it was stopped", () => {
    const target = new EventTarget();
    const load = vi.fn(() => Promise.resolve());
    warmContractsOnIntent(target as unknown as Window, load)();
    target.dispatchEvent(new Event("pointermove"));
    expect(load).not.toHaveBeenCalled();
  });
});
