/**
 * The distribution behind a range filter (issue 39 point 2): no search asks for it until a range panel opens; the
 * open Omsättning panel shows bars counted without the turnover range; dragging across bars (mouse on the desktop,
 * touch in the phone's filter drawer) and choosing a bar with the keyboard set the range.
 */
import type { Locator, Page } from "@playwright/test";
import type { SearchPageAnswer } from "#shared/api-contracts/search-api";
import { formatNumber } from "#shared/format";
import { apiSearch, expectHitCount, facetCounts, openSearch, searchInUrl, signedIn } from "./search-helpers";
import { expect, expectAccessible, screenshot, test } from "./support/test";

const DEVICES = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

/** Drags from the middle of one bar to the middle of another: with the mouse, or with one finger through CDP. */
async function drag(page: Page, from: Locator, to: Locator, touch: boolean) {
  await from.scrollIntoViewIfNeeded();
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error("a bar is not on screen");
  const points = [0, 0.5, 1].map((t) => ({
    x: start.x + start.width / 2 + t * (end.x + end.width / 2 - start.x - start.width / 2),
    y: start.y + start.height / 2,
  }));
  if (!touch) {
    await page.mouse.move(points[0]!.x, points[0]!.y);
    await page.mouse.down();
    for (const point of points.slice(1)) await page.mouse.move(point.x, point.y, { steps: 3 });
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [points[0]!] });
  for (const point of points.slice(1)) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

for (const device of DEVICES) {
  test.describe(`on a ${device.name}`, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch });

    // The phone (touch brushing) in the full run only (npm test's budget).
    test(
      "Omsättning's bars: asked for only while the panel is open, brushed and chosen by keyboard",
      { tag: device.name === "phone" ? "@full" : [] },
      async ({ page, local }) => {
        await signedIn({ page, local });
        const asked: URL[] = [];
        page.on("request", (request) => {
          if (request.url().includes("/sapi/search/page/")) asked.push(new URL(request.url()));
        });
        await openSearch(page, { codeSet: { sni: ["F"] } });

        let filters = page.getByRole("complementary", { name: "Filter" });
        if (device.isMobile) {
          await page.getByRole("button", { name: /^Filter \(\d+\)$/ }).click();
          filters = page.getByRole("dialog", { name: "Filter" });
        }
        // A search with no range panel open asks for no distribution.
        const stockholm = await facetCounts(page, "01", "Län");
        await stockholm.checkbox.check();
        await expectHitCount(page, stockholm.count);
        expect(asked.length).toBeGreaterThan(0);
        expect(asked.filter((url) => url.searchParams.has("histogram"))).toEqual([]);

        // Opening Ekonomi asks once for Omsättning's distribution of the search on screen.
        const answered = page.waitForResponse((response) => response.url().includes("histogram=turnover"));
        await filters.getByRole("button", { name: "Ekonomi", exact: true }).click();
        const answer = (await (await answered).json()) as SearchPageAnswer;
        const histogram = answer.results.histogram;
        if (!histogram) throw new Error("no histogram in the answer");
        const chart = filters.getByRole("group", { name: "Fördelning: omsättning" });
        const bars = chart.getByRole("button");
        await expect(bars).toHaveCount(histogram.counts.length);
        expect(asked.filter((url) => url.searchParams.has("histogram")).map((url) => url.searchParams.get("histogram"))).toEqual([
          "turnover",
        ]);
        await expect(filters.getByRole("button", { name: "Visa fördelning för resultat" })).toBeVisible();

        // The bars count every company of the search with a turnover (those without one are in no bar).
        const shown = (await bars.evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute("data-count"))))) as number[];
        expect(shown).toEqual(histogram.counts);
        const sum = (from: number) => histogram.counts.slice(from).reduce((a, b) => a + b, 0);
        const base = { codeSet: { sni: ["F"], location: ["01"] } };
        expect(sum(0)).toBe((await apiSearch(page, { ...base, range: { turnover: "0_" } })).results.hitCount);
        // Those without one are said under the chart (issue 48 point 8).
        expect(histogram.missing).toBe((await apiSearch(page, base)).results.hitCount - sum(0));
        const missing = filters.locator(".histogram__missing");
        if (histogram.missing > 0) await expect(missing).toHaveText(`Uppgift saknas för ${formatNumber(histogram.missing)} företag`);
        else await expect(missing).toHaveCount(0);

        // Brushing from a bar to the last one: from that bar's lower edge, open above; exactly those bars' companies.
        const first = histogram.counts.findIndex((count, k) => k > 0 && count > 0);
        const lower = histogram.edges[first - 1] ?? 0;
        await drag(page, bars.nth(first), bars.last(), device.hasTouch);
        await expect.poll(() => searchInUrl(page).range.turnover).toBe(`${lower}_`);
        await expect(filters.getByRole("textbox", { name: "Omsättning från" })).toHaveValue(formatNumber(lower));
        await expectHitCount(page, sum(first));
        await expect(bars.nth(first - 1)).toBeVisible();

        // Keyboard: the bars are one tab stop; arrows move, Enter chooses one bar ("Omsättning 1–2 mkr: … företag").
        const million = histogram.edges.indexOf(1_000_000) + 1;
        const name = `Omsättning 1–2 mkr: ${formatNumber(histogram.counts[million] ?? 0)} företag`;
        await chart.locator("button[tabindex='0']").focus();
        await page.keyboard.press("Home");
        for (let k = 0; k < million; k++) await page.keyboard.press("ArrowRight");
        await expect(filters.getByRole("button", { name, exact: true })).toBeFocused();
        await page.keyboard.press("Enter");
        // Half-open bins (issue 48 point 8): the bar's range ends below its upper edge, so its count is the hit count.
        await expect.poll(() => searchInUrl(page).range.turnover).toBe("1000000_1999999");
        await expectHitCount(page, histogram.counts[million] ?? -1);
        await expect(bars.nth(million)).toBeFocused();
        await expectAccessible(page);
        await screenshot(page, `sok-fordelning-${device.name}`);
      },
    );
  });
}
