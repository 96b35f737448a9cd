/**
 * The search screen's address (issue 8 points 1 and 8): server rendering of /sok?vad=, the route following each
 * search, back and forward, an unreadable `vad`, shared links (`referens`) and the new-version reload keeping the
 * screen's state for under 10 s; the open detail pane in the address (issue 38 point 1).
 */
import { emptySearch } from "#shared/search/empty-search";
import { serializeSearch } from "#shared/search/search-serialize";
import {
  apiSearch,
  expectHitCount,
  facetCounts,
  FIRST_PAGE_CALL,
  openSearch,
  SAME_ORIGIN,
  search,
  searchInUrl,
  searchUrl,
  signedIn,
} from "./search-helpers";
import { expect, expectAccessible, screenshot, test, waitForApp } from "./support/test";

test("a direct visit to /sok?vad= is rendered on the server with the API's results", async ({ page, local, browser }) => {
  await signedIn({ page, local });
  const wanted = search({ codeSet: { location: ["14"] }, sort: [{ field: "name", ascending: true }] });
  const answer = await apiSearch(page, wanted);
  // The user watches the second company of the page.
  const second = answer.results.records[1];
  if (!second || !("orgSeqNo" in second)) throw new Error("the search should give companies");
  const watch = await page.request.post(`/sapi/monitoring/companies/${second.orgSeqNo}`, { headers: SAME_ORIGIN });
  expect(watch.status(), await watch.text()).toBeLessThan(300);
  // The HTML alone, before any script runs, holds the hit count and the first page of cards.
  const html = await (await page.request.get(searchUrl(wanted))).text();
  expect(html).toContain(`data-hit-count="${answer.results.hitCount}"`);
  for (const record of answer.results.records.slice(0, 5)) expect(html).toContain("orgNo" in record ? record.orgNo : "");

  // And a browser without JavaScript shows it, with each card's watch button as the user left it (decision 0071).
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto(searchUrl(wanted));
  const cards = plain.locator(".record-card");
  await expect(cards).toHaveCount(answer.results.records.length);
  await expect(plain.locator(".summary__facts")).toContainText("Västra Götalands län");
  await expect(cards.nth(1).getByRole("button", { name: "Sluta bevaka" })).toBeVisible();
  await expect(plain.getByRole("button", { name: "Bevaka företaget" })).toHaveCount(answer.results.records.length - 1);
  await noScript.close();

  // A browser with JavaScript hydrates those buttons as they are: it asks for no list of watched companies at load.
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/sapi/monitoring/companies") asked.push(request.url());
  });
  await page.goto(searchUrl(wanted));
  await waitForApp(page);
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".record-card").nth(1).getByRole("button", { name: "Sluta bevaka" })).toBeVisible();
  expect(asked).toEqual([]);
});

test("each search updates the route; back and forward restore the searches", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page);
  const stockholm = await facetCounts(page, "01", "Län");
  await stockholm.checkbox.check();
  await expectHitCount(page, stockholm.count);
  await expect.poll(() => searchInUrl(page).codeSet.location).toEqual(["01"]);

  const skane = await facetCounts(page, "12", "Län");
  await skane.checkbox.check();
  const both = (await apiSearch(page, { codeSet: { location: ["12", "01"] } })).results.hitCount;
  await expectHitCount(page, both);
  await expect.poll(() => searchInUrl(page).codeSet.location).toEqual(["12", "01"]);

  await page.goBack();
  await expectHitCount(page, stockholm.count);
  await expect((await facetCounts(page, "12", "Län")).checkbox).not.toBeChecked();
  await page.goBack();
  await expectHitCount(page, (await apiSearch(page, {})).results.hitCount);
  await page.goForward();
  await page.goForward();
  await expectHitCount(page, both);
  await expect((await facetCounts(page, "12", "Län")).checkbox).toBeChecked();
});

test("an unreadable or refused vad shows a clear message and the default search", async ({ page, local }) => {
  await signedIn({ page, local });
  const total = (await apiSearch(page, {})).results.hitCount;
  const notice = "Sökningen i adressen kunde inte läsas. Du ser standardsökningen i stället.";

  await page.goto("/sok?vad=zNotBase64!!");
  await expect(page.getByRole("alert").filter({ hasText: notice })).toBeVisible();
  await expectHitCount(page, total);
  await expect(page).toHaveURL(`/sok?vad=${serializeSearch(emptySearch())}`);
  await expectAccessible(page);

  // Well-formed, but the code does not exist: the API refuses it.
  await page.goto(searchUrl({ codeSet: { sni: ["99999"] } }));
  await expect(page.getByRole("alert").filter({ hasText: notice })).toBeVisible();
  await expectHitCount(page, total);
});

