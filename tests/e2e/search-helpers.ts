/**
 * Helpers of the search screen's end-to-end specs: the API as the page's own session sees it (for expected counts),
 * opening a search by address, and reading the hit count on screen.
 */
import type { Page } from "@playwright/test";
import type { SearchPageAnswer } from "#shared/api-contracts/search-api";
import { SearchSchema, type Search, type SearchInput } from "#shared/search/search-schema";
import { emptySearch } from "#shared/search/empty-search";
import { deserializeSearch, serializeSearch } from "#shared/search/search-serialize";
import { BASE_URL } from "./support/e2e-env";
import { expect, signInByApi, type test } from "./support/test";

type Fixtures = Parameters<Parameters<typeof test>[2]>[0];

export const SAME_ORIGIN = { Origin: BASE_URL, "Sec-Fetch-Site": "same-origin" };

/** A fresh subscriber, signed in in the page's browser context. */
export async function signedIn({ page, local }: Pick<Fixtures, "page" | "local">) {
  const user = await local.createUser();
  await signInByApi(page, user);
  return user;
}

export const search = (input: SearchInput): Search => SearchSchema.parse(input);

/** The search screen's calls for a first page, with or without a query (`?facets=top`, `?histogram=`): for page.route. */
export const FIRST_PAGE_CALL = /\/sapi\/search\/page\/0(\?[^/]*)?$/;

/** POST /sapi/search/page/{n} with the page's session: what the screen should show. */
export async function apiSearch(page: Page, input: SearchInput, pageNo = 0): Promise<SearchPageAnswer> {
  const response = await page.request.post(`/sapi/search/page/${pageNo}`, { data: search(input), headers: SAME_ORIGIN });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SearchPageAnswer;
}

export function searchUrl(input: SearchInput): string {
  return `/sok?vad=${serializeSearch(search(input))}`;
}

/** Opens /sok for a search and waits for its results. */
export async function openSearch(page: Page, input: SearchInput = emptySearch()): Promise<void> {
  await page.goto(searchUrl(input));
  await expect(page.locator(".summary__hits")).not.toHaveAttribute("data-hit-count", "");
}

/** The hit count on screen once it is settled on `expected`. */
export async function expectHitCount(page: Page, expected: number): Promise<void> {
  await expect(page.locator(".summary__hits")).toHaveAttribute("data-hit-count", String(expected));
  await expect(page.locator(".summary__count")).not.toHaveClass(/stale/);
}

export async function shownHitCount(page: Page): Promise<number> {
  await expect(page.locator(".summary__count")).not.toHaveClass(/stale/);
  return Number(await page.locator(".summary__hits").getAttribute("data-hit-count"));
}

/** The search in the page's address. */
export function searchInUrl(page: Page): Search {
  const vad = new URL(page.url()).searchParams.get("vad");
  const parsed = deserializeSearch(vad ?? "");
  if (!parsed.success) throw new Error(`no readable vad in ${page.url()}`);
  return parsed.data;
}

/** Reads "1 234" (Swedish grouping) as a number. */
export function readNumber(text: string | null): number {
  return Number((text ?? "").replace(/[\s\u00a0\u202f]/g, "").replace("\u2212", "-"));
}

/** A sidebar filter row: its checkbox and the selection / all-of-Sweden counts shown beside it. */
export async function facetCounts(page: Page, code: string, group: string) {
  const row = page
    .getByRole("list", { name: group })
    .locator(".facet")
    .filter({ has: page.locator(`input[data-code="${code}"]`) });
  return {
    checkbox: row.getByRole("checkbox"),
    count: readNumber(await row.locator(".facet__count").textContent()),
    allCount: readNumber(await row.locator(".facet__all").textContent()),
  };
}

/** Lines in the sidebar that end inside a word: only a space, a hyphen or a soft hyphen (drawn as "-") may end one. */
export async function midWordBreaks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.querySelector(".sidebar") ?? document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      let lineTop: number | null = null;
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rects = range.getClientRects();
        const rect = rects[rects.length - 1];
        if (!rect || rect.width === 0) continue;
        if (lineTop !== null && rect.top > lineTop + 2 && !/[\s\u00ad/–-]/.test(text[i - 1] ?? " "))
          found.push(`${text.slice(0, i)}|${text.slice(i)}`);
        lineTop = rect.top;
      }
    }
    return found;
  });
}
