/**
 * A simulated subscriber's session (scenario 1): sign in, accept the terms, load the user and the reference data, then
 * until the deadline: search, page, open a detail, now and then share the search, upload a list file and search with
 * it, or export and download the file; with a think time between steps. Every answer is parsed with its contract and
 * checked by the oracle in load-checks.ts; anything else is a wrong answer.
 */
import { read as readXlsx, utils as xlsxUtils } from "@e965/xlsx";
import {
  EntityAnswerSchema,
  INDEX_VERSION_HEADER,
  REFDATA_NAMES,
  SearchAnswerSchema,
  SearchPageAnswerSchema,
  SharedLinkAnswerSchema,
} from "#shared/api-contracts/search-api";
import { ExtractionJobSchema, IDEMPOTENCY_KEY_HEADER } from "#shared/api-contracts/extraction";
import { ActiveUserSchema } from "#shared/api-contracts/subscription";
import { ListFileListSchema } from "#shared/api-contracts/list-files";
import type { SearchInput } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";
import { parseSearch } from "#search-index/engine";
import type { DatasetFacts } from "./datasets";
import { checkRecords, type CheckedRecord, type VersionBook } from "./load-checks";
import type { SubscriberClient } from "./load-client";
import type { LoadStats } from "./load-stats";

export interface SubscriberPlan {
  username: string;
  password: string;
  /** Shared by all subscribers; the run may move it later (to see the reindex through). */
  deadline: { at: number };
  searches: readonly SearchInput[];
  /** Organisation numbers to build list files from. */
  listSource: DatasetFacts;
  /** Exports this subscriber makes (spread over the session). */
  exports: number;
  /** Think time between steps, ms (uniform in [min, max]). */
  think: [number, number];
  random: () => number;
}

interface Ctx {
  client: SubscriberClient;
  stats: LoadStats;
  book: VersionBook;
  plan: SubscriberPlan;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function wrong(ctx: Ctx, call: string, detail: string) {
  ctx.stats.fail(call, "wrong", detail);
}

function parseWith<T>(
  ctx: Ctx,
  call: string,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: unknown } },
  value: unknown,
): T | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  wrong(ctx, call, `contract: ${String(parsed.error).slice(0, 300)}`);
  return null;
}

async function signIn(ctx: Ctx): Promise<boolean> {
  const { client, plan } = ctx;
  if (!(await client.signIn(plan))) return false;
  await Promise.all(REFDATA_NAMES.map((name) => client.call("refdata", `/sapi/refdata/${name}`)));
  return (await activeUser(ctx)) !== null;
}

async function activeUser(ctx: Ctx): Promise<number | null> {
  const answer = await ctx.client.call("active-user", "/sapi/subscription/active-user");
  const user = answer && parseWith(ctx, "active-user", ActiveUserSchema, answer.body);
  return user ? user.subscription.extractionRecordsLeft : null;
}

/** One page; returns the records and the version, or null after a failure or a wrong answer. */
async function searchPage(ctx: Ctx, search: SearchInput, page: number) {
  const call = page === 0 ? "search page 0" : "search page n";
  const answer = await ctx.client.postJson(call, `/sapi/search/page/${page}`, search, {
    headers: { "X-Search-Request-Id": String(page + 1) },
  });
  if (!answer) return null;
  const parsed = parseWith(ctx, call, SearchPageAnswerSchema, answer.body);
  if (!parsed) return null;
  const version = Number(answer.headers.get(INDEX_VERSION_HEADER));
  const dataset = ctx.book.datasetOf(version);
  if (!dataset) return (wrong(ctx, call, `unknown index version ${answer.headers.get(INDEX_VERSION_HEADER)}`), null);
  const { hitCount } = parsed.results;
  const records = parsed.results.records as unknown as CheckedRecord[];
  const problems = checkRecords(search, page, hitCount, records, dataset);
  const hitProblem = ctx.book.noteHitCount(version, serializeSearch(parseSearch(search).normalised), hitCount);
  if (hitProblem) problems.push(hitProblem);
  if (parsed.page !== page) problems.push(`asked for page ${page}, got ${parsed.page}`);
  if (problems.length > 0) return (wrong(ctx, call, problems.slice(0, 3).join("; ")), null);
  return { records, version, hitCount, serializedSearch: parsed.serializedSearch };
}

