import { describe, expect, it } from "vitest";
import { deserializeSearch } from "#shared/search/search-serialize";
import { withOnlyText } from "./search/search-edit";
import { detailIdOf } from "./search/detail-address";
import { launchHeaderSearch, searchForText, setTextSearchHandler } from "./search-launch";

const locationOf = (href: string) => new URL(href, "http://x").search;

describe("launchHeaderSearch (the header box, issue 26)", () => {
  it("off the search screen, opens /sok with the search and the record to open in its address", () => {
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
    expect(detailIdOf(locationOf(href))).toBe("4711");
  });

  it("a search without a record to open has none in its address", () => {
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
    expect(detailIdOf(locationOf(visited[1] ?? ""))).toBeNull();
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
