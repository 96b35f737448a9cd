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
  /** The filed reports' packs no kept version names, deleted from R2 (absent when no run of this backend had packs). */
  packs?: PacksCollected;
}

export interface PacksCollected {
  deleted: number;
  kept: number;
  /** Why nothing was deleted (the replaced version's packs are not listed, or the collection failed). */
  skipped?: string;
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
