/**
 * Layout checks of the end-to-end specs (issue 29, issue 38 point 3): nothing wider than the window, and the header's
 * geometry for comparing pages.
 */
import type { Page } from "@playwright/test";
import { expect } from "./support/test";

/** The widths every page and popup is checked at (issue 38): phones, tablets in portrait and landscape, a laptop. */
export const LAYOUT_WIDTHS = [360, 390, 430, 768, 820, 1024, 1280] as const;

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
