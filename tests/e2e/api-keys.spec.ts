/**
 * API-nycklar in Chromium (issue 47 points 1 and 2): a subscriber reaches the page from the Konto popup, creates a key
 * with chosen scopes and reads it the one time it is shown; a program then calls /v1 with plain fetches (no cookie):
 * a search with its counts (as the search screen's own call counts), a company by organisation number (with and
 * without the dash), an export job created, polled until done and downloaded in part with Range. The page shows the
 * key's last use; the key is revoked on the page and the next call is refused with the documented error body. The
 * page is axe clean and nothing on it scrolls sideways at 320–1920 px.
 */
import type { Page } from "@playwright/test";
import { CreatedApiKeySchema } from "#shared/api-contracts/api-keys";
import { ExtractionJobSchema } from "#shared/api-contracts/extraction";
import { SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import { ErrorBodySchema } from "#shared/errors";
import { CompanyDetailSchema } from "#shared/search/result-schemas";
import { LAYOUT_WIDTHS, overflowAtWidths } from "./layout-helpers";
import { apiSearch, signedIn } from "./search-helpers";
import { BASE_URL } from "./support/e2e-env";
import { expect, expectAccessible, screenshot, test } from "./support/test";

const SEARCH = { codeSet: { location: ["03"] } };
const KEY_NAME = "CRM-koppling";

/** A /v1 call as a program makes it: Node's fetch, the key as a Bearer token, no session cookie. */
function v1(key: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return fetch(`${BASE_URL}/v1${path}`, {
    method: init.method ?? "GET",
    headers: {
      Authorization: `Bearer ${key}`,
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function json(response: Response, status: number): Promise<unknown> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return JSON.parse(text) as unknown;
}

/** Creates a key on the page with all three scopes and 30 days, and reads it from the box it is shown in once. */
async function createKeyOnPage(page: Page): Promise<string> {
  const form = page.getByRole("form", { name: "Skapa en nyckel" });
  await form.getByLabel("Namn").fill(KEY_NAME);
  await expect(form.getByRole("checkbox", { name: /^Sökning/ })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: /^Export/ })).not.toBeChecked();
  await form.getByRole("checkbox", { name: /^Export/ }).check();
  await form.getByLabel("Giltighetstid").selectOption({ label: "30 dagar" });
  const created = page.waitForResponse((response) => response.url().endsWith("/sapi/api-keys") && response.request().method() === "POST");
  await form.getByRole("button", { name: "Skapa nyckel" }).click();
  const answer = CreatedApiKeySchema.parse(await (await created).json());
  await expect(page.getByRole("heading", { name: `Din nya nyckel: ${KEY_NAME}` })).toBeFocused();
  const key = await page.getByLabel("API-nyckel", { exact: true }).inputValue();
  expect(key).toMatch(/^urv_[A-Za-z0-9]{12}_[A-Za-z0-9]{32}$/);
  expect(key).toBe(answer.key);
  return key;
}

async function exportByApi(key: string) {
  const body = { search: SEARCH, count: 3, format: "csv" };
  const created = ExtractionJobSchema.parse(
    await json(await v1(key, "/exports", { method: "POST", body, headers: { "Idempotency-Key": "e2e-api-keys-0001" } }), 202),
  );
  await expect
    .poll(async () => ExtractionJobSchema.parse(await json(await v1(key, `/exports/${created.jobId}`), 200)).status, { timeout: 30_000 })
    .toBe("DONE");
  const whole = await v1(key, `/exports/${created.jobId}/file`);
  expect(whole.status).toBe(200);
  const file = Buffer.from(await whole.arrayBuffer());
  expect(file.toString("utf8")).toContain(";");
  const part = await v1(key, `/exports/${created.jobId}/file`, { headers: { Range: "bytes=0-99" } });
  expect(part.status).toBe(206);
  expect(part.headers.get("content-range")).toBe(`bytes 0-99/${file.length}`);
  expect(Buffer.from(await part.arrayBuffer())).toEqual(file.subarray(0, 100));
}

test("a key made on API-nycklar calls /v1 (search, company, export with Range), shows its last use, and is refused once revoked", async ({
  page,
  local,
}) => {
  test.setTimeout(120_000);
  await signedIn({ page, local });
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Konto", exact: true }).click();
  await page.getByRole("region", { name: "Konto" }).getByRole("link", { name: "API-nycklar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API-nycklar" })).toBeVisible();
  await expect(page.getByText("Du har inga API-nycklar ännu.")).toBeVisible();
  await expectAccessible(page);

  const key = await createKeyOnPage(page);
  const row = page.getByRole("row").filter({ hasText: KEY_NAME });
  await expect(row.getByRole("cell").nth(2)).toHaveText("Sökning, Företag och arbetsställen, Export");
  await expect(row.getByRole("cell").nth(4)).toHaveText("Aldrig");
  await expect(row.getByRole("cell").nth(1)).toHaveText(`${key.slice(0, 16)}_…`);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await screenshot(page, "api-keys-1366");
  const overflow = await overflowAtWidths(page, "/api-nycklar", [320, ...LAYOUT_WIDTHS]);
  expect(overflow).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "api-keys-390");
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A program's calls: the search's counts are the search screen's.
  const found = SearchPageAnswerSchema.parse(await json(await v1(key, "/search", { method: "POST", body: SEARCH }), 200));
  const onScreen = await apiSearch(page, SEARCH);
  expect(found.results.hitCount).toBeGreaterThan(0);
  expect(found.results.hitCount).toBe(onScreen.results.hitCount);
  expect(found.results.aggregations).toEqual(onScreen.results.aggregations);
  const first = found.results.records[0]!;
  if (!("orgNo" in first)) throw new Error("a company search answers companies");
  for (const orgNo of [first.orgNo, first.orgNo.replace("-", "")]) {
    const company = CompanyDetailSchema.parse(await json(await v1(key, `/companies/${orgNo}`), 200));
    expect({ orgNo: company.orgNo, name: company.name }).toEqual({ orgNo: first.orgNo, name: first.name });
  }
  await exportByApi(key);

  await page.reload();
  await expect(row.getByRole("cell").nth(4)).toHaveText(/^\d{1,2} [a-z]{3} \d{2}:\d{2}$/);

  await row.getByRole("button", { name: `Återkalla ${KEY_NAME}` }).click();
  await row.getByRole("button", { name: "Ja, återkalla" }).click();
  await expect(row.getByRole("cell").nth(5)).toHaveText(/^Återkallad \d{1,2} [a-z]{3} \d{2}:\d{2}$/);
  await expect(row.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Dina nycklar" })).toBeFocused();
  const refused = await v1(key, "/search", { method: "POST", body: SEARCH });
  expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="urval"');
  const error = ErrorBodySchema.parse(await json(refused, 401));
  expect(error).toMatchObject({ type: "UNAUTHORIZED", code: "API_KEY_REVOKED", message: "API-nyckeln är återkallad." });
  expect(error.requestId).not.toBe("");
});
