/**
 * "Hitta liknande" (issue 39 point 3, issue 48 point 5): from a company's detail pane a new, ordinary search for
 * similar companies opens, with the summary line saying what it matched and the company itself left out (a one-number
 * list file, excluded); from a worksite's pane the same search for its company; then the same from a phone-sized
 * screen's detail sheet. From the largest company it widens until at least 20 others match, keeping the user's own
 * list files and reusing the company's exclusion file.
 */
import type { Page } from "@playwright/test";
import type { CompanyRecord, WorksiteRecord } from "#shared/search/result-schemas";
import { apiSearch, expectHitCount, openSearch, SAME_ORIGIN, searchInUrl, shownHitCount, signedIn } from "./search-helpers";
import { expect, expectAccessible, test } from "./support/test";

/** Opens company `record`'s pane from the card, clicks 'Hitta liknande' and waits for the new search's summary line. */
async function findSimilar(page: Page, record: CompanyRecord, excludedFiles = 1) {
  await page.locator(`[data-record-id="${record.orgSeqNo}"] .record-card__open`).click();
  const pane = page.getByRole("complementary", { name: record.name });
  await pane.getByRole("button", { name: "Hitta liknande" }).click();
  await expect(page.locator(".summary__similar")).toContainText(`Liknar ${record.name}: `);
  // The company is not among the hits, so its pane closes by itself (spec §4).
  await expect(pane).toBeHidden();
  await expect.poll(() => searchInUrl(page).numSet.excludeFile?.length ?? 0).toBe(excludedFiles);
  return searchInUrl(page);
}

/** A company of 10–19 employees (so the sizes matched are 5–49) whose SNI group holds at least two others of that size. */
async function companyWithPeers(page: Page): Promise<CompanyRecord> {
  const records = (await apiSearch(page, { range: { numEmployees: "10_19" } })).results.records as CompanyRecord[];
  for (const record of records) {
    const sni = record.sniCodes[0];
    if (sni?.length !== 5 || !record.countyCode) continue;
    const peers = await apiSearch(page, { codeSet: { sni: [sni.slice(0, 3)] }, range: { numEmployees: "5_49" } });
    if (peers.results.hitCount >= 3) return record;
  }
  throw new Error("no company of 10–19 employees with peers in the demo data");
}

test("'Hitta liknande' opens an editable search for similar companies without the company itself", async ({ page, local }) => {
  await signedIn({ page, local });
  const company = await companyWithPeers(page);
  await openSearch(page, { text: company.orgNo });

  const similar = await findSimilar(page, company);
  const sni = similar.codeSet.sni?.[0] ?? "";
  expect(company.sniCodes[0]?.startsWith(sni)).toBe(true);
  expect(similar.codeSet.location ?? []).toEqual(similar.codeSet.location ? [company.countyCode] : []);
  expect(similar.range.numEmployees).toMatch(/^\d*_\d*$/);
  const summary = page.getByRole("region", { name: "Urvalet" });
  await expect(summary.locator(".summary__similar")).toContainText(similar.codeSet.location ? company.countyName : "hela Sverige");
  await expect(summary.locator("dd").last()).toContainText("Antal anställda");
  await expect(summary).toContainText("1 listfil exkluderad");

  // The same search as on screen, and the company itself is excluded (it matches everything else).
  const answer = await apiSearch(page, similar);
  await expectHitCount(page, answer.results.hitCount);
  expect((await apiSearch(page, { ...similar, numeric: { ...similar.numeric, orgSeqNo: company.orgSeqNo } })).results.hitCount).toBe(0);
  expect((await apiSearch(page, { ...similar, numSet: {}, numeric: { orgSeqNo: company.orgSeqNo } })).results.hitCount).toBe(1);
  await expect(page.locator(`[data-record-id="${company.orgSeqNo}"]`)).toHaveCount(0);
  await expectAccessible(page);

  // A worksite offers it through its company: the same search of companies.
  const ofCompany = { resultType: "WORKSITE", numeric: { orgSeqNo: company.orgSeqNo } } as const;
  const worksite = (await apiSearch(page, ofCompany)).results.records[0] as WorksiteRecord | undefined;
  if (!worksite) throw new Error(`${company.name} has no worksite`);
  await openSearch(page, ofCompany);
  await page.locator(`[data-record-id="${worksite.cfarNo}"] .record-card__open`).click();
  await page.getByRole("complementary", { name: worksite.name }).getByRole("button", { name: "Hitta liknande" }).click();
  await expect(page.locator(".summary__similar")).toContainText(`Liknar ${company.name}: bransch `);
  await expect.poll(() => searchInUrl(page).resultType).toBe("COMPANY");
  const fromWorksite = searchInUrl(page);
  expect([fromWorksite.codeSet, fromWorksite.range]).toEqual([similar.codeSet, similar.range]);
  expect(fromWorksite.numSet.excludeFile?.length).toBe(1);
  await expectHitCount(page, answer.results.hitCount);

  // On a phone the pane is a full-screen sheet: the action works there too, for another company of the results.
  await page.setViewportSize({ width: 390, height: 844 });
  const next = answer.results.records[0] as CompanyRecord | undefined;
  if (!next) throw new Error("the similar search found nothing");
  const again = await findSimilar(page, next);
  expect(again.numSet.excludeFile).not.toEqual(similar.numSet.excludeFile);
  await expect(page.locator(`[data-record-id="${next.orgSeqNo}"]`)).toHaveCount(0);
});

