/**
 * 'Karta' (issue 39 point 1): the selection by county from the search's own location counts (the sidebar's), a click
 * limits the search to the county, a second click opens its municipalities, 'Visa som tabell' lists the counts; on a
 * phone the map is a full-screen sheet that the system Back closes.
 */
import { apiSearch, facetCounts, openSearch, readNumber, searchInUrl, signedIn } from "./search-helpers";
import { expect, expectAccessible, test } from "./support/test";

test("'Karta': counties shaded by the selection, click filters, municipalities, table, phone sheet and Back", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page, { bool: { hasPhone: true } });
  await page.getByRole("button", { name: "Karta" }).click();
  const map = page.getByRole("region", { name: "Karta" });
  const skane = map.locator('[data-place-code="12"]');
  const sidebar = await facetCounts(page, "12", "Län");
  await expect(skane).toHaveAttribute("aria-label", new RegExp(`^Skåne län, ${sidebar.count.toLocaleString("sv-SE")} organisationer?$`));
  await skane.hover();
  await expect(map.locator(".selection-map__caption")).toContainText("Skåne län");
  await expect(map.getByRole("list", { name: "Teckenförklaring" }).getByRole("listitem")).not.toHaveCount(0);
  await expectAccessible(page);

  // A click limits the search to the county (the summary's Plats); a second click opens its municipalities.
  await skane.click();
  await expect(page.getByRole("region", { name: "Urvalet" }).locator("dd").nth(1)).toHaveText("Skåne län");
  await expect(sidebar.checkbox).toBeChecked();
  await expect.poll(() => searchInUrl(page).codeSet.location).toEqual(["12"]);
  await skane.click();
  await expect(map.getByRole("heading", { name: "Per kommun i Skåne län" })).toBeVisible();
  const malmo = map.locator('[data-place-code="1280"]');
  await expect(malmo).toBeVisible();
  await expect(map.locator('[data-place-code="0180"]')).toHaveCount(0);

  // The table alternative lists the same counts: the location facet of the search on screen.
  const expected = (await apiSearch(page, searchInUrl(page))).results.aggregations.location ?? {};
  await map.getByRole("button", { name: "Visa som tabell" }).click();
  const row = map.getByRole("row", { name: /^Malmö / });
  expect(readNumber(await row.getByRole("cell").textContent())).toBe(expected["1280"] ?? 0);
  await expect(map.getByRole("table").locator("tbody tr")).toHaveCount(33);
  await expectAccessible(page);
  await map.getByRole("button", { name: "Stäng" }).click();
  await expect(map).toBeHidden();

  // On a phone the map covers the screen, and Back closes it without leaving the search.
  await page.setViewportSize({ width: 390, height: 844 });
  const address = page.url();
  await page.getByRole("button", { name: "Karta" }).click();
  await expect(map).toBeVisible();
  expect((await map.boundingBox())?.width).toBe(390);
  await page.goBack();
  await expect(map).toBeHidden();
  expect(page.url()).toBe(address);

  // Issue 48 point 8: Back after a pick on the phone's map closes the sheet and keeps the pick; the next Back goes
  // back to the search before it.
  await page.getByRole("button", { name: "Karta" }).click();
  await map.locator('[data-place-code="01"]').click();
  await expect.poll(() => searchInUrl(page).codeSet.location).toEqual(["01"]);
  // The sheet's entry is back on top of the pick's address (the commit that shows the pick puts it there).
  await expect.poll(() => page.evaluate(() => (window.history.state as { urvalSheet?: number } | null)?.urvalSheet ?? 0)).toBe(1);
  const picked = page.url();
  await page.goBack();
  await expect(map).toBeHidden();
  expect(page.url()).toBe(picked);
  await expect(page.getByRole("region", { name: "Urvalet" }).locator("dd").nth(1)).toHaveText("Stockholms län");
  await page.goBack();
  await expect.poll(() => page.url()).toBe(address);
});
