/** HTTP helpers of the API benchmark: sign in like a browser, check each query's answer once, upload the include list. */
import { createReadStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import { SearchPageAnswerSchema } from "#shared/api-contracts/search-api";
import type { BenchQuery } from "./api-queries";

/** Signs in with username and password; returns the Cookie header value. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const origin = new URL(url).origin;
  const response = await fetch(`${url}/api/auth/sign-in/username-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({ id: username, secret: password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
  // A fresh account must accept the terms of use before it may search (spec §8); accepting again changes nothing.
  const terms = await fetch(`${url}/sapi/subscription/accept-terms`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: origin, "Sec-Fetch-Site": "same-origin" },
  });
  if (terms.status !== 200) throw new Error(`accepting the terms failed: ${terms.status} ${await terms.text()}`);
  return cookie;
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

/** Uploads `count` organisation numbers as a CSV list file (search context seqNo 1); returns the new file's id. */
export async function uploadIncludeList(url: string, headers: Record<string, string>, sourceDir: string, count: number) {
  const numbers = await sampleOrgNumbers(sourceDir, count);
  const form = new FormData();
  const name = `bench-include-${Date.now()}.csv`;
  form.append("listFile", new Blob([`Organisationsnummer\n${numbers.join("\n")}\n`], { type: "text/csv" }), name);
  const { "Content-Type": _json, ...formHeaders } = headers;
  const added = await fetch(`${url}/sapi/list-file/add/1`, { method: "POST", headers: formHeaders, body: form });
  if (added.status !== 200) throw new Error(`list-file upload failed: ${added.status} ${await added.text()}`);
  const files = ListFilesSchema.parse(await (await fetch(`${url}/sapi/list-file/get/1`, { headers: formHeaders })).json());
  const file = files.find((entry) => entry.name === name);
  if (!file) throw new Error("the uploaded list file is not listed");
  return file.id;
}
