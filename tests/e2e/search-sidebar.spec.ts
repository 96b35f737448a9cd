/**
 * The sidebar (issue 8 point 2): the companies/worksites switch, code filters with counts for the selection and for
 * all of Sweden (checked against the API), range filters with their input rules and snapping, boolean filters, long
 * groups with a search box and 'X av Y', and the limited-company filters shown only when they apply.
 */
import { apiSearch, expectHitCount, facetCounts, openSearch, readNumber, searchInUrl, signedIn } from "./search-helpers";
import { expect, expectAccessible, screenshot, test } from "./support/test";

test("counts per county are the API's, and picking a county gives the count shown before it", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page, { codeSet: { sni: ["F"] } });
  const api = await apiSearch(page, { codeSet: { sni: ["F"] } });
  const uppsala = await facetCounts(page, "03", "Län");
  expect(uppsala.count).toBe(api.results.aggregations.location?.["03"] ?? 0);
  expect(uppsala.allCount).toBe(api.results.aggregations.location_all?.["03"] ?? 0);

  await uppsala.checkbox.check();
  await expectHitCount(page, uppsala.count);
  // Selected values stay at the top of their group.
  await expect(page.getByRole("list", { name: "Län" }).locator("input[type=checkbox]").first()).toHaveAttribute("data-code", "03");
  await expect(page.locator(".summary__facts")).toContainText("Uppsala län");
  await expectAccessible(page);
  await screenshot(page, "sok-lan-valt");
});

test("switching to worksites and back: the words, the filters of each type and the API's counts", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page, { codeSet: { location: ["01"], companyForm: ["49"] }, bool: { listed: false, fTax: true } });
  await expect(page.getByText("Urval på företag")).toBeVisible();
  await page.getByRole("link", { name: "Byt till arbetsställen" }).click();
  await expect(page.getByText("Urval på arbetsställen")).toBeVisible();
  // Company-only constraints are cleared, shared ones kept.
  const worksites = { resultType: "WORKSITE" as const, codeSet: { location: ["01"] }, bool: { fTax: true } };
  await expectHitCount(page, (await apiSearch(page, worksites)).results.hitCount);
  await expect.poll(() => searchInUrl(page)).toMatchObject({ resultType: "WORKSITE", codeSet: { location: ["01"] }, bool: { fTax: true } });
  await expect(page.getByRole("button", { name: "Storleksklass" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Bolagsform" })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Sök arbetsställen" })).toBeVisible();
  await page.getByRole("button", { name: "Storleksklass" }).click();
  const size = page.getByRole("list", { name: "Storleksklass" }).locator(".facet").first();
  const sizeCount = readNumber(await size.locator(".facet__count").textContent());
  await size.getByRole("checkbox").check();
  await expectHitCount(page, sizeCount);

  await page.getByRole("link", { name: "Byt till företag" }).click();
  await expect(page.getByText("Urval på företag")).toBeVisible();
  await expectHitCount(page, (await apiSearch(page, { codeSet: { location: ["01"] }, bool: { fTax: true } })).results.hitCount);
});

