import { describe, expect, it } from "vitest";
import { SIGN_IN_REASONS, signInReason } from "./sign-in-reason";

const reason = (query: string) => signInReason(new URLSearchParams(query));

describe("the sign-in page's reason", () => {
  it("names a shared search, a session that ended, or another page that needs sign-in", () => {
    expect(reason("till=%2Fsok%3Freferens%3Dshare-77")).toBe(SIGN_IN_REASONS.sharedSearch);
    expect(reason("till=%2Fsok%3Fvad%3Dabc&orsak=session")).toBe(SIGN_IN_REASONS.sessionEnded);
    expect(reason("orsak=session")).toBe(SIGN_IN_REASONS.sessionEnded);
    expect(reason("till=%2Fbevakningar")).toBe(SIGN_IN_REASONS.protectedPage);
  });

  it("gives none to a visitor who came to sign in, or for an address that is not this site's", () => {
    expect(reason("")).toBeNull();
    expect(reason("till=%2F%2Fevil.example%2Fsok%3Freferens%3Dx")).toBeNull();
    expect(reason("orsak=annat")).toBeNull();
  });
});
