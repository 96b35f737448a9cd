/**
 * List files (issue 10, spec §7): upload, list and delete through the web worker into the API worker with real D1,
 * matched against a real embedded index built from the synthetic generator and stored in the harness's R2.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedBackend, parseSearch } from "#search-index/engine";
import { ListFileListSchema, type ListFile } from "#shared/api-contracts/list-files";
import { listFilesForSearch, loadListFileNumbers } from "#api/list-files/list-file-numbers";
import { ErrorBodySchema } from "#shared/errors";
import type { SearchInput } from "#shared/search/search-schema";
import { authedFetch, createTestUser, type TestUser } from "../support/factories";
import { seedIndex } from "../support/seed-index";
import { createUrvalHarness, ROOT } from "../support/worker-harness";

const harness = createUrvalHarness();
const CORPUS = path.join(ROOT, "tests/fixtures/list-files/corpus");
const HOSTILE = path.join(ROOT, "tests/fixtures/list-files/hostile");
const corpusExpected = JSON.parse(readFileSync(path.join(CORPUS, "expected.json"), "utf8")) as { files: string[]; numbers: string[] };

interface Register {
  /** orgNo → how many worksites the company has, read back from the generated source files. */
  worksitesOf: Map<string, number>;
  /** The embedded backend on the same index and documents. */
  backend: EmbeddedBackend;
}

/** A small real register from the generator, indexed the way `npm run reindex` does (tests/support/seed-index.ts). */
async function seedRegister(companies: number): Promise<Register> {
  const seeded = await seedIndex(harness, { source: { generate: companies, seed: 1010 } });
  const worksitesOf = new Map(seeded.companies.map((company) => [company.orgNo, 0]));
  const orgNoOf = new Map(seeded.companies.map((company) => [company.orgSeqNo, company.orgNo]));
  for (const worksite of seeded.worksites) {
    const orgNo = orgNoOf.get(worksite.orgSeqNo) as string;
    worksitesOf.set(orgNo, (worksitesOf.get(orgNo) ?? 0) + 1);
  }
  return { worksitesOf, backend: seeded.backend };
}

let register: Register;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  await harness.start();
  register = await seedRegister(150);
  [owner, stranger] = await Promise.all([createTestUser(harness), createTestUser(harness)]);
}, 180_000);
afterAll(() => harness.server.close());

/** multipart/form-data written out by hand (the harness's fetch does not serialise Node's FormData). */
function multipart(files: { name: string; bytes: Uint8Array }[], field = "listFile"): { body: Uint8Array; contentType: string } {
  const boundary = `----urval${crypto.randomUUID()}`;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const file of files) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    parts.push(encoder.encode(head), file.bytes, encoder.encode("\r\n"));
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(user: TestUser, seqNo: number | string, files: { name: string; bytes: Uint8Array }[], field?: string) {
  const { body, contentType } = multipart(files, field);
  return authedFetch(harness, user.cookie, `/sapi/list-file/add/${seqNo}`, {
    method: "POST",
    body,
    headers: { "Content-Type": contentType },
  });
}

const corpusFile = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(path.join(CORPUS, name))) });
const textFile = (name: string, lines: string[]) => ({ name, bytes: new TextEncoder().encode(lines.join("\r\n")) });

async function listOf(user: TestUser, seqNo: number): Promise<ListFile[]> {
  const response = await authedFetch(harness, user.cookie, `/sapi/list-file/get/${seqNo}`);
  expect(response.status).toBe(200);
  return ListFileListSchema.parse(await response.json());
}

async function errorOf(response: Awaited<ReturnType<typeof upload>>) {
  return ErrorBodySchema.parse(await response.json());
}

