/**
 * Lighthouse in bench:ui (issue 48 point 6): npm `lighthouse` 12.2.3 (pinned: 13 wants Node 22) in its default mobile
 * preset (a Moto G Power's screen, simulated slow 4G at 150 ms round trips and 1.6 Mbit/s, CPU 4× slower) on Debian
 * Chromium, performance only, on /logga-in signed out and on /, /sok with a search and /exporter signed in. Each page
 * runs `runs` times in one browser (Lighthouse clears the HTTP cache before each run, never the cookies); the report
 * gives the median of each figure.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { ACCEPT_TERMS_PATH, type Credentials, sameOriginHeadersOf, SIGN_IN_PATH, signInBody } from "#tests/support/stack-client";
import { median } from "./ui-measure";
import { CHROMIUM_ARGS } from "./ui-profiles";

export interface LighthousePage {
  /** The page's name in the report: its path without the query. */
  name: string;
  path: string;
  signedIn: boolean;
}

export interface LighthouseFigures {
  page: string;
  runs: number;
  /** Lighthouse's performance score, 0–100. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Each run's score, in order: how far the median moved with the machine. */
  scores: number[];
  /**
   * Lighthouse's measure of the machine's speed during the runs (its `benchmarkIndex`, median): its simulation slows
   * the page's recorded CPU work by a fixed 4×, so on a busier machine the same page scores lower.
   */
  benchmarkIndex: number;
}

/** The goals of issue 48 point 6 for every page. */
export const LIGHTHOUSE_GOALS = { score: 95, lcpMs: 2_000, tbtMs: 150, cls: 0.05 };

/** Headless Chromium with a DevTools port of its own choosing (read back from DevToolsActivePort) and a fresh profile. */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "urval-lighthouse-"));
  const child: ChildProcess = spawn(
    process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    [...CHROMIUM_ARGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore" },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
  };
  for (let waited = 0; waited < 30_000; waited += 200) {
    try {
      const [port] = readFileSync(path.join(profile, "DevToolsActivePort"), "utf8").split("\n");
      if (port) return { port: Number(port), stop };
    } catch {
      // Not written yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error("Chromium did not open its DevTools port within 30 s");
}

/** Signs the browser's default profile in (the cookies land where Lighthouse's tabs open) and accepts the terms. */
async function signIn(port: number, url: string, account: Credentials): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    const headers = sameOriginHeadersOf(url);
    const signedIn = await context.request.post(`${url}${SIGN_IN_PATH}`, { data: signInBody(account), headers });
    if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()} ${await signedIn.text()}`);
    const terms = await context.request.post(`${url}${ACCEPT_TERMS_PATH}`, { headers });
    if (!terms.ok()) throw new Error(`accepting the terms failed: ${terms.status()} ${await terms.text()}`);
  } finally {
    // Only disconnects: the browser, with its cookies, stays for Lighthouse.
    await browser.close();
  }
}

/** Lighthouse's own advice for a trace it failed to record ("Please run Lighthouse again"): at most this many tries. */
const TRACE_ATTEMPTS = 3;

type Run = Omit<LighthouseFigures, "page" | "runs" | "scores">;

async function runOnce(port: number, url: string): Promise<Run> {
  let result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  // On a loaded machine the trace sometimes misses the navigation's start (NO_NAVSTART): run that page again.
  for (let attempt = 1; attempt < TRACE_ATTEMPTS && result?.lhr.runtimeError?.code === "NO_NAVSTART"; attempt++)
    result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A lost session would measure the sign-in page in the signed-in page's place.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended on ${landed}`);
  const score = lhr.categories.performance?.score;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: score === null || score === undefined ? Number.NaN : Math.round(score * 100),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    benchmarkIndex: lhr.environment.benchmarkIndex ?? Number.NaN,
  };
}

/** Runs Lighthouse `runs` times on each page (signed-out pages first) and returns each page's medians. */
export async function measureLighthouse(
  url: string,
  account: Credentials,
  pages: readonly LighthousePage[],
  runs: number,
  onRun: (page: string) => void,
): Promise<LighthouseFigures[]> {
  const chrome = await launchChromium();
  try {
    const ordered = [...pages.filter((p) => !p.signedIn), ...pages.filter((p) => p.signedIn)];
    const figures: LighthouseFigures[] = [];
    let signedIn = false;
    for (const page of ordered) {
      if (page.signedIn && !signedIn) {
        await signIn(chrome.port, url, account);
        signedIn = true;
      }
      const samples: Run[] = [];
      for (let i = 0; i < runs; i++) {
        samples.push(await runOnce(chrome.port, `${url}${page.path}`));
        onRun(page.name);
      }
      const of = (key: keyof (typeof samples)[number]) => median(samples.map((s) => s[key]));
      figures.push({
        page: page.name,
        runs,
        score: of("score"),
        lcpMs: of("lcpMs"),
        tbtMs: of("tbtMs"),
        cls: of("cls"),
        scores: samples.map((s) => s.score),
        benchmarkIndex: of("benchmarkIndex"),
      });
    }
    return figures;
  } finally {
    await chrome.stop();
  }
}

const mark = (ok: boolean) => (ok ? "✓" : "✗");

/** The report's Markdown table of the Lighthouse figures, with the goals. */
export function lighthouseTable(figures: readonly LighthouseFigures[]): string[] {
  const goals = LIGHTHOUSE_GOALS;
  return [
    `| Lighthouse, mobile preset (median of ${figures[0]?.runs ?? 0} runs) | performance score | LCP | TBT | CLS | each run's score | benchmark index |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...figures.map(
      (f) =>
        `| ${f.page} | ${f.score} ${mark(f.score >= goals.score)} | ${(f.lcpMs / 1000).toFixed(2)} s ${mark(f.lcpMs <= goals.lcpMs)} | ` +
        `${Math.round(f.tbtMs)} ms ${mark(f.tbtMs <= goals.tbtMs)} | ${f.cls.toFixed(3)} ${mark(f.cls <= goals.cls)} | ` +
        `${f.scores.join(", ")} | ${Math.round(f.benchmarkIndex)} |`,
    ),
    `| goal | ≥ ${goals.score} | ≤ ${(goals.lcpMs / 1000).toFixed(1)} s | ≤ ${goals.tbtMs} ms | ≤ ${goals.cls} | | |`,
  ];
}

/** The figures for docs/benchmarks/runs.jsonl: "Lighthouse performance, <page>: …". */
export function lighthouseRecord(figures: readonly LighthouseFigures[]): { figure: string; value: number; unit: string }[] {
  return figures.flatMap((f) => [
    { figure: `Lighthouse performance, ${f.page}: score`, value: f.score, unit: "" },
    { figure: `Lighthouse performance, ${f.page}: largest contentful paint`, value: Math.round(f.lcpMs), unit: "ms" },
    { figure: `Lighthouse performance, ${f.page}: total blocking time`, value: Math.round(f.tbtMs), unit: "ms" },
    { figure: `Lighthouse performance, ${f.page}: cumulative layout shift`, value: Number(f.cls.toFixed(3)), unit: "" },
    { figure: `Lighthouse performance, ${f.page}: benchmark index`, value: Math.round(f.benchmarkIndex), unit: "" },
  ]);
}
