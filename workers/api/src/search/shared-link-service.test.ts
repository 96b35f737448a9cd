import { describe, expect, it } from "vitest";
import { SharedLinkIdSchema, SHARED_LINK_ID_LENGTH } from "#shared/api-contracts/search-api";
import { newSharedLinkId } from "./shared-link-service";

describe("newSharedLinkId", () => {
  it("gives 16 base62 characters that pass the id schema", () => {
    const id = newSharedLinkId();
    expect(id).toHaveLength(SHARED_LINK_ID_LENGTH);
    expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(SharedLinkIdSchema.safeParse(id).success).toBe(true);
  });

  it("does not repeat and uses the whole alphabet about evenly", () => {
    const ids = Array.from({ length: 4000 }, () => newSharedLinkId());
    expect(new Set(ids).size).toBe(ids.length);
    const counts = new Map<string, number>();
    for (const ch of ids.join("")) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 64 000 characters over 62 symbols: about 1032 each; a biased generator (e.g. byte % 62) would skew the first 8.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(850);
      expect(count).toBeLessThan(1230);
    }
  });
});
