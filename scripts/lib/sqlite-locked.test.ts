import { describe, expect, it } from "vitest";
import { isLockedOrMasked } from "./sqlite-locked";

describe("isLockedOrMasked: the D1 failures asked again after a pause", () => {
  it("takes a locked database and workerd's masked failure, and nothing else", () => {
    // As the reindex's loader received them (the masked one from a fresh-clone run's resilience scenario 3).
    expect(isLockedOrMasked('{"error":"Error: D1_ERROR: database is locked: SQLITE_BUSY"}')).toBe(true);
    expect(isLockedOrMasked("SQLITE_BUSY")).toBe(true);
    expect(
      isLockedOrMasked(
        '{"error":"Error: internal error; reference = dja1j5bhkd01v70duismh7v3\\n    at async D1DatabaseSessionAlwaysPrimary._send"}',
      ),
    ).toBe(true);
    expect(isLockedOrMasked('{"error":"Error: D1_ERROR: no such table: companies_v7: SQLITE_ERROR"}')).toBe(false);
    expect(isLockedOrMasked('{"error":"Error: D1_ERROR: UNIQUE constraint failed: companies_v7.org_seq_no"}')).toBe(false);
    expect(isLockedOrMasked("internal error")).toBe(false);
  });
});