test("a shared link (referens) opens its search; an unknown one says the link is inactive", async ({ page, local }) => {
  await signedIn({ page, local });
  const shared = search({ resultType: "WORKSITE", codeSet: { location: ["25"] } });
  const created = await page.request.post(`/sapi/search/create-shared-link/${serializeSearch(shared)}`, { headers: SAME_ORIGIN });
  const link = (await created.json()) as string;
  await page.goto(new URL(link).pathname);
  await expectHitCount(page, (await apiSearch(page, shared)).results.hitCount);
  await expect.poll(() => searchInUrl(page)).toMatchObject({ resultType: "WORKSITE", codeSet: { location: ["25"] } });
  await expect(page.getByText("Urval på arbetsställen")).toBeVisible();

  await page.goto("/sok?referens=AAAAAAAAAAAAAAAA");
  await expect(page.getByRole("alert").filter({ hasText: "Den angivna länker är inte längre aktiv" })).toBeVisible();
  await expectHitCount(page, (await apiSearch(page, {})).results.hitCount);
});

test("a search opened from a link shows its text in the header box, and a search without text empties it (issue 48)", async ({
  page,
  local,
}) => {
  await signedIn({ page, local });
  const box = page.getByRole("combobox", { name: "Sök företag" });
  await openSearch(page, { text: "bygg" });
  await expect(box).toHaveValue("bygg");
  await openSearch(page, { codeSet: { location: ["12"] } });
  await expect(box).toHaveValue("");
});

