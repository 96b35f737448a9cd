/**
 * Layout checks of the end-to-end specs (issue 29, issue 38 point 3, issue 48 point 8): nothing wider than the window,
 * every popup wholly inside it, and the header's geometry for comparing pages.
 */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./support/test";

/**
 * The widths every page and popup is checked at (issue 38): phones, tablets in portrait and landscape, and the laptops'
 * and desktops' 1100–1920 px (issue 48: popups opened past the left edge at 1100–1440 px). `npm test` checks the walk's
 * widths (E2E_ALL_WIDTHS=0: two phones, a tablet, the menu's last folded width and two laptops), `npm run test:full`
 * every one.
 */
const ALL_WIDTHS = [360, 390, 430, 768, 820, 1024, 1100, 1200, 1280, 1366, 1440, 1920];
const WALK_WIDTHS = [360, 390, 820, 1024, 1100, 1366];
export const ALL_LAYOUT_WIDTHS = process.env.E2E_ALL_WIDTHS !== "0";
export const LAYOUT_WIDTHS: readonly number[] = ALL_LAYOUT_WIDTHS ? ALL_WIDTHS : WALK_WIDTHS;

/** A window's height at a width: a phone's, a tablet's in portrait, a laptop's (1366 × 768) or a desktop's. */
export function windowHeight(width: number): number {
  if (width < 768) return 740;
  if (width < 1024) return 1024;
  return width < 1920 ? 768 : 1080;
}

/** What must be seen whole in an open popup: its controls and its tables' column headers. */
const POPUP_PARTS = "a[href], button, input, select, textarea, [role='menuitem'], [role='option'], th";

/**
 * How an open popup misses the window (issue 48): its box past the left, right, top or bottom edge, and each of its
 * controls or column headers cut off at the side, by the window or by a box that clips it (a table that scrolls
 * sideways in a phone's popup hid its last columns). A popup may scroll up and down within itself or within the box
 * that holds it: what such a box hides above or below is not counted. Hidden and 1 px (visually hidden) elements are
 * left out.
 */
export async function outsideWindow(popup: Locator): Promise<string[]> {
  return popup.evaluate(async (box, parts) => {
    const settling = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
    // What the user sees is the next painted frame: a popup placed again in it (its size observer, use-keep-in-window.ts,
    // runs after layout and before paint) is measured as painted, not in between (a loaded machine showed the gap).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const width = window.innerWidth;
    const height = window.innerHeight;
    const px = (value: number) => `${Math.round(value)} px`;
    const found: string[] = [];
    const edges = box.getBoundingClientRect();
    // A popup inside a box that scrolls up and down (Konto in the phone's menu) is seen as far as that box shows it.
    let { top, bottom } = edges;
    for (let up = box.parentElement; up && up !== document.body; up = up.parentElement) {
      if (!["auto", "scroll"].includes(getComputedStyle(up).overflowY)) continue;
      const clip = up.getBoundingClientRect();
      top = Math.max(top, clip.top);
      bottom = Math.min(bottom, clip.bottom);
    }
    if (edges.left < -0.5) found.push(`left edge at ${px(edges.left)}`);
    if (edges.right > width + 0.5) found.push(`right edge at ${px(edges.right)} of ${px(width)}`);
    if (top < -0.5) found.push(`top at ${px(top)}`);
    if (bottom > height + 0.5) found.push(`bottom at ${px(bottom)} of ${px(height)}`);
    const isVisuallyHidden = (el: Element) => {
      const { width: w, height: h } = el.getBoundingClientRect();
      return w <= 1 || h <= 1;
    };
    for (const el of box.querySelectorAll(parts)) {
      const own = el.getBoundingClientRect();
      if (isVisuallyHidden(el) || getComputedStyle(el).visibility === "hidden") continue;
      let left = Math.max(own.left, 0);
      let right = Math.min(own.right, width);
      let isForScreenReaders = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === "visible") continue;
        // Inside a 1 px clipped box (a table's header row kept for screen readers): not meant to be seen.
        if (isVisuallyHidden(up)) isForScreenReaders = true;
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      if (isForScreenReaders || (left <= own.left + 0.5 && right >= own.right - 0.5)) continue;
      const name = el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().slice(0, 30);
      found.push(`${el.tagName.toLowerCase()} "${name}" at ${px(own.left)}–${px(own.right)}, seen ${px(Math.max(0, right - left))}`);
    }
    return found;
  }, POPUP_PARTS);
}

/**
 * What makes the page scroll sideways: the document wider than the window, and every visible element whose visible
 * part (after its ancestors' overflow clipping) reaches past the window's right edge, outermost only, named by tag,
 * class and text. Hidden and 1 px (visually hidden) elements are left out.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // A sheet sliding in is measured where it comes to rest.
    const settling = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
    // What the user sees is the next painted frame: a popup placed again in it (its size observer, use-keep-in-window.ts,
    // runs after layout and before paint) is measured as painted, not in between (a loaded machine showed the gap).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const width = window.innerWidth;
    const found: string[] = [];
    const excess = document.documentElement.scrollWidth - width;
    if (excess > 0) found.push(`document ${document.documentElement.scrollWidth} px`);
    const offenders = new Set<Element>();
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || box.right <= width + 0.5) continue;
      if (getComputedStyle(el).visibility === "hidden") continue;
      let right = box.right;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== "visible") right = Math.min(right, up.getBoundingClientRect().right);
      }
      if (right <= width + 0.5) continue;
      offenders.add(el);
      if (el.parentElement && offenders.has(el.parentElement)) continue;
      const name = `${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join(".")}` : ""}`;
      found.push(`${name} "${(el.textContent ?? "").trim().slice(0, 30)}" to ${Math.round(right)} px`);
    }
    return found;
  });
}

/** Nothing sticks out to the right at the page's present size. */
export async function expectNoSidewaysScroll(page: Page, where = ""): Promise<void> {
  expect(await sidewaysOverflow(page), `wider than the window${where ? ` (${where})` : ""}`).toEqual([]);
}

/**
 * Resizes the page to each width (height kept) and collects what sticks out, labelled with where and the width; ends
 * at the last width.
 */
export async function overflowAtWidths(page: Page, where: string, widths: readonly number[] = LAYOUT_WIDTHS): Promise<string[]> {
  const height = page.viewportSize()?.height ?? 844;
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    for (const offender of await sidewaysOverflow(page)) found.push(`${where} at ${width} px: ${offender}`);
  }
  return found;
}

/**
 * The header's search box width and the position of each of its links and buttons outside the page's own actions
 * (logo, menu, Bevakningar, Mina exporter, Om oss, Kontakt, Konto), rounded to whole pixels.
 */
export async function headerGeometry(page: Page): Promise<Record<string, string>> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(() => {
    const geometry: Record<string, string> = {};
    const box = document.querySelector(".site-header .header-search")?.getBoundingClientRect();
    if (box) geometry.search = `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)} wide`;
    for (const el of document.querySelectorAll<HTMLElement>(".site-header a[href], .site-header button")) {
      if (el.closest(".site-header__actions, .header-search, .popup, .menu, .export-notice-region")) continue;
      if (el.getClientRects().length === 0) continue;
      const at = el.getBoundingClientRect();
      const key = el.getAttribute("href") ?? el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName;
      geometry[key] = `${Math.round(at.x)},${Math.round(at.y)}`;
    }
    return geometry;
  });
}
