import { describe, expect, it } from "vitest";
import { heightInWindow, shiftIntoWindow } from "./use-keep-in-window";

describe("shiftIntoWindow", () => {
  it("leaves a box inside the window where it is, even one that touches its edges", () => {
    expect(shiftIntoWindow(100, 360, 1366)).toBe(0);
    expect(shiftIntoWindow(0, 360, 360)).toBe(0);
  });

  it("moves a box past the left edge right, to the margin (the Exportera menu at 1100 px: issue 48)", () => {
    expect(shiftIntoWindow(-133, 127, 1100)).toBe(141);
  });

  it("moves a box past the right edge left, to the margin", () => {
    expect(shiftIntoWindow(900, 1460, 1366)).toBe(-102);
  });

  it("keeps a smaller margin where the box's width leaves less", () => {
    expect(shiftIntoWindow(-10, 346, 360)).toBe(12);
  });

  it("keeps the left edge of a box wider than the window in view", () => {
    expect(shiftIntoWindow(-50, 400, 320)).toBe(50);
    expect(shiftIntoWindow(20, 400, 320)).toBe(-20);
  });
});

describe("heightInWindow", () => {
  it("leaves a box that ends above the bottom as tall as it is", () => {
    expect(heightInWindow(200, 700, 740)).toBeNull();
  });

  it("makes a box that reaches past the bottom as tall as the window leaves it", () => {
    expect(heightInWindow(200, 859, 740)).toBe(532);
  });

  it("never makes it shorter than a usable height: the page scrolls instead", () => {
    expect(heightInWindow(650, 900, 740)).toBe(160);
  });
});