test("a new client version reloads the page and restores the screen's state saved under 10 s ago", async ({ page, local }) => {
  await signedIn({ page, local });
  await openSearch(page, { codeSet: { location: ["01"] } });
  await page.getByRole("button", { name: "Exportera" }).click();
  await page.getByRole("menuitem", { name: "Markera organisationer" }).click();
  const cards = page.locator(".record-card");
  await cards.nth(0).getByRole("checkbox").check();
  const secondName = (await cards.nth(1).locator(".record-card__open").textContent()) ?? "";
  await cards.nth(1).locator(".record-card__open").click();
  await expect(page.getByRole("complementary", { name: secondName })).toBeVisible();

  await page.route(FIRST_PAGE_CALL, (route) =>
    route.fulfill({
      status: 418,
      contentType: "application/json",
      body: JSON.stringify({ type: "NEW_VERSION", message: "Ny version", code: "CLIENT_OUTDATED", requestId: "r" }),
    }),
  );
  await page.getByRole("list", { name: "Län" }).locator('input[data-code="12"]').check();
  const modal = page.getByRole("dialog", { name: "Ny version" });
  await expect(modal).toBeVisible();
  await page.unroute(FIRST_PAGE_CALL);
  await Promise.all([page.waitForEvent("load"), modal.getByRole("button", { name: "Ladda om" }).click()]);

  await expect.poll(() => searchInUrl(page).codeSet.location).toEqual(["01"]);
  await expect(cards.nth(0).getByRole("checkbox")).toBeChecked();
  await expect(cards.nth(1).getByRole("checkbox")).not.toBeChecked();
  await expect(page.getByRole("complementary", { name: secondName })).toBeVisible();
  await screenshot(page, "sok-efter-ny-version");

  // A reload state older than 10 s is not used.
  await page.evaluate(() => {
    const state = {
      path: location.pathname + location.search,
      savedAt: Date.now() - 10_500,
      parts: { search: { page: 0, selection: { active: true, ids: [], exclude: false }, detailId: null, panel: "sni" } },
    };
    localStorage.setItem("urval.reloadState", JSON.stringify(state));
  });
  await page.reload();
  await expect(page.locator(".record-card").first()).toBeVisible();
  await expect(page.locator(".record-card__mark")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Redigera bransch" })).toHaveCount(0);
});

// Issue 38 point 1: the open record is in the address beside the search, on the desktop and on a tablet.
for (const [device, viewport] of [
  ["desktop", { width: 1366, height: 900 }],
  ["tablet", { width: 820, height: 1180 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    // The tablet in the full run only (npm test's budget).
    test(
      "Back and Forward close and open the detail pane; the address reopens it; shares and exports take the search only",
      { tag: device === "tablet" ? "@full" : [] },
      async ({ page, local }) => {
        await signedIn({ page, local });
        const worksites = { resultType: "WORKSITE" } as const;
        const answer = await apiSearch(page, worksites);
        const record = answer.results.records[0];
        if (!record || !("cfarNo" in record)) throw new Error("no worksite");
        await openSearch(page, worksites);
        const list = page.url();
        const visa = () => new URL(page.url()).searchParams.get("visa");
        const opener = page.locator(`[data-record-id="${record.cfarNo}"] .record-card__open`);
        const worksite = page.getByRole("complementary", { name: record.name });
        const company = page.getByRole("complementary", { name: record.companyName });

        await opener.click();
        await expect(worksite.getByRole("heading", { name: "Arbetsstället" })).toBeVisible();
        expect(visa()).toBe(record.cfarNo);
        if (device === "desktop") {
          // Dela urval and the export popup work on the search alone (docs/decisions/0039).
          const vad = new URL(list).searchParams.get("vad") ?? "";
          const shared = page.waitForRequest("**/sapi/search/create-shared-link/*");
          await page.getByRole("button", { name: "Dela", exact: true }).click();
          expect((await shared).url()).toContain(`/create-shared-link/${vad}`);
          await page.getByRole("button", { name: "Dela", exact: true }).click();
          const preview = page.waitForRequest("**/sapi/extraction/preview?*");
          await page.getByRole("button", { name: "Exportera" }).click();
          await page.getByRole("menuitem", { name: "Exportera alla" }).click();
          expect(new URL((await preview).url()).searchParams.get("serializedSearch")).toBe(vad);
          await page.getByRole("dialog", { name: "Exportera urval" }).getByRole("button", { name: "Stäng" }).click();
          await expect(worksite).toBeVisible();
        }

        // The worksite's company, and Back to the worksite; Back again closes the pane and keeps the search.
        await worksite.getByRole("link", { name: `Visa företaget ${record.companyName}` }).click();
        await expect(company.getByRole("heading", { name: "Registrering" })).toBeVisible();
        expect(visa()).toBe(String(record.orgSeqNo));
        await page.goBack();
        await expect(worksite.getByRole("heading", { name: "Arbetsstället" })).toBeVisible();
        await page.goBack();
        await expect(page.locator(".detail-pane")).toHaveCount(0);
        expect(page.url()).toBe(list);
        await expect(opener).toBeFocused();
        await page.goForward();
        await expect(worksite.getByRole("heading", { name: "Arbetsstället" })).toBeVisible();

        // A search the record leaves closes the pane; Back brings the search and the record back.
        const otherCounty = record.countyCode === "01" ? "12" : "01";
        await page.getByRole("list", { name: "Län" }).locator(`input[data-code="${otherCounty}"]`).check();
        await expect(page.locator(".detail-pane")).toHaveCount(0);
        await expect.poll(() => searchInUrl(page).codeSet.location).toEqual([otherCounty]);
        expect(visa()).toBeNull();
        await page.goBack();
        await expect(worksite.getByRole("heading", { name: "Arbetsstället" })).toBeVisible();
        expect(page.url()).toBe(`${list}&visa=${record.cfarNo}`);

        // The address alone (a reload, a copied link) opens the same record.
        await page.reload();
        await expect(worksite.getByRole("heading", { name: "Arbetsstället" })).toBeVisible();
        // Another card takes the open one's place (on the desktop, where the pane leaves the cards in view): Back closes
        // the pane, Forward brings the new card back. 'Stäng' leaves no entry behind.
        let open = worksite;
        if (device === "desktop") {
          const next = answer.results.records[1];
          if (!next || !("cfarNo" in next)) throw new Error("no second worksite");
          await page.locator(`[data-record-id="${next.cfarNo}"] .record-card__open`).click();
          open = page.getByRole("complementary", { name: next.name });
          await expect(open.getByRole("heading", { name: "Arbetsstället" })).toBeVisible();
          expect(visa()).toBe(next.cfarNo);
          await page.goBack();
          await expect(page.locator(".detail-pane")).toHaveCount(0);
          expect(page.url()).toBe(list);
          await page.goForward();
        }
        await open.getByRole("button", { name: "Stäng" }).click();
        await expect(page.locator(".detail-pane")).toHaveCount(0);
        expect(page.url()).toBe(list);
      },
    );
  });
}
