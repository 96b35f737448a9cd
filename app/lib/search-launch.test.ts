import { afterEach, describe, expect, it } from "vitest";
import { deserializeSearch } from "#shared/search/search-serialize";
import { withOnlyText } from "./search/search-edit";
import { clearPendingDetail, launchHeaderSearch, pendingDetailFor, searchForText, setTextSearchHandler } from "./search-launch";

const locationOf = (href: string) => new URL(href, "http://x").search;

describe("launchHeaderSearch (the header box, issue 26)", () => {
  afterEach(clearPendingDetail);

  it("off the search screen, opens /sok with the search and leaves the record to open for that address only", () => {
    const visited: string[] = [];
    launchHeaderSearch(
      (to) => visited.push(to),
      "WORKSITE",
      (base) => withOnlyText(base, "pizza"),
      "4711",
    );
    const [href = ""] = visited;
    const vad = new URLSearchParams(locationOf(href)).get("vad") ?? "";
    expect(deserializeSearch(vad)).toEqual({ success: true, data: searchForText("WORKSITE", "pizza") });
    expect(pendingDetailFor(locationOf(href))).toBe("4711");
    expect(pendingDetailFor(locationOf(`/sok?vad=${vad}x`))).toBeNull();
    clearPendingDetail();
    expect(pendingDetailFor(locationOf(href))).toBeNull();
  });

  it("a search without a record to open forgets an earlier one", () => {
    const visited: string[] = [];
    launchHeaderSearch(
      (to) => visited.push(to),
      "COMPANY",
      (base) => withOnlyText(base, "a"),
      "1",
    );
    launchHeaderSearch(
      (to) => visited.push(to),
      "COMPANY",
      (base) => withOnlyText(base, "a"),
    );
    expect(pendingDetailFor(locationOf(visited[1] ?? ""))).toBeNull();
  });

  it("on the search screen, hands the search and the record to the screen instead of navigating", () => {
    const handled: [string | null, string | null][] = [];
    const release = setTextSearchHandler((build, id) => handled.push([build(searchForText("COMPANY", "old")).text, id]));
    const visited: string[] = [];
    launchHeaderSearch(
      (to) => visited.push(to),
      "COMPANY",
      (base) => withOnlyText(base, "volvo"),
      "9",
    );
    release();
    launchHeaderSearch(
      (to) => visited.push(to),
      "COMPANY",
      (base) => withOnlyText(base, "saab"),
    );
    expect(handled).toEqual([["volvo", "9"]]);
    expect(visited).toHaveLength(1);
  });
});
