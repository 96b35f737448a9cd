import { describe, expect, it } from "vitest";
import { generateCode, hashCode, obfuscateEmail, obfuscatePhone } from "./one-time-code";

describe("one-time codes", () => {
  it("are 6 digits, and over many draws every leading digit appears (no obvious bias)", () => {
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 20_000; i++) {
      const code = generateCode();
      expect(code).toMatch(/^\d{6}$/);
      counts[Number(code[0])]! += 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(1600); // expected 2000 each
  });

  it("hash depends on the secret, the code id and the code", async () => {
    const a = await hashCode("s1", "id1", "123456");
    expect(a).toBe(await hashCode("s1", "id1", "123456"));
    expect(a).not.toBe(await hashCode("s2", "id1", "123456"));
    expect(a).not.toBe(await hashCode("s1", "id2", "123456"));
    expect(a).not.toBe(await hashCode("s1", "id1", "123457"));
  });

  it("obfuscates e-mail addresses and phone numbers", () => {
    expect(obfuscateEmail("anna.svensson@foretag.se")).toBe("a***n@f***.se");
    expect(obfuscateEmail("al@x.com")).toBe("a***@x***.com");
    expect(obfuscatePhone("+46701234567")).toBe("+46 70*** **67");
  });
});