async function openDetail(ctx: Ctx, record: CheckedRecord, resultType: SearchInput["resultType"]) {
  const answer = await ctx.client.call("details", `/sapi/details/entity/${record.orgSeqNo}`);
  const entity = answer && parseWith(ctx, "details", EntityAnswerSchema, answer.body);
  if (!answer || !entity) return;
  const dataset = ctx.book.datasetOf(Number(answer.headers.get(INDEX_VERSION_HEADER)));
  const name = (entity as { name?: string }).name;
  if (!dataset) wrong(ctx, "details", `unknown index version ${answer.headers.get(INDEX_VERSION_HEADER)}`);
  else if (resultType !== "WORKSITE" && name !== dataset.names.get(record.orgSeqNo))
    wrong(ctx, "details", `orgSeqNo ${record.orgSeqNo} is "${name}", dataset says "${dataset.names.get(record.orgSeqNo)}"`);
}

async function share(ctx: Ctx, serializedSearch: string) {
  const created = await ctx.client.call("share: create link", `/sapi/search/create-shared-link/${encodeURIComponent(serializedSearch)}`, {
    method: "POST",
  });
  const link = created && parseWith(ctx, "share: create link", SharedLinkAnswerSchema, created.body);
  if (!link) return;
  const id = new URL(link).pathname.split("/").pop() ?? "";
  const read = await ctx.client.call("share: open link", `/sapi/search/shared-link/${id}`);
  const search = read && parseWith(ctx, "share: open link", SearchAnswerSchema, read.body);
  if (search && serializeSearch(parseSearch(search).normalised) !== serializedSearch)
    wrong(ctx, "share: open link", "the link gives another search");
}

async function listFileRound(ctx: Ctx) {
  const { listSource, random } = ctx.plan;
  const count = 20 + Math.floor(random() * 80);
  const start = Math.floor(random() * (listSource.orgNos.length - count));
  const numbers = listSource.orgNos.slice(start, start + count);
  const form = new FormData();
  const name = `kunder-${Math.floor(random() * 1e9)}.csv`;
  form.append("listFile", new Blob([`Organisationsnummer\n${numbers.join("\n")}\n`], { type: "text/csv" }), name);
  const added = await ctx.client.call("list file: upload", "/sapi/list-file/add/1", { method: "POST", body: form });
  const files = added && parseWith(ctx, "list file: upload", ListFileListSchema, added.body);
  const file = files?.find((entry) => entry.name === name);
  if (!files) return;
  if (!file) return wrong(ctx, "list file: upload", "the uploaded file is not in the answer");
  const found = await searchPage(ctx, { resultType: "COMPANY", numSet: { includeFile: [file.id] } }, 0);
  if (found && found.hitCount > count) wrong(ctx, "search page 0", `include list of ${count} numbers gave ${found.hitCount} hits`);
  await ctx.client.call("list file: delete", `/sapi/list-file/delete/${file.id}`, { method: "POST", expect: [204] });
}

/**
 * Whether a refused count is the reindex's doing: the search asked again is answered by another index version with
 * fewer hits than the count asked for (the user who saw the old count gets "Ange ett antal mellan 1 och N").
 */
async function countChangedByReindex(ctx: Ctx, search: SearchInput, seen: { version: number }, count: number): Promise<boolean> {
  const again = await searchPage(ctx, search, 0);
  return again !== null && again.version !== seen.version && again.hitCount < count;
}

