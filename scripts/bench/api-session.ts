/** HTTP helpers of the API benchmark: sign in like a browser, check each query's answer once, upload the include list. */
import { createReadStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import { SEARCH_REQUEST_ID_HEADER, SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import { type Credentials, sameOriginHeadersOf, signInToStack } from "#tests/support/stack-client";
import type { BenchQuery } from "./api-queries";

/** The headers a browser sends with the search page's API calls, for a session's Cookie header. */
export function apiHeaders(cookie: string, url: string): Record<string, string> {
  return {
    Cookie: cookie,
    ...sameOriginHeadersOf(new URL(url).origin),
    "Content-Type": "application/json",
    [SEARCH_REQUEST_ID_HEADER]: "1",
  };
}

/** apiHeaders of a fresh session (signs in and accepts the terms first). */
export async function browserHeaders(url: string, account: Credentials): Promise<Record<string, string>> {
  return apiHeaders(await signInToStack(url, account, { acceptTerms: true }), url);
}

/** A built client asset (served by the platform's asset handling; no worker code of ours runs for it). */
export async function staticAssetPath(url: string): Promise<string> {
  const html = await (await fetch(`${url}/logga-in`)).text();
  const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  if (!asset) throw new Error(`${url}: no /assets/*.js script in /logga-in`);
  return asset;
}

/** The server-rendered search page must render for the signed-in user (not redirect to /logga-in) before it is measured. */
export async function checkSearchPage(url: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(`${url}/sok`, { headers: { Cookie: headers.Cookie ?? "" }, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200 || !html.includes("<html")) throw new Error(`GET ${url}/sok: ${response.status}, not the rendered page`);
}

/** Runs a query once and checks the answer against the contract; returns its hit count. */
export async function checkQuery(url: string, headers: Record<string, string>, query: BenchQuery): Promise<number> {
  const response = await fetch(`${url}/sapi/search/page/${query.page}`, { method: "POST", headers, body: JSON.stringify(query.search) });
  if (response.status !== 200) throw new Error(`${query.name}: ${response.status} ${await response.text()}`);
  const answer = SearchPageAnswerSchema.parse(await response.json());
  if (answer.page !== query.page) throw new Error(`${query.name}: asked for page ${query.page}, got ${answer.page}`);
  return answer.results.hitCount;
}

export async function fetchDocumentCount(url: string): Promise<number> {
  const health = z.object({ documents: z.number() }).parse(await (await fetch(`${url}/sapi/health`)).json());
  return health.documents;
}

/** Every `step`-th organisation number of a dataset's companies.ndjson until `count` are taken. */
async function sampleOrgNumbers(sourceDir: string, count: number): Promise<string[]> {
  const numbers: string[] = [];
  const lines = createInterface({ input: createReadStream(path.join(sourceDir, "companies.ndjson")) });
  let index = 0;
  for await (const line of lines) {
    if (index++ % 7 === 0) numbers.push(z.object({ orgNo: z.string() }).parse(JSON.parse(line)).orgNo);
    if (numbers.length >= count) break;
  }
  lines.close();
  return numbers;
}

const ListFilesSchema = z.array(z.object({ id: z.number(), name: z.string() }).loose());

/**
 * Uploads `count` organisation numbers as a CSV list file (search context seqNo 1); returns the new file's id. The
 * lists of earlier runs are removed first: a search context holds at most 100 list files.
 */
export async function uploadIncludeList(url: string, headers: Record<string, string>, sourceDir: string, count: number) {
  const numbers = await sampleOrgNumbers(sourceDir, count);
  const form = new FormData();
  const name = `bench-include-${Date.now()}.csv`;
  form.append("listFile", new Blob([`Organisationsnummer\n${numbers.join("\n")}\n`], { type: "text/csv" }), name);
  const { "Content-Type": _json, ...formHeaders } = headers;
  const earlier = ListFilesSchema.parse(await (await fetch(`${url}/sapi/list-file/get/1`, { headers: formHeaders })).json());
  for (const file of earlier.filter((entry) => entry.name.startsWith("bench-include-"))) {
    const removed = await fetch(`${url}/sapi/list-file/delete/${file.id}`, { method: "POST", headers: formHeaders });
    if (removed.status !== 204) throw new Error(`removing an earlier run's list file failed: ${removed.status} ${await removed.text()}`);
  }
  const added = await fetch(`${url}/sapi/list-file/add/1`, { method: "POST", headers: formHeaders, body: form });
  if (added.status !== 200) throw new Error(`list-file upload failed: ${added.status} ${await added.text()}`);
  const files = ListFilesSchema.parse(await (await fetch(`${url}/sapi/list-file/get/1`, { headers: formHeaders })).json());
  const file = files.find((entry) => entry.name === name);
  if (!file) throw new Error("the uploaded list file is not listed");
  return file.id;
}
