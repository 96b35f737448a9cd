/**
 * What a register loader (load-bolagsverket.ts, load-scb.ts) reports and writes besides its records: the load report
 * (DIR/load-report.json, bad rows with their line numbers, the first MAX_LISTED_ISSUES of them listed) and the source
 * manifest (DIR/manifest.json) of a load that was not rejected.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { SOURCE_FORMAT, type SourceManifest } from "#search-index/engine";

export interface LoadIssue {
  line: number;
  message: string;
  /** Set for problems in another input than the loaded file (the SCB loader's Bolagsverket records). */
  file?: string;
}

/** The part of the report every loader writes; a loader's own report extends it. */
export interface LoadReport {
  file: string;
  rows: number;
  companies: number;
  issueCount: number;
  /** The first MAX_LISTED_ISSUES issues, in file order. */
  issues: LoadIssue[];
  rejected: boolean;
}

export const MAX_LISTED_ISSUES = 1000;

/** Adds `issue` to `list` while it holds fewer than MAX_LISTED_ISSUES. */
export function listIssue(list: LoadIssue[], issue: LoadIssue): void {
  if (list.length < MAX_LISTED_ISSUES) list.push(issue);
}

/** Counts a bad row and lists it. */
export function noteIssue(report: LoadReport, issue: LoadIssue): void {
  report.issueCount++;
  listIssue(report.issues, issue);
}

/** A problem that stops the load (a bad header, an empty file): counted, and listed first. */
export function noteFatal(report: LoadReport, issue: LoadIssue): void {
  report.issues.unshift(issue);
  report.issueCount++;
}

export function writeLoadReport(outDir: string, report: LoadReport): void {
  writeFileSync(path.join(outDir, "load-report.json"), JSON.stringify(report, null, 2) + "\n");
}

/** The manifest of a loaded register: its companies and no worksites (the bulk files have none). */
export function writeSourceManifest(outDir: string, companies: number, source: string): void {
  const manifest: SourceManifest = {
    format: SOURCE_FORMAT,
    seed: null,
    companies,
    worksites: 0,
    generatedAt: new Date().toISOString(),
    source,
  };
  writeFileSync(path.join(outDir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
}
