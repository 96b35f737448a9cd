/**
 * The summary header and the tree editors (issue 8 points 3 and 4): industries, places and filters summarised with
 * 'm.fl.', every sort option, 'Rensa filter och urval'; 'Redigera bransch' and 'Redigera plats' as mutually exclusive
 * panels with counts per node, expand, drill-in with breadcrumb, keyboard use and a search by title, code or keyword.
 */
import { formatSniCode } from "#shared/format";
import { apiSearch, expectHitCount, facetCounts, openSearch, readNumber, SAME_ORIGIN, searchInUrl, signedIn } from "./search-helpers";
import { expect, expectAccessible, screenshot, test, waitForApp } from "./support/test";

test("the summary shows 2 industries, 2 places and 3 filters before 'm.fl.'; sorting; clearing", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page, {
    codeSet: { sni: ["C", "F", "G"], location: ["01", "12", "14"] },
    bool: { fTax: true, vatReg: true, shelfCompany: false },
    range: { turnover: "1000000_" },
  });
  const facts = page.locator(".summary__facts");
  await expect(facts.locator("div").filter({ hasText: "Bransch" }).locator("dd")).toHaveText("Tillverkning, Byggverksamhet m.fl.");
  await expect(facts.locator("div").filter({ hasText: "Plats" }).locator("dd")).toHaveText("Stockholms län, Skåne län m.fl.");
  await expect(facts.locator("div").filter({ hasText: "Filter" }).locator("dd")).toHaveText(
    "Omsättning från 1 mkr, F-skatt: Ja, Momsregistrerad: Ja m.fl.",
  );

  const sort = page.getByRole("combobox", { name: "Sortera" });
  await expect(sort.locator("option")).toHaveText([
    "Omsättning, högst först",
    "Omsättning, lägst först",
    "Resultat, högst först",
    "Resultat, lägst först",
    "Utdelning, högst först",
    "Utdelning, lägst först",
    "Antal anställda, högst först",
    "Antal anställda, lägst först",
    "Kreditbetyg, högst först",
    "Kreditbetyg, lägst först",
    "Registreringsdatum, nyast först",
    "Registreringsdatum, äldst först",
    "Namn, A–Ö",
    "Namn, Ö–A",
    "Slumpvis, ordning 1",
    "Slumpvis, ordning 2",
  ]);
  await sort.selectOption({ label: "Namn, A–Ö" });
  await expect.poll(() => searchInUrl(page).sort).toEqual([{ field: "name", ascending: true }]);
  const byName = await apiSearch(page, searchInUrl(page));
  await expect(page.locator(".record-card__open").first()).toHaveText(
    byName.results.records[0] && "name" in byName.results.records[0] ? byName.results.records[0].name : "",
  );

  await page.getByRole("link", { name: "Byt till arbetsställen" }).click();
  await expect(sort.locator("option")).toHaveCount(10);
  await page.getByRole("button", { name: "Rensa filter och urval" }).click();
  await expect
    .poll(() => searchInUrl(page))
    .toMatchObject({ resultType: "WORKSITE", codeSet: {}, range: {}, bool: { useMainSni: true, useLocation: true } });
  await expectHitCount(page, (await apiSearch(page, { resultType: "WORKSITE" })).results.hitCount);
  await expect(facts).toContainText("Alla branscher");
  await expect(facts).toContainText("Hela Sverige");
});

