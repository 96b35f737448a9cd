/**
 * Scenario 5, list-file half: hostile list files (zip bombs, XXE, billion laughs, mislabelled types, a file over the
 * 20 MB limit) uploaded by one more subscriber while the load runs. Each must be refused with its error code within
 * 1 s of the API's time (Server-Timing total: reading the body through both workers and refusing it; the client's
 * time, which adds the local proxy's queue on a busy machine, is reported beside it; a file the web worker refuses
 * from its Content-Length has no API time, and the client's time counts), store nothing, and the stack's
 * memory must stay bounded: workerd's resident set (all three workers) sampled meanwhile may grow by at most
 * RSS_GROWTH_BOUND_MB.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ROOT } from "../lib/local-bindings";
import type { SubscriberClient } from "./load-client";
import { workerdRssMb } from "./stack";

const HOSTILE_DIR = path.join(ROOT, "tests/fixtures/list-files/hostile");
const ErrorBodySchema = z.object({ type: z.string(), message: z.string(), code: z.string(), requestId: z.string() });

export const REFUSAL_BOUND_MS = 1000;
export const RSS_GROWTH_BOUND_MB = 256;

export interface HostileResult {
  files: number;
  refused: number;
  /** Client-observed. */
  slowest: { name: string; ms: number };
  /** The API's own time (Server-Timing total). */
  slowestServer: { name: string; ms: number };
  problems: string[];
  rssBeforeMb: number;
  rssPeakMb: number;
}

function hostileFiles(): { name: string; bytes: Uint8Array<ArrayBuffer>; code: string }[] {
  const expected = z.record(z.string(), z.string()).parse(JSON.parse(readFileSync(path.join(HOSTILE_DIR, "expected.json"), "utf8")));
  const files = readdirSync(HOSTILE_DIR)
    .filter((name) => name in expected)
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(path.join(HOSTILE_DIR, name))), code: expected[name] ?? "" }));
  // Over the size limit: 21 MB of valid-looking lines, and a PNG claiming to be a spreadsheet.
  const line = new TextEncoder().encode("556036-0793\n");
  const big = new Uint8Array(21 * 1024 * 1024);
  for (let offset = 0; offset + line.length <= big.length; offset += line.length) big.set(line, offset);
  files.push({ name: "jattelista.txt", bytes: big, code: "LIST_FILE_TOO_LARGE" });
  return files;
}

export async function uploadHostileFiles(client: SubscriberClient, rootPid: number): Promise<HostileResult> {
  const problems: string[] = [];
  const rssBeforeMb = workerdRssMb(rootPid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, workerdRssMb(rootPid))), 200);
  let slowest = { name: "", ms: 0 };
  let slowestServer = { name: "", ms: 0 };
  let refused = 0;
  const files = hostileFiles();
  try {
    for (const file of files) {
      const form = new FormData();
      form.append("listFile", new Blob([file.bytes]), file.name);
      const started = performance.now();
      const answer = await client.call("list file: hostile upload", "/sapi/list-file/add/7", {
        method: "POST",
        body: form,
        expect: [400, 413],
      });
      const ms = Math.round(performance.now() - started);
      if (ms > slowest.ms) slowest = { name: file.name, ms };
      // Refused at the edge (the web worker, from Content-Length): no API time, so the client's time counts.
      const timing = /total;dur=([\d.]+)/.exec(answer?.headers.get("Server-Timing") ?? "")?.[1];
      const serverMs = timing === undefined ? ms : Math.round(Number(timing));
      if (!(serverMs <= slowestServer.ms)) slowestServer = { name: file.name, ms: serverMs };
      if (!(serverMs <= REFUSAL_BOUND_MS)) problems.push(`${file.name}: refused after ${serverMs} ms in the API (${ms} ms at the client)`);
      const body = answer && ErrorBodySchema.safeParse(answer.body);
      if (!body?.success) {
        problems.push(`${file.name}: ${answer ? "no error body" : "not refused"}`);
        continue;
      }
      refused++;
      if (file.code !== "LIST_FILE_TOO_LARGE" && body.data.code !== file.code)
        problems.push(`${file.name}: ${body.data.code}, expected ${file.code}`);
    }
  } finally {
    clearInterval(sampler);
  }
  const stored = await client.call("list file: list", "/sapi/list-file/get/7");
  if (!Array.isArray(stored?.body) || stored.body.length !== 0) problems.push("a refused file was stored");
  if (rssPeakMb - rssBeforeMb > RSS_GROWTH_BOUND_MB) problems.push(`workerd grew by ${rssPeakMb - rssBeforeMb} MB`);
  return { files: files.length, refused, slowest, slowestServer, problems, rssBeforeMb, rssPeakMb };
}