test("range inputs: mkr, comma, '>' prefix, bad input resets, bounds, order, snapping, Swedish units, emptied side, full span", async ({
  page,
  local,
}) => {
  await signedIn({ page, local });
  await openSearch(page);
  await page.getByRole("button", { name: "Ekonomi", exact: true }).click();
  const from = page.getByRole("textbox", { name: "Omsättning från" });
  const to = page.getByRole("textbox", { name: "Omsättning till" });

  await from.fill("1,5 mkr");
  await from.press("Enter");
  await expect(from).toHaveValue("1\u00a0500\u00a0000");
  await expect.poll(() => searchInUrl(page).range.turnover).toBe("1500000_");
  await expectHitCount(page, (await apiSearch(page, { range: { turnover: "1500000_" } })).results.hitCount);

  await to.fill("abc");
  await to.press("Enter");
  await expect(to).toHaveValue(">1\u00a0000\u00a0000\u00a0000");
  await to.fill("1 mkr");
  await to.press("Enter");
  // The upper side cannot pass below the lower one.
  await expect(to).toHaveValue("1\u00a0500\u00a0000");
  await expect.poll(() => searchInUrl(page).range.turnover).toBe("1500000_1500000");
  await to.fill(">5000 mkr");
  await to.press("Enter");
  await expect(to).toHaveValue(">1\u00a0000\u00a0000\u00a0000");
  await expect.poll(() => searchInUrl(page).range.turnover).toBe("1500000_");

  // Results may be negative; a minus elsewhere than first is unreadable.
  const earnings = page.getByRole("textbox", { name: "Resultat från", exact: true });
  await earnings.fill("5-3");
  await earnings.press("Enter");
  await expect(earnings).toHaveValue("\u2212100\u00a0000\u00a0000");
  await earnings.fill("-250000");
  await earnings.press("Enter");
  await expect.poll(() => searchInUrl(page).range.earnings).toBe("-250000_");

  // The slider snaps: money in 25 000 steps below 200 000.
  await from.fill("0");
  await from.press("Enter");
  await expect.poll(() => searchInUrl(page).range.turnover).toBeUndefined();
  const handle = page.getByRole("slider", { name: "Omsättning, lägsta" });
  await handle.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(from).toHaveValue("50\u00a0000");
  await expect.poll(() => searchInUrl(page).range.turnover).toBe("50000_");
  // Issue 38: Swedish unit words, and an emptied field removes its side's bound instead of snapping back.
  await to.fill("1,5 milj");
  await to.press("Enter");
  await expect(to).toHaveValue("1\u00a0500\u00a0000");
  await expect.poll(() => searchInUrl(page).range.turnover).toBe("50000_1500000");
  await from.fill("");
  await from.press("Enter");
  await expect(from).toHaveValue("0");
  await expect.poll(() => searchInUrl(page).range.turnover).toBe("_1500000");
  await expectAccessible(page);

  // Back to the full span: no constraint at all.
  await page.getByRole("button", { name: "Rensa omsättning" }).click();
  await expect.poll(() => searchInUrl(page).range.turnover).toBeUndefined();
});

test("boolean filters, long groups with search and 'X av Y', and the limited-company filters", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page);
  const api = await apiSearch(page, {});
  await page.getByRole("button", { name: "Egenskaper" }).click();
  const fTax = page.getByRole("combobox", { name: "F-skatt" });
  await fTax.selectOption("true");
  await expectHitCount(page, api.results.aggregations.fTax?.true ?? -1);
  await page.getByRole("checkbox", { name: "Exkludera lagerbolag" }).check();
  await expect.poll(() => searchInUrl(page).bool).toMatchObject({ fTax: true, shelfCompany: false });
  await expectHitCount(page, (await apiSearch(page, { bool: { fTax: true, shelfCompany: false } })).results.hitCount);

  await page.getByRole("button", { name: "Bolagsform" }).click();
  const forms = page.getByRole("list", { name: "Bolagsform" });
  const shown = page.locator(".filter-group", { has: page.getByRole("button", { name: "Bolagsform" }) }).locator(".facet-list__shown");
  const formCount = Object.values(api.results.aggregations.companyForm_all ?? {}).filter((n) => n > 0).length;
  await expect(shown).toHaveText(`8 av ${formCount}`);
  await page.getByRole("searchbox", { name: "Filtrera bolagsform" }).fill("ekonomiska");
  await expect(forms.locator(".facet")).toHaveCount(1);
  await expect(shown).toHaveText(`1 av ${formCount}`);
  await expect(page.getByRole("button", { name: "Bokslut (aktiebolag)" })).toBeVisible();
  await forms.getByRole("checkbox", { name: /Ekonomiska föreningar/ }).check();
  // The group's badge as a screen reader hears it (issue 38): "1 vald", and "2 valda" below.
  await expect(page.getByRole("button", { name: /^Bolagsform\s*1 vald$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Bokslut (aktiebolag)" })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Filtrera bolagsform" }).fill("");
  await forms.getByRole("checkbox", { name: "Aktiebolag utom bank- och försäkringsaktiebolag" }).check();
  await expect(page.getByRole("button", { name: /^Bolagsform\s*2 valda$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Bokslut (aktiebolag)" })).toBeVisible();
  await expect(forms.locator("input[type=checkbox]").nth(0)).toHaveAttribute("data-code", "49");
  await expect(forms.locator("input[type=checkbox]").nth(1)).toHaveAttribute("data-code", "51");
});
