/** A reindex's stages, its progress events and its report: the same shape for both backends. */
import type { MonitoringStageResult } from "./monitoring/stage";

export type ReindexStage =
  | "prepare"
  | "documents"
  | "companies"
  | "worksites"
  | "index"
  | "snapshot"
  | "verify"
  | "changes"
  | "switch"
  | "warm"
  | "cleanup"
  | "grace";

export interface ReindexProgress {
  stage: ReindexStage;
  done: number;
  total: number;
}

export interface ReindexResult {
  version: number;
  previousVersion: number | null;
  companies: number;
  worksites: number;
  snapshotBytes: number;
  removedVersions: number[];
  /** Versions of interrupted earlier runs removed before this one started. */
  orphansRemoved: number[];
  seconds: Record<string, number>;
  /** Bevakning: the change set from the previous version (null on a first index) and what was staged for users. */
  changes: ChangesSummary | null;
}

export interface ChangesSummary {
  added: number;
  removed: number;
  changed: number;
  monitoring: Omit<MonitoringStageResult, "userIds"> | { error: string };
}

export class ReindexError extends Error {
  constructor(
    readonly stage: ReindexStage,
    cause: unknown,
  ) {
    super(`reindex failed while ${stage}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "ReindexError";
  }
}
