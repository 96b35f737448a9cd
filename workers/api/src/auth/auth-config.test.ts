import { describe, expect, it } from "vitest";
import { authConfig } from "./auth-config";

const strong = "x".repeat(40);
const base = { APP_ENV: "production", JWT_SIGNING_KEY: strong, PASSWORD_PEPPER: `${strong}p`, DEV_MAILBOX: "false" };

describe("auth configuration", () => {
  it("accepts production with real secrets and no dev mailbox, with the issue's limits by default", () => {
    const config = authConfig({ ...base });
    expect(config.APP_ENV).toBe("production");
    expect(config.AUTH_IP_ATTEMPTS_PER_MINUTE).toBe(10);
    expect(config.AUTH_ACCOUNT_FAILURES_PER_HOUR).toBe(100);
  });

  it("refuses production with the development secrets or the development mailbox", () => {
    expect(() => authConfig({ ...base, JWT_SIGNING_KEY: `dev-only-${strong}` })).toThrow(/JWT_SIGNING_KEY is the development value/);
    expect(() => authConfig({ ...base, PASSWORD_PEPPER: `dev-only-${strong}` })).toThrow(/PASSWORD_PEPPER is the development value/);
    expect(() => authConfig({ ...base, DEV_MAILBOX: "true" })).toThrow(/DEV_MAILBOX is enabled/);
  });

  it("takes a previous pepper for a rotation only with its own id, and never the development one in production", () => {
    const previous = { PASSWORD_PEPPER_PREVIOUS: `${strong}q`, PASSWORD_PEPPER_PREVIOUS_ID: "p0" };
    expect(authConfig({ ...base, ...previous })).toMatchObject(previous);
    expect(() => authConfig({ ...base, PASSWORD_PEPPER_PREVIOUS: `${strong}q` })).toThrow(/auth configuration invalid/);
    expect(() => authConfig({ ...base, PASSWORD_PEPPER_PREVIOUS_ID: "p0" })).toThrow(/auth configuration invalid/);
    expect(() => authConfig({ ...base, ...previous, PASSWORD_PEPPER_PREVIOUS_ID: "p1" })).toThrow(/auth configuration invalid/);
    expect(() => authConfig({ ...base, ...previous, PASSWORD_PEPPER_PREVIOUS: `dev-only-${strong}` })).toThrow(
      /PASSWORD_PEPPER_PREVIOUS is the development value/,
    );
  });

  it("refuses missing or short secrets (fails closed with a 500 that shows no detail)", () => {
    expect(() => authConfig({ APP_ENV: "development" })).toThrow(
      expect.objectContaining({ code: "AUTH_MISCONFIGURED", status: 500, expose: false }),
    );
    expect(() => authConfig({ ...base, JWT_SIGNING_KEY: "short" })).toThrow(/invalid/);
  });

  it("allows the development secrets in development", () => {
    expect(authConfig({ ...base, APP_ENV: "development", JWT_SIGNING_KEY: `dev-only-${strong}`, DEV_MAILBOX: "true" }).DEV_MAILBOX).toBe(
      "true",
    );
  });
});