describe("list-file upload", () => {
  it("adds several office files at once, each with the same report", async () => {
    const names = ["kundlista.xlsx", "kundlista.xls", "kundlista.docx", "kundlista-utf-16.csv", "kundlista-windows-1252.txt"];
    const response = await upload(owner, 11, names.map(corpusFile));
    expect(response.status).toBe(200);
    const added = ListFileListSchema.parse(await response.json());
    expect(added.map((f) => f.name)).toEqual(names);
    for (const file of added) {
      expect(file.seqNo).toBe(11);
      expect(file.report).toMatchObject({ valid: corpusExpected.numbers.length, invalid: 3, duplicates: 4 });
      expect(file.report.invalidExamples).toHaveLength(3);
    }
    expect((await listOf(owner, 11)).map((f) => f.id)).toEqual(added.map((f) => f.id));
    const numbers = await loadListFileNumbers((await harness.api().getEnv()).DB, owner.userId, [added[0]!.id]);
    expect(numbers.get(added[0]!.id)).toEqual(corpusExpected.numbers);
  });

  it("reports how many numbers are in the register and how many worksites they cover; Antal is the found count", async () => {
    const known = [...register.worksitesOf.keys()].slice(0, 40);
    const unknown = ["556016-0680", "202100-5448"].filter((n) => !register.worksitesOf.has(n));
    const lines = [
      "Organisationsnummer;Namn",
      ...known.map((n, i) => `${i % 2 ? n.replace("-", "") : n};Kund ${i}`),
      ...unknown,
      "556016-0681",
    ];
    const response = await upload(owner, 12, [textFile("kunder.csv", lines)]);
    expect(response.status).toBe(200);
    const [file] = ListFileListSchema.parse(await response.json());
    const worksites = known.reduce((sum, n) => sum + (register.worksitesOf.get(n) ?? 0), 0);
    expect(file?.report).toMatchObject({
      valid: known.length + unknown.length,
      invalid: 1,
      foundInRegister: known.length,
      worksitesCovered: worksites,
    });
    expect(file?.size).toBe(known.length);
  });

  it("refuses a hostile file with a Swedish message naming it, and stores nothing of the whole upload", async () => {
    const before = await listOf(owner, 13);
    const bomb = { name: "zip-bomb.xlsx", bytes: new Uint8Array(readFileSync(path.join(HOSTILE, "zip-bomb.xlsx"))) };
    const response = await upload(owner, 13, [corpusFile("kundlista.xlsx"), bomb]);
    expect(response.status).toBe(400);
    const body = await errorOf(response);
    expect(body).toMatchObject({ type: "USER_MESSAGE", code: "LIST_FILE_ZIP_BOMB" });
    expect(body.message).toContain('Filen "zip-bomb.xlsx"');
    expect(await listOf(owner, 13)).toEqual(before);
  });

  it("refuses a missing seqNo and a request without files as VALIDATION", async () => {
    const noSeq = await upload(owner, "", [corpusFile("kundlista.xlsx")]);
    expect(noSeq.status).toBe(400);
    expect(await errorOf(noSeq)).toMatchObject({ type: "VALIDATION", issues: [{ path: "seqNo" }] });
    const listNoSeq = await authedFetch(harness, owner.cookie, "/sapi/list-file/get/");
    expect(await errorOf(listNoSeq)).toMatchObject({ type: "VALIDATION", issues: [{ path: "seqNo" }] });
    const wrongField = await upload(owner, 14, [corpusFile("kundlista.xlsx")], "fil");
    expect(await errorOf(wrongField)).toMatchObject({ type: "VALIDATION", issues: [{ path: "listFile" }] });
    const notMultipart = await authedFetch(harness, owner.cookie, "/sapi/list-file/add/14", { method: "POST", body: "5560160680" });
    expect(await errorOf(notMultipart)).toMatchObject({ type: "VALIDATION", issues: [{ path: "listFile" }] });
  });

  it("needs a signed-in subscriber", async () => {
    const response = await authedFetch(harness, "", "/sapi/list-file/get/1");
    expect(response.status).toBe(401);
  });
});

describe("list-file ownership", () => {
  it("hides another user's files: not listed, not deletable (404), not usable in a search (VALIDATION)", async () => {
    const response = await upload(owner, 21, [corpusFile("kundlista-utf-8.tsv")]);
    const [file] = ListFileListSchema.parse(await response.json());
    const id = file!.id;
    expect(await listOf(stranger, 21)).toEqual([]);
    const deleteByStranger = await authedFetch(harness, stranger.cookie, `/sapi/list-file/delete/${id}`, { method: "POST" });
    expect(deleteByStranger.status).toBe(404);
    const db = (await harness.api().getEnv()).DB;
    await expect(listFilesForSearch(db, stranger.userId, { excludeFile: [id] })).rejects.toMatchObject({
      type: "VALIDATION",
      issues: [{ path: "numSet.excludeFile.0", message: "Okänd listfil" }],
    });
    const map = await listFilesForSearch(db, owner.userId, { includeFile: [id] });
    expect(map?.get(id)).toEqual(corpusExpected.numbers);
    expect(await listFilesForSearch(db, owner.userId, {})).toBeUndefined();
  });

  it("deletes the owner's file and its numbers", async () => {
    const response = await upload(owner, 22, [corpusFile("kundlista-utf-8.csv")]);
    const [file] = ListFileListSchema.parse(await response.json());
    const deleted = await authedFetch(harness, owner.cookie, `/sapi/list-file/delete/${file!.id}`, { method: "POST" });
    expect(deleted.status).toBe(204);
    expect(await listOf(owner, 22)).toEqual([]);
    const env = await harness.api().getEnv();
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM list_file_numbers WHERE file_id = ?")
      .bind(file!.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    const again = await authedFetch(harness, owner.cookie, `/sapi/list-file/delete/${file!.id}`, { method: "POST" });
    expect(again.status).toBe(404);
  });
});

describe("list files in a search (embedded backend on the same index and documents)", () => {
  it("includeFile limits the hits to the file's companies, excludeFile removes them, for companies and worksites", async () => {
    const orgNos = [...register.worksitesOf.keys()];
    const listed = orgNos.slice(10, 35);
    const response = await upload(owner, 31, [textFile("urval.txt", listed)]);
    const [file] = ListFileListSchema.parse(await response.json());
    const env = await harness.api().getEnv();
    const { backend } = register;
    const hits = async (input: SearchInput) => {
      const search = parseSearch(input);
      const listFiles = await listFilesForSearch(env.DB, owner.userId, search.numSet);
      return (await backend.search(search, { listFiles })).hitCount;
    };
    const all = await hits({ resultType: "COMPANY" });
    expect(all).toBe(orgNos.length);
    expect(await hits({ resultType: "COMPANY", numSet: { includeFile: [file!.id] } })).toBe(listed.length);
    expect(await hits({ resultType: "COMPANY", numSet: { excludeFile: [file!.id] } })).toBe(all - listed.length);
    const covered = file!.report.worksitesCovered;
    expect(covered).toBe(listed.reduce((sum, n) => sum + (register.worksitesOf.get(n) ?? 0), 0));
    expect(await hits({ resultType: "WORKSITE", numSet: { includeFile: [file!.id] } })).toBe(covered);
  });
});
