import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "#api/tooling";
import { startFakeD1Api } from "#tests/support/fakes/d1-http-server";
import { runCommand } from "./cli";
import { createRemoteD1 } from "./remote-d1";

const pepper = { id: "t1", secret: "test-pepper-of-at-least-thirty-two-chars" };
let api: Awaited<ReturnType<typeof startFakeD1Api>>;
let db: D1Database;

beforeAll(async () => {
  api = await startFakeD1Api({ token: "tok", migrationsDir: path.resolve(import.meta.dirname, "../../workers/api/migrations") });
  db = createRemoteD1({ accountId: "acc", databaseId: "db", apiToken: "tok", baseUrl: api.baseUrl });
});
afterAll(() => api.close());

const run = (command: string, args: string[] = [], values: Record<string, unknown> = {}) =>
  runCommand(db, () => pepper, command, args, { remote: true, all: false, ...values } as Parameters<typeof runCommand>[4]);

const base = { username: "anna", email: "Anna@Foretag.SE", "first-name": "Anna", "last-name": "Ek", password: "Vinter-i-Umeå-2026" };

describe("account CLI over the D1 HTTP API", () => {
  it("creates an account with normalised e-mail, phone and personal id and a peppered hash", async () => {
    await run("create", [], { ...base, phone: "070-123 45 67", "personal-id": "811218-9876", quota: "250", expires: "2027-12-31" });
    const row = api.sqlite.prepare("SELECT * FROM users WHERE username = 'anna'").get() as Record<string, string | number>;
    expect(row).toMatchObject({
      email: "anna@foretag.se",
      phone: "+46701234567",
      personal_id: "198112189876",
      extraction_records_left: 250,
    });
    expect(row.subscription_expires_at).toBe("2027-12-31T22:59:59.999Z");
    expect(String(row.password_hash)).toMatch(/^pbkdf2-sha256-hmac\$100000\$t1\$/);
    expect(await verifyPassword("Vinter-i-Umeå-2026", String(row.password_hash), [pepper])).toBe(true);
  });

  it("refuses short, overlong and common passwords, bad personal ids and duplicate usernames", async () => {
    await expect(run("create", [], { ...base, username: "b1", email: "b1@x.se", password: "kort" })).rejects.toThrow(/minst 8/);
    await expect(run("create", [], { ...base, username: "b2", email: "b2@x.se", password: "password1" })).rejects.toThrow(/för vanligt/);
    await expect(run("create", [], { ...base, username: "b3", email: "b3@x.se", password: "x".repeat(129) })).rejects.toThrow(/högst 128/);
    await expect(run("create", [], { ...base, username: "b4", email: "b4@x.se", "personal-id": "811218-9875" })).rejects.toThrow(
      /personal identity/,
    );
    await expect(run("create", [], { ...base, email: "other@x.se" })).rejects.toThrow(/UNIQUE/);
  });

  it("lists, shows, sets quota and expiry, disables and enables, and resets the terms", async () => {
    expect(((await run("list")) as { username: string }[]).map((a) => a.username)).toEqual(["anna"]);
    await run("set-quota", ["anna@foretag.se", "42"]);
    await run("set-expiry", ["anna", "2030-01-31T12:00:00Z"]);
    api.sqlite.prepare("UPDATE users SET signed_terms_at = '2026-01-01T00:00:00Z'").run();
    await run("reset-terms", ["anna"]);
    await run("disable", ["anna"]);
    const shown = (await run("show", ["anna"])) as Record<string, unknown>;
    expect(shown).toMatchObject({
      extraction_records_left: 42,
      subscription_expires_at: "2030-01-31T12:00:00.000Z",
      signed_terms_at: null,
      disabled: 1,
      activeSessions: 0,
    });
    await run("enable", ["anna"]);
    expect(((await run("show", ["anna"])) as { disabled: number }).disabled).toBe(0);
    await expect(run("set-quota", ["anna", "-1"])).rejects.toThrow();
    await expect(run("show", ["nobody"])).rejects.toThrow(/no account/);
  });

  it("sets a new password and ends the account's sessions", async () => {
    const id = (api.sqlite.prepare("SELECT id FROM users WHERE username = 'anna'").get() as { id: string }).id;
    api.sqlite
      .prepare("INSERT INTO session_families (id, user_id, created_at, expires_at) VALUES ('fam1', ?, 0, ?)")
      .run(id, Date.now() + 60_000);
    await run("set-password", ["anna", "Sommar-på-Gotland-77"]);
    const row = api.sqlite.prepare("SELECT password_hash FROM users WHERE id = ?").get(id) as { password_hash: string };
    expect(await verifyPassword("Sommar-på-Gotland-77", row.password_hash, [pepper])).toBe(true);
    expect(api.sqlite.prepare("SELECT revoke_reason FROM session_families WHERE id = 'fam1'").get()).toEqual({
      revoke_reason: "password-changed",
    });
  });

  it("reports an API refusal (wrong token) as an error", async () => {
    const wrong = createRemoteD1({ accountId: "acc", databaseId: "db", apiToken: "nope", baseUrl: api.baseUrl });
    await expect(wrong.prepare("SELECT 1").all()).rejects.toThrow(/Authentication error/);
  });
});
