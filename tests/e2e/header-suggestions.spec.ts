/**
 * The header box's suggestions (issue 26): typing shows companies, industries and places in an ARIA combobox; arrow
 * down and Enter on a company opens the search for the text, sorted by relevance, with that company's detail pane
 * (from another page and on the search screen); clicking a place searches with it as a filter and the rest of the
 * text; Escape closes the list; a text of only stop words is answered with a hint instead of a search. Issue 38: a text
 * typed without å/ä/ö is offered as meant ("Menade du …?") on the empty results and among the suggestions, a matched
 * street shows in a suggestion, and four digits of an organisation number find its companies. Issue 48: a text that
 * finds nothing runs as meant at once ("Visar träffar för malmö. Sök i stället efter malmo"), typing errors forgiven
 * ("restarang").
 */
import type { Page } from "@playwright/test";
import type { SuggestAnswer } from "#shared/api-contracts/suggest";
import { SAME_ORIGIN, searchInUrl, signedIn } from "./search-helpers";
import { expect, expectAccessible, screenshot, test } from "./support/test";

async function suggestions(page: Page, text: string): Promise<SuggestAnswer> {
  const query = new URLSearchParams({ text, type: "COMPANY" });
  const response = await page.request.get(`/sapi/search/suggest?${query.toString()}`, { headers: SAME_ORIGIN });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SuggestAnswer;
}

test("suggestions as you type: a company opens its detail, a place becomes the filter, Escape closes", async ({ page, local }) => {
  await signedIn({ page, local });
  const pizz = await suggestions(page, "pizz");
  const first = pizz.records[0];
  if (!first) throw new Error("the demo data has no company matching 'pizz'");

  await page.goto("/om");
  const box = page.getByRole("combobox", { name: "Sök företag" });
  const list = page.getByRole("listbox", { name: "Förslag" });
  await box.fill("pizz");
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const companies = list.getByRole("group", { name: "Företag" }).getByRole("option");
  await expect(companies).toHaveCount(pizz.records.length);
  await expect(companies.first()).toContainText(first.name);
  await expect(companies.first()).toContainText(first.orgNo);
  await expect(page.getByRole("status").filter({ hasText: /förslag/ })).toHaveText(/^\d+ förslag/);
  await expectAccessible(page);

  await box.press("ArrowDown");
  await screenshot(page, "header-suggestions");
  await expect(companies.first()).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await companies.first().getAttribute("id")) ?? "");
  await box.press("Enter");
  await expect(page.getByRole("complementary", { name: first.name })).toBeVisible();
  await expect.poll(() => searchInUrl(page)).toMatchObject({ text: "pizz", codeSet: {}, sort: [{ field: "relevance", ascending: false }] });
  await expect(page.getByRole("combobox", { name: "Sortera" })).toHaveValue("relevance:desc");
  await expect(list).toBeHidden();

  // On the search screen the same keys open another company's detail.
  const second = pizz.records[1];
  if (!second) throw new Error("the demo data has one company matching 'pizz'");
  await box.fill("pizz");
  await expect(companies.nth(1)).toContainText(second.name);
  await box.press("ArrowDown");
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(page.getByRole("complementary", { name: second.name })).toBeVisible();

  // A place among the suggestions becomes the place filter, the rest of the text the text.
  const withTown = await suggestions(page, "pizzeria kalmar");
  const place = withTown.places[0];
  if (!place) throw new Error("no place suggested for 'pizzeria kalmar'");
  await box.fill("pizzeria kalmar");
  await list.getByRole("group", { name: "Plats" }).getByRole("option").first().click();
  await expect(page.locator(".summary__facts")).toContainText("Kalmar");
  await expect.poll(() => searchInUrl(page).codeSet).toEqual({ location: [place.code] });
  expect(searchInUrl(page).text).toBe(place.remainingText);
  await expect(list).toBeHidden();

  // Escape closes the list and keeps the text; a second Escape is the search field's own (it clears the text).
  await box.fill("pizz");
  await expect(list).toBeVisible();
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("pizz");
  await box.press("Escape");
  await expect(box).toHaveValue("");

  // Only stop words: a hint under the box, no search.
  const before = page.url();
  await box.fill("AB");
  await box.press("Enter");
  await expect(page.getByText("Skriv ett namn, en ort, en bransch eller ett organisationsnummer.")).toBeVisible();
  expect(page.url()).toBe(before);
});

