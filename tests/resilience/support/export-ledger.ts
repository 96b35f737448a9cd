/**
 * The export scenarios' subscriber and their check of the books (tests/resilience/export-kill.ts, and the cluster
 * failover's exports): an account with a quota, a client that requests and polls exports as the export popup does,
 * and, on the stopped stack's state, every job against its file and the quota against the records delivered: each job
 * DONE with one file or ERROR with its refund, and each record paid exactly once.
 */
import * as XLSX from "@e965/xlsx";
import { createAccount } from "#scripts/accounts/cli";
import { openLocalBindings } from "#scripts/lib/local-bindings";
import { ExtractionJobSchema, IDEMPOTENCY_KEY_HEADER, type ExtractionJob } from "#shared/api-contracts/extraction";
import { ActiveUserSchema } from "#shared/api-contracts/subscription";
import { exportFileKey } from "#shared/export-job";
import { SearchSchema } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-serialize";
import { sameOriginHeadersOf, signInToStack } from "../../support/stack-client";
import { multipartUploads, storedObjects } from "./export-kill-stack";

const ALL_COMPANIES = serializeSearch(SearchSchema.parse({}));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ExportAccount {
  userId: string;
  username: string;
  password: string;
  quota: number;
}

/** A subscriber with `quota` records to export who has accepted the terms, on a stack's state. */
export async function createExportAccount(stateDir: string, prefix: string, quota: number): Promise<ExportAccount> {
  const { env, dispose } = await openLocalBindings(stateDir);
  try {
    const tag = crypto.randomUUID().slice(0, 8);
    const account = { username: `${prefix}-${tag}`, password: `Resiliens-${tag}-Urval`, quota };
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const userId = await createAccount(env.DB, {
      ...{ username: account.username, password: account.password, quota: account.quota, expiresAt },
      ...{ email: `${account.username}@example.se`, firstName: "Resiliens", lastName: "Test" },
    });
    await env.DB.prepare("UPDATE users SET signed_terms_at = ? WHERE id = ?").bind(new Date().toISOString(), userId).run();
    return { ...account, userId };
  } finally {
    await dispose();
  }
}

export class ExportClient {
  private cookie = "";
  constructor(private readonly origin: string) {}

  private headers(extra: Record<string, string> = {}) {
    return { ...sameOriginHeadersOf(this.origin), Cookie: this.cookie, ...extra };
  }

  async signIn(account: ExportAccount) {
    this.cookie = await signInToStack(this.origin, account);
  }

  /** An export of `count` rows of the search (default: every company); its job id. */
  async requestExport(count: number, serializedSearch = ALL_COMPANIES): Promise<string> {
    const query = new URLSearchParams({ serializedSearch, count: String(count) });
    const response = await fetch(`${this.origin}/sapi/extraction/spreadsheet?${query}`, {
      method: "POST",
      headers: this.headers({ "Content-Type": "application/json", [IDEMPOTENCY_KEY_HEADER]: `kill-${crypto.randomUUID()}` }),
      body: JSON.stringify({ exclude: false, idNumbers: [] }),
    });
    if (response.status !== 202) throw new Error(`export request answered ${response.status}: ${await response.text()}`);
    return ExtractionJobSchema.parse(await response.json()).jobId;
  }

  async job(jobId: string): Promise<ExtractionJob> {
    const response = await fetch(`${this.origin}/sapi/extraction/${jobId}`, { headers: this.headers() });
    if (response.status !== 200) throw new Error(`job status answered ${response.status}`);
    return ExtractionJobSchema.parse(await response.json());
  }

  async recordsLeft(): Promise<number> {
    const response = await fetch(`${this.origin}/sapi/subscription/active-user`, { headers: this.headers() });
    return ActiveUserSchema.parse(await response.json()).subscription.extractionRecordsLeft;
  }
}

export interface LedgerFigures {
  done: number;
  error: number;
  files: number;
  rowsInFiles: number;
  /** Distinct records (organisation numbers) over all the files: what the paid-record ledger must hold. */
  recordsInFiles: number;
  charged: number;
  leftoverUploads: number;
  mismatches: string[];
}

const JobRowSchemaFields = "id, status, reserved_count, charged_count, refunded_count, row_count";
const ORG_NO_HEADER = "Organisationsnummer";

/** The values under a header in the first row of a sheet (dense mode). */
function columnValues(sheet: XLSX.WorkSheet | undefined, header: string): string[] {
  if (!sheet) return [];
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false });
  const column = (rows[0] ?? []).indexOf(header);
  return column < 0 ? [] : rows.slice(1).map((row) => String(row[column] ?? ""));
}
interface JobRow {
  id: string;
  status: string;
  reserved_count: number;
  /** Records charged through the paid-record ledger; null for a job reserved without it. */
  charged_count: number | null;
  refunded_count: number;
  row_count: number | null;
}

