import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ExportStatusSchema } from "./api-contracts/extraction";
import { ExportJobRowSchema } from "./export-job";
import {
  EXPORT_JOB_STATUSES,
  EXPORT_JOB_TRANSITIONS,
  exportJobFromStates,
  exportJobGuard,
  exportJobStatusAfter,
  findExportJobTransition,
  isSettledExportJob,
  nextExportJobStatus,
  sqlStatuses,
  type ExportJobEvent,
  type ExportJobState,
  type ExportJobTransition,
} from "./export-job-states";

const now = 1_800_000_000_000;
const token = "lease-1";
const job = (overrides: Partial<ExportJobState>): ExportJobState => ({
  status: "READY",
  lease_token: null,
  lease_until: null,
  expires_at: now + 86_400_000,
  ...overrides,
});

/** A job in the transition's from-state that meets its condition. */
function jobFor(t: ExportJobTransition): ExportJobState | null {
  if (t.from === null) return null;
  switch (t.when) {
    case "leaseHeld":
      return job({ status: t.from, lease_token: token, lease_until: now + 1000 });
    case "leaseEnded":
      return job({ status: t.from, lease_token: "other", lease_until: now });
    case "leaseLapsed":
      return job({ status: t.from, lease_token: "other", lease_until: now - 1 });
    case "expired":
      return job({ status: t.from, expires_at: now });
    case undefined:
      return job({ status: t.from });
  }
}