test("forgiving search: a text without å/ä/ö runs as meant, an org-number start finds companies, a street shows (issues 38, 48)", async ({
  page,
  local,
}) => {
  await signedIn({ page, local });
  await page.goto("/om");
  const box = page.getByRole("combobox", { name: "Sök företag" });
  const list = page.getByRole("listbox", { name: "Förslag" });
  const results = page.getByRole("region", { name: "Träffar" });

  // No hits as typed: the text as meant runs at once and says so (issue 48 point 7), with the text as typed a click away.
  await box.fill("frisor goteborg");
  await box.press("Enter");
  const corrected = results.locator(".results__corrected");
  await expect(corrected).toHaveText("Visar träffar för frisör göteborg. Sök i stället efter frisor goteborg");
  await expect.poll(() => searchInUrl(page).text).toBe("frisör göteborg");
  await expect(results.getByRole("listitem").first()).toBeVisible();
  await expect(box).toHaveValue("frisör göteborg");
  await expectAccessible(page);
  // As typed: the spec's empty text, and the text as meant offered in the results and in the suggestions.
  await corrected.getByRole("button", { name: "frisor goteborg" }).click();
  await expect.poll(() => searchInUrl(page).text).toBe("frisor goteborg");
  await expect(results.getByText(/^Inga \S+ matchar din sökning$/)).toBeVisible();
  const offer = results.getByRole("button", { name: "frisör göteborg" });
  await expect(offer).toBeVisible();
  await box.fill("frisor goteborg");
  const meant = list.getByRole("group", { name: "Menade du" }).getByRole("option");
  await expect(meant.first()).toHaveText("frisör göteborg?");
  await expect(meant.nth(1)).toBeVisible();
  await box.press("Escape");
  await offer.click();
  await expect.poll(() => searchInUrl(page).text).toBe("frisör göteborg");
  await expect(results.getByRole("listitem").first()).toBeVisible();
  await expect(corrected).toHaveCount(0);

  // "malmo" finds nothing as typed and Malmö as meant (issue 48 point 7).
  await box.fill("malmo");
  await box.press("Enter");
  await expect(corrected).toHaveText("Visar träffar för malmö. Sök i stället efter malmo");
  await expect(results.getByRole("listitem").first()).toBeVisible();
  // Typing errors are forgiven as fuzziness AUTO forgives them, in the results and in the suggestions.
  await box.fill("restarang");
  await box.press("Enter");
  await expect(corrected).toHaveText("Visar träffar för restaurang. Sök i stället efter restarang");
  await expect(results.getByRole("listitem").first()).toBeVisible();
  await box.fill("jonkoping el");
  await expect(list.getByRole("group", { name: "Menade du" }).getByRole("option").first()).toHaveText("jönköping el?");
  await box.press("Escape");

  // A street among the suggestions is shown with the company.
  await box.fill("storgatan");
  await expect(list.getByRole("group", { name: "Företag" }).getByRole("option").first()).toContainText(/Storgatan \d/);

  // Four digits of an organisation number find its companies (or, without any, say how many digits it takes).
  await box.fill("5560");
  await box.press("Enter");
  await expect.poll(() => searchInUrl(page).text).toBe("5560");
  await expect(
    results
      .getByRole("listitem")
      .first()
      .or(results.getByText(/minst 4 siffror|har 10 siffror/)),
  ).toBeVisible();
  await expect(results.getByRole("listitem").first()).toContainText("5560");
});
