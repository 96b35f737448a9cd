import { describe, expect, it } from "vitest";
import { DEFAULT_EXPORT_LEASE_MS, isIdleExportJob, MAX_EXPORT_CLAIMS } from "./export-job";

const now = 1_800_000_000_000;
const job = (overrides: Partial<Parameters<typeof isIdleExportJob>[0]>) => ({
  status: "RUNNING" as const,
  attempts: 1,
  lease_until: now + 1000,
  created_at: now - 5000,
  ...overrides,
});

describe("isIdleExportJob", () => {
  it("is a RUNNING job whose lease has run out, never one whose holder still has time", () => {
    expect(isIdleExportJob(job({ lease_until: now - 1 }), now)).toBe(true);
    expect(isIdleExportJob(job({ lease_until: now + 1 }), now)).toBe(false);
  });

  it("is a READY job only after a whole lease without a delivery (its message may just be waiting in the queue)", () => {
    expect(isIdleExportJob(job({ status: "READY", attempts: 0, lease_until: null, created_at: now - 10_000 }), now)).toBe(false);
    const old = job({ status: "READY", attempts: 0, lease_until: null, created_at: now - DEFAULT_EXPORT_LEASE_MS - 1 });
    expect(isIdleExportJob(old, now)).toBe(true);
    expect(isIdleExportJob({ ...old, created_at: now - 61_000 }, now, 60_000)).toBe(true);
  });

  it("is never a settled job, nor one claimed too often (the cleanup fails and refunds those)", () => {
    expect(isIdleExportJob(job({ status: "DONE", lease_until: null }), now)).toBe(false);
    expect(isIdleExportJob(job({ status: "ERROR", lease_until: null }), now)).toBe(false);
    expect(isIdleExportJob(job({ lease_until: now - 1, attempts: MAX_EXPORT_CLAIMS }), now)).toBe(false);
  });
});
