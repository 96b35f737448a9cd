import { describe, expect, it } from "vitest";
import { detailIdOf, withDetail } from "./detail-address";

describe("the open record in the address (issue 38)", () => {
  it("reads visa only when it is an id the API accepts", () => {
    expect(detailIdOf("?vad=jx&visa=4711")).toBe("4711");
    expect(detailIdOf("?vad=jx")).toBeNull();
    // Ten digits at most: the register's orgSeqNo has nine (decision 0007), a CFAR number eight.
    for (const bad of ["", "abc", "12345678901", "0123", "-1", "1e3"]) expect(detailIdOf(`?vad=jx&visa=${bad}`)).toBeNull();
  });

  it("sets or removes visa and keeps the search as it was written", () => {
    expect(withDetail("?vad=zAb-_9", "12")).toBe("?vad=zAb-_9&visa=12");
    expect(withDetail("?vad=zAb-_9&visa=12", "13")).toBe("?vad=zAb-_9&visa=13");
    expect(withDetail("?vad=zAb-_9&visa=12", null)).toBe("?vad=zAb-_9");
    expect(withDetail("?visa=12", null)).toBe("");
  });
});