test("the place tree: counts per node, expand, drill-in with breadcrumb, one panel at a time, keyboard", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page);
  const api = await apiSearch(page, {});
  await page.getByRole("button", { name: "Redigera bransch" }).click();
  await expect(page.getByRole("heading", { name: "Redigera bransch" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Sök bransch" })).toBeFocused();
  await page.getByRole("button", { name: "Redigera plats" }).click();
  await expect(page.getByRole("heading", { name: "Redigera bransch" })).toHaveCount(0);
  const panel = page.getByRole("region", { name: "Redigera plats" });
  await expect(panel).toBeVisible();

  await panel.getByRole("button", { name: "Fäll ut Stockholms län" }).click();
  const solna = panel.locator('.tree-row[data-code="0184"]');
  await expect(solna).toBeVisible();
  expect(readNumber(await solna.locator(".facet__count").textContent())).toBe(api.results.aggregations.location?.["0184"] ?? 0);
  expect(readNumber(await solna.locator(".facet__all").textContent())).toBe(api.results.aggregations.location_all?.["0184"] ?? 0);
  await expectAccessible(page);
  await screenshot(page, "sok-redigera-plats");

  // Keyboard: ↓ moves to the next row, ← collapses, → expands.
  const stockholm = panel.locator('.tree-row[data-code="01"] .tree-row__check');
  await stockholm.focus();
  await page.keyboard.press("ArrowDown");
  await expect(panel.locator('.tree-row[data-code="0114"] .tree-row__check')).toBeFocused();
  await stockholm.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(solna).toHaveCount(0);
  await page.keyboard.press("ArrowRight");
  await expect(solna).toBeVisible();

  const solnaCount = readNumber(await solna.locator(".facet__count").textContent());
  await solna.getByRole("checkbox").check();
  await expectHitCount(page, solnaCount);
  // Stockholms län is partly selected, in the tree and in the sidebar (issue 25); Solna and the others are not.
  const county = panel.locator('.tree-row[data-code="01"]').getByRole("checkbox");
  const sidebarCounty = page.getByRole("list", { name: "Län" }).locator('input[data-code="01"]');
  for (const box of [county, sidebarCounty]) {
    await expect(box).toHaveAttribute("aria-checked", "mixed");
    await expect(box).toBeChecked({ indeterminate: true });
  }
  await expect(solna.getByRole("checkbox")).toBeChecked();
  await expect(panel.locator('.tree-row[data-code="03"]').getByRole("checkbox")).not.toHaveAttribute("aria-checked", "mixed");
  await expectAccessible(page);

  await panel.getByRole("button", { name: "Gå in i Västra Götalands län" }).click();
  const crumbs = panel.getByRole("navigation", { name: "Sökväg" });
  await expect(crumbs).toContainText("Hela Sverige");
  await expect(crumbs.locator('[aria-current="location"]')).toHaveText("Västra Götalands län");
  await expect(panel.locator('.tree-row[data-code="1480"]')).toBeVisible();
  await expect(panel.locator('.tree-row[data-code="01"]')).toHaveCount(0);
  await crumbs.getByRole("button", { name: "Hela Sverige" }).click();
  await expect(panel.locator('.tree-row[data-code="01"]')).toBeVisible();
});

test("the industry tree's search matches titles, SNI codes and keywords", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page);
  const api = await apiSearch(page, {});
  const keywords = (await (await page.request.get("/sapi/refdata/sni-keywords", { headers: SAME_ORIGIN })).json()) as Record<
    string,
    string[]
  >;
  const allCounts = api.results.aggregations.sni_all ?? {};
  // A detail group with companies and a keyword that is not a word of any title shown.
  const [code, words] = Object.entries(keywords).find(([c, w]) => (allCounts[c] ?? 0) > 0 && w.some((word) => word.length > 5)) ?? ["", []];
  const keyword = words.find((word) => word.length > 5) ?? "";

  await page.getByRole("button", { name: "Redigera bransch" }).click();
  const panel = page.getByRole("region", { name: "Redigera bransch" });
  const search = panel.getByRole("searchbox", { name: "Sök bransch" });
  const row = panel.locator(`.tree-row[data-code="${code}"]`);

  await search.fill(keyword);
  await expect(row).toBeVisible();
  await expect(row).toHaveClass(/tree-row--match/);
  await search.fill(formatSniCode(code));
  await expect(row).toHaveClass(/tree-row--match/);
  const label = (await row.locator(".tree-row__label").textContent()) ?? "";
  const title = label.replaceAll("\u00ad", "").replace(formatSniCode(code), "").trim();
  await search.fill(title);
  await expect(row).toHaveClass(/tree-row--match/);
  // Ancestors are shown, so the tree keeps its shape.
  await expect(panel.locator(".tree-row").first()).toHaveAttribute("data-code", /^[A-U]$/);

  const count = readNumber(await row.locator(".facet__count").textContent());
  await row.getByRole("checkbox").check();
  await expectHitCount(page, count);
  await expect.poll(() => searchInUrl(page).codeSet.sni).toEqual([code]);
  await expect(page.locator(".summary__facts")).toContainText(title);
});

test("the full reference data waits until the industry tree needs it (issue 48 point 6)", async ({ page, local }) => {
  await signedIn({ page, local });
  const refdata: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/sapi/refdata/")) refdata.push(path);
  });
  // Sections and counties: the loader's light version has all the screen shows.
  await openSearch(page, { codeSet: { sni: ["F"], location: ["01"] } });
  await waitForApp(page);
  await (await facetCounts(page, "12", "Län")).checkbox.check();
  await expect(page.locator(".summary__count")).not.toHaveClass(/stale/);
  expect(refdata).toEqual([]);

  // Pointing at 'Redigera bransch' fetches the tree and its keywords ahead of the click.
  const tree = page.waitForResponse((r) => new URL(r.url()).pathname === "/sapi/refdata/sni-tree");
  await page.getByRole("button", { name: "Redigera bransch" }).hover();
  await tree;
  await page.getByRole("button", { name: "Redigera bransch" }).click();
  const panel = page.getByRole("region", { name: "Redigera bransch" });
  await panel.getByRole("searchbox", { name: "Sök bransch" }).fill(formatSniCode("41"));
  await expect(panel.locator('.tree-row[data-code="41"]')).toHaveClass(/tree-row--match/);
  expect(refdata.filter((path) => path === "/sapi/refdata/sni-tree")).toHaveLength(1);

  // A search from an address naming a code below a section loads them at once: its title is in the full tree only.
  refdata.length = 0;
  await openSearch(page, { codeSet: { sni: ["41"] } });
  await expect(page.getByRole("list", { name: "Branscher" }).locator('input[data-code="41"]')).toBeChecked();
  await expect.poll(() => refdata.includes("/sapi/refdata/sni-tree")).toBe(true);
});
