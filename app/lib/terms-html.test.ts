import { describe, expect, it } from "vitest";
import { sanitizeTermsHtml } from "./terms-html";

describe("sanitizeTermsHtml", () => {
  it("keeps plain formatting and safe links", () => {
    expect(sanitizeTermsHtml("Läs <strong>noga</strong> &amp; spara<br>texten.")).toBe("Läs <strong>noga</strong> &amp; spara<br>texten.");
    expect(sanitizeTermsHtml('Se <a href="https://urval.se/villkor">villkoren</a>')).toBe(
      'Se <a href="https://urval.se/villkor">villkoren</a>',
    );
    expect(sanitizeTermsHtml('<a href="/personuppgiftspolicy">policy</a>')).toBe('<a href="/personuppgiftspolicy">policy</a>');
  });

  it("escapes bare ampersands and angle brackets as text", () => {
    expect(sanitizeTermsHtml("A & B < C")).toBe("A &amp; B &lt; C");
  });

  it("never lets scripts, handlers or dangerous links through", () => {
    const hostile = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="https://ok" onclick="alert(1)">x</a>',
      '<strong onclick="alert(1)">x</strong>',
      '<p style="background:url(x)">x</p>',
      "<svg><script>alert(1)</script></svg>",
    ];
    for (const html of hostile) {
      const out = sanitizeTermsHtml(html);
      expect(out).not.toMatch(/<(script|img|svg|a href="javascript)/i);
      expect(out).not.toMatch(/<[^>]*\son\w+=/i);
      expect(out).not.toMatch(/<[^>]*style=/i);
    }
  });
});