/** Uploads a list file of `orgNos` into search context `seqNo` with the page's session; its id. */
async function uploadListFile(page: Page, seqNo: number, name: string, orgNos: string[]): Promise<number> {
  const response = await page.request.post(`/sapi/list-file/add/${seqNo}`, {
    headers: SAME_ORIGIN,
    multipart: { listFile: { name, mimeType: "text/plain", buffer: Buffer.from(`${orgNos.join("\n")}\n`) } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const [file] = (await response.json()) as { id: number }[];
  return file!.id;
}

test("'Hitta liknande' from the largest company finds at least 20, keeps the user's list files, on a desktop and a phone", async ({
  page,
  local,
}) => {
  await signedIn({ page, local });
  // The first card of /sok: the largest company by turnover.
  const largest = (await apiSearch(page, {})).results.records[0] as CompanyRecord;
  // The user's own list file, excluded: three companies of the largest company's industry.
  const seqNo = 4_800_005;
  const peers = (await apiSearch(page, { codeSet: { sni: [largest.sniCodes[0]!.slice(0, 2)] } })).results.records as CompanyRecord[];
  const excludedPeers = peers.filter((p) => p.orgSeqNo !== largest.orgSeqNo).slice(0, 3);
  const ownFile = await uploadListFile(
    page,
    seqNo,
    "Befintliga kunder.txt",
    excludedPeers.map((p) => p.orgNo),
  );
  const start = { numeric: { seqNo }, numSet: { excludeFile: [ownFile] } };

  const opened: number[][] = [];
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await openSearch(page, start);
    const similar = await findSimilar(page, largest, 2);
    expect(similar.numeric.seqNo).toBe(seqNo);
    expect(similar.numSet.excludeFile).toContain(ownFile);
    opened.push(similar.numSet.excludeFile ?? []);
    expect(await shownHitCount(page)).toBeGreaterThanOrEqual(20);
    await expect(page.getByRole("region", { name: "Urvalet" })).toContainText("2 listfiler exkluderade");
    // The user's excluded companies stay out, and the company itself.
    for (const record of [...excludedPeers, largest]) {
      expect((await apiSearch(page, { ...similar, numeric: { ...similar.numeric, orgSeqNo: record.orgSeqNo } })).results.hitCount).toBe(0);
    }
  }
  // The company's exclusion file was made once and used again.
  expect(opened[1]).toEqual(opened[0]);
  const files = (await (await page.request.get(`/sapi/list-file/get/${seqNo}`, { headers: SAME_ORIGIN })).json()) as { name: string }[];
  expect(files.map((f) => f.name).sort()).toEqual(["Befintliga kunder.txt", `Liknar ${largest.name}.txt`]);
});
