import { describe, expect, it } from "vitest";
import { isSameOriginRequest, mayChangeState } from "./same-origin";

const post = (headers: Record<string, string>, method = "POST") => new Request("https://urval.example/kontakt", { method, headers });

describe("same-origin rule", () => {
  it("accepts this site's own requests", () => {
    expect(isSameOriginRequest(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(post({ Origin: "https://urval.example" }))).toBe(true);
  });

  it("refuses other sites, sibling sites, opaque and missing origins", () => {
    const refused: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site", Origin: "https://urval.example" },
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "none" },
      { Origin: "https://evil.example" },
      { Origin: "http://urval.example" },
      { Origin: "null" },
      {},
    ];
    for (const headers of refused) {
      expect(isSameOriginRequest(post(headers)), JSON.stringify(headers)).toBe(false);
    }
  });

  it("lets safe methods through whatever their origin", () => {
    expect(mayChangeState(post({ Origin: "https://evil.example" }, "GET"))).toBe(true);
    expect(mayChangeState(post({ Origin: "https://evil.example" }, "DELETE"))).toBe(false);
  });
});