/**
 * checkLedger, tried again on a fresh local proxy when the proxy's own connection drops ("fetch failed: other side
 * closed", seen once on a machine with load average 8). The check only reads, so a second try sees the same state.
 */
export async function checkLedgerWithRetry(stateDir: string, account: ExportAccount, jobIds: string[]): Promise<LedgerFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await checkLedger(stateDir, account, jobIds);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof TypeError && error.message === "fetch failed")) throw error;
      console.log(`[export-ledger] the local proxy dropped its connection during the ledger check (try ${attempt}); trying again`);
      await sleep(2000);
    }
  }
}

/** On the stopped stack's state: every job against its file, and the user's quota against the rows delivered. */
export async function checkLedger(stateDir: string, account: ExportAccount, jobIds: string[]): Promise<LedgerFigures> {
  const figures: LedgerFigures = {
    ...{ done: 0, error: 0, files: 0, rowsInFiles: 0, recordsInFiles: 0, charged: 0, leftoverUploads: 0 },
    mismatches: [],
  };
  const recordsInFiles = new Set<string>();
  const { env, dispose } = await openLocalBindings(stateDir);
  try {
    const { results } = await env.DB.prepare(`SELECT ${JobRowSchemaFields} FROM export_jobs WHERE user_id = ?`)
      .bind(account.userId)
      .all<JobRow>();
    if (results.length !== jobIds.length) figures.mismatches.push(`${results.length} jobs stored, ${jobIds.length} requested`);
    for (const row of results) {
      const stored = storedObjects(stateDir, "urval-exports", `exports/${row.id}`);
      const files = [...stored.keys()].filter((key) => key.endsWith(".xlsx"));
      figures.files += files.length;
      figures.leftoverUploads += multipartUploads(stateDir, exportFileKey(row.id)).inProgress;
      if (row.status === "DONE") {
        figures.done++;
        const bytes = stored.get(exportFileKey(row.id))?.() ?? null;
        const workbook = bytes ? XLSX.read(bytes, { type: "array", dense: true }) : null;
        const sheet = workbook?.Sheets[workbook.SheetNames[0] ?? ""];
        const rows = sheet?.["!ref"] ? XLSX.utils.decode_range(sheet["!ref"]).e.r : -1; // row 0 is the header
        figures.rowsInFiles += Math.max(rows, 0);
        for (const orgNo of columnValues(sheet, ORG_NO_HEADER)) recordsInFiles.add(orgNo);
        if (files.length !== 1) figures.mismatches.push(`${row.id}: ${files.length} files`);
        if (rows !== row.row_count) figures.mismatches.push(`${row.id}: ${rows} rows in the file, ${row.row_count} recorded`);
        // A job charges only the records not yet paid in the period (issue 17) and refunds at most what it lacks.
        const unwritten = row.reserved_count - (row.row_count ?? 0);
        if (row.refunded_count > Math.min(unwritten, row.charged_count ?? row.reserved_count))
          figures.mismatches.push(`${row.id}: refund ${row.refunded_count}`);
      } else if (row.status === "ERROR") {
        figures.error++;
        if (files.length !== 0) figures.mismatches.push(`${row.id}: ERROR with a file`);
        if (row.refunded_count !== (row.charged_count ?? row.reserved_count))
          figures.mismatches.push(`${row.id}: ERROR refunded ${row.refunded_count}`);
      } else figures.mismatches.push(`${row.id}: still ${row.status}`);
    }
    const left = await env.DB.prepare("SELECT extraction_records_left AS n FROM users WHERE id = ?")
      .bind(account.userId)
      .first<{ n: number }>();
    const ledger = await env.DB.prepare("SELECT count(*) AS n FROM export_ledger WHERE user_id = ?")
      .bind(account.userId)
      .first<{ n: number }>();
    figures.charged = account.quota - (left?.n ?? Number.NaN);
    figures.recordsInFiles = recordsInFiles.size;
    // Each record in the files is paid exactly once: the quota spent, the ledger and the files' distinct records agree.
    if (figures.charged !== figures.recordsInFiles || (ledger?.n ?? -1) !== figures.recordsInFiles)
      figures.mismatches.push(
        `charged ${figures.charged}, ledger rows ${ledger?.n ?? "none"}, distinct records in files ${figures.recordsInFiles}`,
      );
    return figures;
  } finally {
    await dispose();
  }
}
