import { describe, expect, it, vi } from "vitest";
import { parseSearch, type SavedSearchEntry, type SavedSearchIndex } from "#search-index";
import { serializeSearch } from "#shared/search/search-serialize";
import { syncPercolator } from "./percolator-sync";

function recordingIndex(fail = false) {
  const calls: (["put", SavedSearchEntry] | ["remove", string])[] = [];
  const index: SavedSearchIndex = {
    put: async (entry) => {
      if (fail) throw new Error("cluster unavailable");
      calls.push(["put", entry]);
    },
    remove: async (id) => {
      calls.push(["remove", id]);
    },
  };
  return { index, calls };
}

const search = parseSearch({ text: "bageri", codeSet: { sni: ["10"] } });

describe("syncPercolator", () => {
  it("stores the parsed search under the saved search's id, and removes it by id", async () => {
    const { index, calls } = recordingIndex();
    await syncPercolator(index, { kind: "put", id: "abc", userId: "u1", serializedSearch: serializeSearch(search.normalised) });
    await syncPercolator(index, { kind: "delete", id: "abc" });
    expect(calls).toEqual([
      ["put", { id: "abc", userId: "u1", search }],
      ["remove", "abc"],
    ]);
  });

  it("does nothing without a percolator index (the embedded backend)", async () => {
    await expect(syncPercolator(null, { kind: "delete", id: "abc" })).resolves.toBeUndefined();
  });

  it("logs a failed update instead of throwing: D1 is the truth and the next reindex resyncs", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { index } = recordingIndex(true);
    await syncPercolator(index, { kind: "put", id: "abc", userId: "u1", serializedSearch: serializeSearch(search.normalised) }, "req-1");
    expect(logged).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(logged.mock.calls[0]?.[0]))).toMatchObject({ level: "error", requestId: "req-1", savedSearchId: "abc" });
    logged.mockRestore();
  });
});
