import { describe, expect, it } from "vitest";
import { describeContext, describeUnit, type RawContext } from "./contexts";

function raw(values: Partial<RawContext>): RawContext {
  return { id: "c", startDate: null, endDate: null, instant: null, members: [], hasTypedMember: false, ...values };
}

describe("contexts", () => {
  it("read durations and instants from their dates", () => {
    expect(describeContext(raw({ startDate: "2024-01-01", endDate: " 2024-12-31 " })).period).toEqual({
      kind: "duration",
      start: "2024-01-01",
      end: "2024-12-31",
    });
    expect(describeContext(raw({ instant: "2024-12-31T00:00:00" })).period).toEqual({ kind: "instant", date: "2024-12-31" });
    expect(describeContext(raw({ startDate: "2024-12-31", endDate: "2024-01-01" })).period).toBeNull();
    expect(describeContext(raw({ instant: "31.12.2024" })).period).toBeNull();
  });

  it("tell the group's figures, the company's and breakdowns apart by explicit members", () => {
    const scope = (members: string[], hasTypedMember = false) =>
      describeContext(raw({ instant: "2024-12-31", members, hasTypedMember })).scope;
    expect(scope([])).toBe("company");
    expect(scope(["KoncernMember"])).toBe("group");
    expect(scope(["KoncernenMember", "koncernredovisningMember"])).toBe("group");
    expect(scope(["ModerforetagMember"])).toBe("company");
    expect(scope(["ModerbolagetMember"])).toBe("company");
    expect(scope(["KoncernMember", "ModerforetagMember"])).toBeNull();
    expect(scope(["KoncernMember", "AktiekapitalMember"])).toBeNull();
    expect(scope(["KoncernforetagMember"])).toBeNull();
    expect(scope(["AktiekapitalMember"])).toBeNull();
    expect(scope([], true)).toBeNull();
  });
});

describe("units", () => {
  const iso = (local: string) => ({ ns: "http://www.xbrl.org/2003/iso4217", local });
  it("know a currency by the ISO 4217 namespace of its one measure", () => {
    expect(describeUnit([iso("SEK")], []).currency).toBe("SEK");
    expect(describeUnit([{ ns: "http://example.com", local: "SEK" }], []).currency).toBeNull();
    expect(describeUnit([iso("SEK")], [{ ns: "http://www.xbrl.org/2003/instance", local: "shares" }]).currency).toBeNull();
    expect(describeUnit([iso("SEK")], []).key).toBe(describeUnit([iso("SEK")], []).key);
  });
});
