import { describe, expect, it } from "vitest";
import commonPasswords from "./common-passwords.json" with { type: "json" };
import { checkNewPassword, isCommonPassword } from "./password-policy";

describe("password policy", () => {
  it("ships exactly 3000 distinct common passwords, most frequent first", () => {
    expect(commonPasswords).toHaveLength(3000);
    expect(new Set(commonPasswords.map((p) => p.toLowerCase())).size).toBe(3000);
    expect(commonPasswords.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
  });

  it("refuses common passwords whatever their case", () => {
    expect(isCommonPassword("PassWord")).toBe(true);
    expect(checkNewPassword("12345678")).toBe("TOO_COMMON");
    expect(checkNewPassword("Baseball")).toBe("TOO_COMMON");
    const lastLong = commonPasswords.filter((p) => p.length >= 8).at(-1)!;
    expect(checkNewPassword(lastLong)).toBe("TOO_COMMON");
    expect(checkNewPassword(`${lastLong}-urval-7`)).toBeUndefined();
  });

  it("counts characters as typed: multibyte letters and emoji count once", () => {
    expect(checkNewPassword("lösenörd")).toBeUndefined(); // 8 code points, 10 UTF-8 bytes
    expect(checkNewPassword("åäöåäö1")).toBe("TOO_SHORT");
    expect(checkNewPassword("🔒".repeat(128))).toBeUndefined();
    expect(checkNewPassword("🔒".repeat(129))).toBe("TOO_LONG");
    expect(checkNewPassword("a".repeat(128))).toBeUndefined();
    expect(checkNewPassword("a".repeat(129))).toBe("TOO_LONG");
  });

  it("treats composed and decomposed å alike (NFC)", () => {
    expect(checkNewPassword("sa\u030Amre-lo")).toBeUndefined();
    expect(Array.from("sa\u030Amre-lo".normalize("NFC"))).toHaveLength(8);
  });
});
