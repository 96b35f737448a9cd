import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, nextDelaySeconds, retryPolicy } from "./webhook-delivery";

describe("the webhook backoff", () => {
  it("waits 10 s, 40 s, 160 s, … after each failed attempt, at most the queue's 12 hours", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => nextDelaySeconds(DEFAULT_RETRY_POLICY, n, 0));
    expect(delays).toEqual([10, 40, 160, 640, 2560, 10240, 40960, 43200]);
  });

  it("makes its last attempt at the end of the 24 hours, then gives up", () => {
    let elapsed = 0;
    const at: number[] = [0];
    for (let attempts = 1; ; attempts++) {
      const delay = nextDelaySeconds(DEFAULT_RETRY_POLICY, attempts, elapsed * 1000);
      if (delay === null) break;
      elapsed += delay;
      at.push(elapsed);
    }
    expect(at).toEqual([0, 10, 50, 210, 850, 3410, 13650, 54610, 86400]);
    expect(at.length).toBeLessThan(20); // the queue's max_retries (workers/api/wrangler.toml) is never what stops it
  });

  it("reads shortened settings for tests and ignores nonsense", () => {
    expect(retryPolicy({ WEBHOOK_RETRY_BASE_SECONDS: "1", WEBHOOK_RETRY_WINDOW_SECONDS: "8" })).toEqual({
      baseSeconds: 1,
      windowSeconds: 8,
    });
    expect(retryPolicy({ WEBHOOK_RETRY_BASE_SECONDS: "-3", WEBHOOK_RETRY_WINDOW_SECONDS: "x" })).toEqual(DEFAULT_RETRY_POLICY);
  });
});