describe("export job states", () => {
  it("names the transitions: from-state, event, to-state, condition and what each does to the quota", () => {
    const table = EXPORT_JOB_TRANSITIONS.map(
      (t) => `${t.from ?? "-"} ${t.event}${t.when ? ` [${t.when}]` : ""} → ${t.to ?? "deleted"} (${t.quota})`,
    );
    expect(table).toEqual([
      "- reserve → READY (charge)",
      "READY undo → deleted (refundAll)",
      "READY claim → RUNNING (none)",
      "RUNNING claim [leaseEnded] → RUNNING (none)",
      "RUNNING renew [leaseHeld] → RUNNING (none)",
      "RUNNING release [leaseHeld] → RUNNING (none)",
      "RUNNING finish [leaseHeld] → DONE (refundUnwritten)",
      "RUNNING fail [leaseHeld] → ERROR (refundAll)",
      "READY abandon → ERROR (refundAll)",
      "RUNNING abandon [leaseLapsed] → ERROR (refundAll)",
      "READY expire [expired] → deleted (none)",
      "RUNNING expire [expired] → deleted (none)",
      "DONE expire [expired] → deleted (none)",
      "ERROR expire [expired] → deleted (none)",
    ]);
  });

  it.each(EXPORT_JOB_TRANSITIONS.map((t) => [`${t.from ?? "-"} ${t.event}${t.when ? ` ${t.when}` : ""}`, t] as const))(
    "performs every allowed transition: %s",
    (_, t) => {
      const from = jobFor(t);
      expect(findExportJobTransition(from, t.event, { now, token })).toBe(t);
      expect(nextExportJobStatus(from, t.event, { now, token })).toBe(t.to);
    },
  );

  it("refuses the rest", () => {
    const refused = (state: ExportJobState | null, event: ExportJobEvent, moment = { now, token }) => {
      expect(findExportJobTransition(state, event, moment)).toBeUndefined();
      expect(() => nextExportJobStatus(state, event, moment)).toThrow(`export job: ${event} refused from ${state?.status ?? "no job"}`);
    };
    const live = job({ status: "RUNNING", lease_token: "other", lease_until: now + 1 });
    refused(live, "claim"); // a live lease belongs to its holder
    refused(live, "abandon");
    refused(live, "finish"); // only the holder settles
    refused(live, "fail");
    refused(live, "release");
    refused(live, "renew"); // a lease taken over: the old holder's heartbeat finds another token
    refused(job({ status: "RUNNING", lease_token: token, lease_until: now + 1 }), "finish", { now, token: "stolen" });
    refused(job({ status: "RUNNING", lease_token: null, lease_until: null }), "finish", { now, token });
    refused(job({ status: "RUNNING", lease_token: token, lease_until: now }), "abandon"); // released this very moment
    refused(job({ status: "RUNNING", lease_token: token, lease_until: now + 1000 }), "undo"); // the delivery took it
    refused(job({ status: "READY" }), "finish");
    refused(job({ status: "READY" }), "expire"); // retention not over yet
    refused(job({ status: "READY" }), "reserve"); // a replay finds the job: no second job, no second charge
    refused(null, "claim");
    for (const status of ["DONE", "ERROR"] as const) {
      for (const event of ["reserve", "undo", "claim", "renew", "release", "finish", "fail", "abandon"] as const)
        refused(job({ status }), event);
    }
  });

  it("claims a lease that ends now, but abandons only one that ended before now", () => {
    const released = job({ status: "RUNNING", lease_token: token, lease_until: now });
    expect(nextExportJobStatus(released, "claim", { now })).toBe("RUNNING");
    expect(findExportJobTransition(released, "abandon", { now })).toBeUndefined();
    expect(nextExportJobStatus(released, "abandon", { now: now + 1 })).toBe("ERROR");
  });

  it("renews a lease only for its holder: live, or run out while nobody took it over; never after a takeover", () => {
    const held = job({ status: "RUNNING", lease_token: token, lease_until: now + 30_000 });
    expect(nextExportJobStatus(held, "renew", { now, token })).toBe("RUNNING");
    const ranOut = job({ status: "RUNNING", lease_token: token, lease_until: now - 5_000 });
    expect(nextExportJobStatus(ranOut, "renew", { now, token })).toBe("RUNNING");
    // Another delivery claimed the ended lease: its token replaced the holder's, and the holder's heartbeat is refused.
    const claimedToken = "lease-2";
    expect(nextExportJobStatus(ranOut, "claim", { now })).toBe("RUNNING");
    const takenOver = { ...ranOut, lease_token: claimedToken, lease_until: now + 60_000 };
    expect(findExportJobTransition(takenOver, "renew", { now, token })).toBeUndefined();
    expect(nextExportJobStatus(takenOver, "renew", { now, token: claimedToken })).toBe("RUNNING");
    expect(findExportJobTransition(held, "renew", { now })).toBeUndefined(); // no token, no renewal
    expect(findExportJobTransition(job({ status: "READY" }), "renew", { now, token })).toBeUndefined();
    // A renewed lease is live: nobody can claim or abandon it until it ends again.
    expect(findExportJobTransition(held, "claim", { now })).toBeUndefined();
    expect(findExportJobTransition(held, "abandon", { now })).toBeUndefined();
  });

  it("settles DONE and ERROR for good: no event but expiry leaves them", () => {
    expect(EXPORT_JOB_STATUSES.filter(isSettledExportJob)).toEqual(["DONE", "ERROR"]);
    for (const status of EXPORT_JOB_STATUSES) {
      const leaving = EXPORT_JOB_TRANSITIONS.filter((t) => t.from === status && t.event !== "expire");
      expect(leaving.length === 0).toBe(isSettledExportJob(status));
    }
  });

  it("gives each event its from-states and its one to-state", () => {
    expect(exportJobFromStates("claim")).toEqual(["READY", "RUNNING"]);
    expect(exportJobFromStates("abandon")).toEqual(["READY", "RUNNING"]);
    expect(exportJobFromStates("finish")).toEqual(["RUNNING"]);
    expect(exportJobFromStates("renew")).toEqual(["RUNNING"]);
    expect(exportJobStatusAfter("renew")).toBe("RUNNING");
    expect(exportJobFromStates("undo")).toEqual(["READY"]);
    expect(exportJobFromStates("reserve")).toEqual([]);
    expect(exportJobFromStates("expire")).toEqual([...EXPORT_JOB_STATUSES]);
    expect(sqlStatuses(exportJobFromStates("abandon"))).toBe("('READY', 'RUNNING')");
    expect(exportJobStatusAfter("reserve")).toBe("READY");
    expect(exportJobStatusAfter("claim")).toBe("RUNNING");
    expect(exportJobStatusAfter("finish")).toBe("DONE");
    expect(exportJobStatusAfter("fail")).toBe("ERROR");
    expect(exportJobStatusAfter("abandon")).toBe("ERROR");
    expect(() => exportJobStatusAfter("undo")).toThrow("undo leaves no single status");
  });

  it("writes the stores' SQL guards from the table, parameters in order", () => {
    expect(exportJobGuard("claim", { now })).toEqual({
      sql: "(status = 'READY' OR (status = 'RUNNING' AND lease_until <= ?))",
      params: [now],
    });
    expect(exportJobGuard("renew", { now, token })).toEqual({ sql: "(status = 'RUNNING' AND lease_token = ?)", params: [token] });
    expect(() => exportJobGuard("renew", { now })).toThrow("leaseHeld needs the lease token");
    expect(exportJobGuard("release", { token })).toEqual({ sql: "(status = 'RUNNING' AND lease_token = ?)", params: [token] });
    expect(exportJobGuard("finish", { token })).toEqual({ sql: "(status = 'RUNNING' AND lease_token = ?)", params: [token] });
    expect(exportJobGuard("fail", { now, token })).toEqual({ sql: "(status = 'RUNNING' AND lease_token = ?)", params: [token] });
    expect(exportJobGuard("abandon", { now })).toEqual({
      sql: "(status = 'READY' OR (status = 'RUNNING' AND lease_until < ?))",
      params: [now],
    });
    expect(exportJobGuard("undo")).toEqual({ sql: "status = 'READY'", params: [] });
    expect(() => exportJobGuard("finish")).toThrow("leaseHeld needs the lease token");
    expect(() => exportJobGuard("claim")).toThrow("leaseEnded needs now");
    expect(() => exportJobGuard("reserve")).toThrow("reserve creates the job");
  });

  it("are the statuses of the D1 table, of the row schema and of the API's answers", () => {
    const migration = readFileSync(new URL("../api/migrations/0020_create_export_jobs.sql", import.meta.url), "utf8");
    const column = /status TEXT NOT NULL DEFAULT '(\w+)' CHECK \(status IN \(([^)]*)\)\)/.exec(migration);
    expect(column?.[1]).toBe(exportJobStatusAfter("reserve"));
    expect(column?.[2]).toBe(sqlStatuses(EXPORT_JOB_STATUSES).slice(1, -1));
    expect(ExportJobRowSchema.shape.status.options).toEqual([...EXPORT_JOB_STATUSES]);
    expect(ExportStatusSchema.options).toEqual([...EXPORT_JOB_STATUSES]);
  });
});