async function exportRound(ctx: Ctx, search: SearchInput, seen: { serializedSearch: string; hitCount: number; version: number }) {
  const before = await activeUser(ctx);
  if (before === null || before < 1 || seen.hitCount < 1) return;
  const count = Math.min(seen.hitCount, before, 20 + Math.floor(ctx.plan.random() * 180));
  const query = `serializedSearch=${encodeURIComponent(seen.serializedSearch)}&count=${count}`;
  const requested = await ctx.client.postJson(
    "export: request",
    `/sapi/extraction/spreadsheet?${query}`,
    { exclude: true, idNumbers: [] },
    { expect: [202, 400], headers: { [IDEMPOTENCY_KEY_HEADER]: `load-${crypto.randomUUID()}` } },
  );
  if (requested?.status === 400) {
    const code = (requested.body as { code?: unknown } | null)?.code;
    if (code === "EXPORT_COUNT_OUT_OF_RANGE" && (await countChangedByReindex(ctx, search, seen, count))) return;
    return ctx.stats.fail("export: request", "failed", `400 ${JSON.stringify(requested.body)}`);
  }
  let job = requested && parseWith(ctx, "export: request", ExtractionJobSchema, requested.body);
  const until = Date.now() + 120_000;
  while (job && (job.status === "READY" || job.status === "RUNNING") && Date.now() < until) {
    await sleep(1000);
    const polled = await ctx.client.call("export: poll", `/sapi/extraction/${job.jobId}`);
    job = polled && parseWith(ctx, "export: poll", ExtractionJobSchema, polled.body);
  }
  if (!job) return;
  if (job.status !== "DONE") return wrong(ctx, "export: poll", `job ${job.jobId} ended ${job.status} (within 120 s)`);
  const file = await ctx.client.call("export: download", `/sapi/extraction/${job.jobId}/file`, { binary: true });
  if (!file?.bytes) return;
  const sheet = readXlsx(new Uint8Array(file.bytes), { type: "array" });
  const first = sheet.Sheets[sheet.SheetNames[0] ?? ""];
  const rows = first ? xlsxUtils.sheet_to_json(first, { header: 1 }).length - 1 : -1;
  if (rows !== job.rowCount) wrong(ctx, "export: download", `file has ${rows} rows, job says ${job.rowCount}`);
  // Records this account already exported in the subscription period are free (issue 17's paid-record ledger; the
  // ledger itself is checked against the files in scenario 4): the quota falls by the job's charge, never by more
  // than its rows.
  if (job.chargedCount > rows) wrong(ctx, "export: quota", `charged ${job.chargedCount} for a file of ${rows} rows`);
  const after = await activeUser(ctx);
  if (after !== null && before - after !== job.chargedCount) {
    wrong(ctx, "export: quota", `quota ${before} → ${after} for ${job.chargedCount} charged of ${job.rowCount} rows`);
  }
}

export async function runSubscriber(client: SubscriberClient, stats: LoadStats, book: VersionBook, plan: SubscriberPlan): Promise<void> {
  const ctx: Ctx = { client, stats, book, plan };
  const think = () => sleep(plan.think[0] + plan.random() * (plan.think[1] - plan.think[0]));
  await sleep(plan.random() * 3000);
  if (!(await signIn(ctx))) return;
  const session = plan.deadline.at - Date.now();
  const exportAt = Array.from(
    { length: plan.exports },
    (_, i) => plan.deadline.at - session * ((i + 0.3 + plan.random() * 0.4) / plan.exports),
  );
  while (Date.now() < plan.deadline.at) {
    const search = plan.searches[Math.floor(plan.random() * plan.searches.length)] ?? { resultType: "COMPANY" };
    const first = await searchPage(ctx, search, 0);
    await think();
    if (!first) continue;
    if (first.hitCount > 20 && plan.random() < 0.5) await searchPage(ctx, search, 1);
    const record = first.records[Math.floor(plan.random() * first.records.length)];
    if (record && plan.random() < 0.7) await openDetail(ctx, record, search.resultType);
    const roll = plan.random();
    if (roll < 0.12) await share(ctx, first.serializedSearch);
    else if (roll < 0.22) await listFileRound(ctx);
    if (exportAt.length > 0 && Date.now() >= Math.min(...exportAt)) {
      exportAt.splice(exportAt.indexOf(Math.min(...exportAt)), 1);
      await exportRound(ctx, search, first);
    }
    await think();
  }
}
