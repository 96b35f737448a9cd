import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, NON_DOCUMENT_CSP, refuseCrossSitePost, withSecurityHeaders } from "./security-headers.server";

describe("withSecurityHeaders", () => {
  it("gives a redirect the deny-all policy, nosniff, no framing and the referrer policy; HSTS only over https", () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/engangskod/abc" } });
    const overHttp = withSecurityHeaders(redirect.clone(), false);
    expect(overHttp.status).toBe(302);
    expect(overHttp.headers.get("Location")).toBe("/engangskod/abc");
    expect(overHttp.headers.get("Content-Security-Policy")).toBe(NON_DOCUMENT_CSP);
    expect(overHttp.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(overHttp.headers.get("X-Frame-Options")).toBe("DENY");
    expect(overHttp.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(overHttp.headers.has("Strict-Transport-Security")).toBe(false);
    expect(withSecurityHeaders(redirect, true).headers.get("Strict-Transport-Security")).toMatch(/^max-age=31536000/);
  });

  it("keeps a page's own policy and referrer policy, and the body", async () => {
    const page = new Response("<p>årsredovisning</p>", {
      headers: { "Content-Security-Policy": contentSecurityPolicy("abc", false, false), "Referrer-Policy": "no-referrer" },
    });
    const secured = withSecurityHeaders(page, false);
    expect(secured.headers.get("Content-Security-Policy")).toContain("'nonce-abc'");
    expect(secured.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(await secured.text()).toBe("<p>årsredovisning</p>");
  });

  it("makes an answer that does not say how it may be cached private and unstored (Remix data carries the user's data)", () => {
    const data = withSecurityHeaders(new Response("{}", { headers: { "Content-Type": "text/x-script" } }), false);
    expect(data.headers.get("Cache-Control")).toBe("private, no-store");
    const asset = withSecurityHeaders(new Response("x", { headers: { "Cache-Control": "public, max-age=31536000, immutable" } }), false);
    expect(asset.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("works on a response whose headers are immutable (a service-binding answer)", () => {
    const immutable = Response.redirect("https://urval.example/logga-in", 302);
    expect(() => immutable.headers.set("X-Test", "1")).toThrow();
    expect(withSecurityHeaders(immutable, true).headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts only from this origin and with the nonce; never inline or eval", () => {
    const policy = contentSecurityPolicy("n0nce", false, true);
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-n0nce'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("upgrade-insecure-requests");
    expect(policy).not.toMatch(/unsafe-(inline|eval)/);
  });
});

describe("refuseCrossSitePost", () => {
  const form = (headers: Record<string, string>, method = "POST") => new Request("http://localhost:8787/kontakt", { method, headers });

  it("answers another site's form post with 403 and the Swedish message instead of Remix's 500", async () => {
    const refused = refuseCrossSitePost(form({ "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }));
    expect(refused?.status).toBe(403);
    expect(await refused?.text()).toBe("Begäran kom inte från Urvals webbplats och har stoppats.");
    expect(refuseCrossSitePost(form({ Origin: "null" }))?.status).toBe(403);
    expect(refuseCrossSitePost(form({}))?.status).toBe(403);
  });

  it("lets this site's posts and every page load through", () => {
    expect(refuseCrossSitePost(form({ "Sec-Fetch-Site": "same-origin" }))).toBeNull();
    expect(refuseCrossSitePost(form({ Origin: "http://localhost:8787" }))).toBeNull();
    expect(refuseCrossSitePost(form({ "Sec-Fetch-Site": "cross-site" }, "GET"))).toBeNull();
  });
});
