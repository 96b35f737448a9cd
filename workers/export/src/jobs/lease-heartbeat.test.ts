import { describe, expect, it } from "vitest";
import { uploadMultipart } from "../r2/multipart-upload";
import { busyRetrySeconds } from "./queue-handlers";
import { HEARTBEAT_INTERVAL_MS, LeaseHeartbeat, LeaseLostError, type RenewLease } from "./lease-heartbeat";

/** A clock the test moves, and a lease store that records the renewals and can be taken over. */
function fixture(claimedAt = 1_000, intervalMs = HEARTBEAT_INTERVAL_MS) {
  const clock = { now: claimedAt };
  const renewals: { rows: number; at: number }[] = [];
  const lease = { takenOver: false, renewMs: 0 };
  const renew: RenewLease = async (rows, at) => {
    clock.now += lease.renewMs; // the renewal's own time (a slow D1 write)
    if (lease.takenOver) return false;
    renewals.push({ rows, at });
    return true;
  };
  const heartbeat = new LeaseHeartbeat("job-1", renew, claimedAt, () => clock.now, intervalMs);
  return { clock, renewals, lease, heartbeat };
}

describe("the lease heartbeat", () => {
  it("renews while rows stream once the interval has passed since the last renewal, not per chunk", async () => {
    const { clock, renewals, heartbeat } = fixture(1_000, 10_000);
    for (let chunk = 1; chunk <= 50; chunk++) {
      clock.now += 1_000; // a chunk of 500 rows a second
      await heartbeat.rowsStreamed(500);
    }
    // 50 s of streaming: a renewal at 10, 20, 30, 40 and 50 s, each with the rows written by then.
    expect(renewals).toEqual([1, 2, 3, 4, 5].map((k) => ({ rows: k * 5_000, at: 1_000 + k * 10_000 })));
    expect(heartbeat.figures()).toEqual({ beats: 5, maxGapMs: 10_000, rows: 25_000 });
  });

  it("records the rows written about once a second by default, so a short export's progress bar moves (issue 38)", async () => {
    expect(HEARTBEAT_INTERVAL_MS).toBeLessThanOrEqual(1_000);
    const { clock, renewals, heartbeat } = fixture();
    for (let chunk = 1; chunk <= 12; chunk++) {
      clock.now += 250; // a chunk of 25 rows every quarter second: a 300-row export of 3 s
      await heartbeat.rowsStreamed(25);
    }
    expect(renewals.map((r) => r.rows)).toEqual([100, 200, 300]);
  });

  it("renews after every stored part, whatever the interval, and restarts the interval there", async () => {
    const { clock, renewals, heartbeat } = fixture(1_000, 10_000);
    clock.now += 2_000;
    await heartbeat.rowsStreamed(500);
    await heartbeat.partStored();
    clock.now += 9_000;
    await heartbeat.rowsStreamed(500); // 9 s after the part's renewal: not yet
    clock.now += 1_000;
    await heartbeat.partStored();
    expect(renewals).toEqual([
      { rows: 500, at: 3_000 },
      { rows: 1_000, at: 13_000 },
    ]);
  });

  it("measures the worst gap from one renewal (or the claim) to the next renewal stored, and up to now", async () => {
    const { clock, lease, heartbeat } = fixture();
    lease.renewMs = 700;
    clock.now += 14_000; // a slow first chunk (the index loads)
    await heartbeat.rowsStreamed(500);
    expect(heartbeat.figures().maxGapMs).toBe(14_700);
    clock.now += 3_000;
    await heartbeat.partStored();
    expect(heartbeat.figures().maxGapMs).toBe(14_700);
    clock.now += 20_000; // the completion and the settling after the last renewal
    expect(heartbeat.figures().maxGapMs).toBe(20_700); // from the part's renewal at 18.7 s
  });

  it("throws LeaseLostError when a renewal finds the lease taken over, and keeps refusing after", async () => {
    const { clock, lease, heartbeat } = fixture();
    lease.takenOver = true;
    clock.now += 500;
    await heartbeat.rowsStreamed(10); // not time yet: no renewal, nothing noticed
    await expect(heartbeat.partStored()).rejects.toBeInstanceOf(LeaseLostError);
    expect(heartbeat.lost).toBe(true);
    lease.takenOver = false;
    clock.now += HEARTBEAT_INTERVAL_MS;
    await expect(heartbeat.rowsStreamed(10)).rejects.toThrow("the lease was taken over");
  });
});

describe("an upload under a heartbeat", () => {
  /** An R2 bucket that records what happens to its one multipart upload. */
  function recordingBucket() {
    const events: string[] = [];
    const bucket = {
      createMultipartUpload: async () => ({
        uploadId: "u1",
        uploadPart: async (n: number) => (events.push(`part ${n}`), { partNumber: n, etag: `e${n}` }),
        complete: async () => void events.push("complete"),
        abort: async () => void events.push("abort"),
      }),
    } as unknown as R2Bucket;
    return { bucket, events };
  }
  async function* bytes(parts: number) {
    for (let i = 0; i < parts; i++) yield new Uint8Array(8).fill(i);
  }

  it("renews after each part, the last one included, before completing", async () => {
    const { bucket, events } = recordingBucket();
    const onPartStored = async (parts: number, size: number) => void events.push(`renew ${parts} ${size}`);
    await uploadMultipart(bucket, "k", bytes(3), { partSize: 8, onPartStored });
    expect(events).toEqual(["part 1", "renew 1 8", "part 2", "renew 2 16", "part 3", "renew 3 24", "complete"]);
  });

  it("stops at a lost lease: no further part, no completion, its own upload aborted", async () => {
    const { bucket, events } = recordingBucket();
    const onPartStored = async (parts: number) => {
      if (parts === 2) throw new LeaseLostError("job-1");
    };
    await expect(uploadMultipart(bucket, "k", bytes(4), { partSize: 8, onPartStored })).rejects.toBeInstanceOf(LeaseLostError);
    expect(events).toEqual(["part 1", "part 2", "abort"]);
  });
});

describe("a delivery that finds the job held", () => {
  it("looks again after one lease and a second, when a dead holder's lease has run out", () => {
    expect(busyRetrySeconds(60_000)).toBe(61);
    expect(busyRetrySeconds(500)).toBe(2);
    expect(busyRetrySeconds(15 * 60_000)).toBe(300); // at most the queue's longest delay
  });
});
