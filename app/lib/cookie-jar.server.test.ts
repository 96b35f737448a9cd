import { describe, expect, it } from "vitest";
import { applySetCookies, parseCookieHeader } from "./cookie-jar.server";

describe("cookie jar", () => {
  it("parses a Cookie header", () => {
    expect([...parseCookieHeader("a=1; __Host-b=x=y; bad")]).toEqual([
      ["a", "1"],
      ["__Host-b", "x=y"],
    ]);
    expect(parseCookieHeader(null).size).toBe(0);
  });

  it("replaces, adds and removes cookies like a browser", () => {
    const next = applySetCookies("__Host-urval-session=old; __Host-urval-refresh=r1; other=1", [
      "__Host-urval-session=new; Max-Age=900; Path=/; HttpOnly; Secure; SameSite=Lax",
      "__Host-urval-refresh=r2; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax",
      "other=; Max-Age=0; Path=/",
      "added=yes; Path=/",
      "gone=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    ]);
    expect(next).toBe("__Host-urval-session=new; __Host-urval-refresh=r2; added=yes");
  });
});
