/**
 * Rotating the API worker's hashing secrets (README, "Accounts and sign-in in production"): with the old value as the
 * previous one, every API key made and every password set before the rotation keeps working, and its first use
 * rewrites the stored hash under the new secret (API_KEY_SECRET, docs/decisions/0054; PASSWORD_PEPPER with its id,
 * decision 0010). Once the previous one is removed, what was used during the rotation still works, and what was not is
 * refused. The workers are reloaded with the new vars on the same local state.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiKeyHmacKey, hashApiKey } from "#api/tooling";
import { createTestUser, signIn } from "../support/factories";
import { seedIndex } from "../support/seed-index";
import { createUrvalHarness } from "../support/worker-harness";
import { createKey, v1 } from "./support/api-key-support";

const harness = createUrvalHarness();
const NEW_KEY_SECRET = "the-new-api-key-secret-after-the-rotation-2026";
const NEW_PEPPER = { PASSWORD_PEPPER: "the-new-password-pepper-after-the-rotation-2026", PASSWORD_PEPPER_ID: "p2" };

beforeAll(async () => {
  await harness.start();
  await seedIndex(harness);
}, 180_000);
afterAll(() => harness.server.close());

/** Reloads the API worker with these vars over its config's (the state stays). */
async function apiVars(vars: Record<string, string>) {
  await harness.server.update((options) => ({
    ...options,
    workers: (options.workers ?? []).map((worker) =>
      "configPath" in worker && String(worker.configPath).includes("workers/api") ? { ...worker, vars } : worker,
    ),
  }));
}

async function stored(sql: string, id: string): Promise<string | undefined> {
  const env = await harness.api().getEnv();
  return (await env.DB.prepare(sql).bind(id).first<{ value: string }>())?.value;
}
const keyHash = (keyId: string) => stored("SELECT key_hash AS value FROM api_keys WHERE id = ?", keyId);
const passwordHash = (userId: string) => stored("SELECT password_hash AS value FROM users WHERE id = ?", userId);

const search = (key: string) => v1(harness, "/v1/search", { key, body: {} });

describe("rotating the hashing secrets", () => {
  it("keeps keys and passwords working through the rotation, moves each used one to the new secret, and refuses the unused after it", async () => {
    const env = await harness.api().getEnv();
    const old = { keySecret: String(env.API_KEY_SECRET), pepper: String(env.PASSWORD_PEPPER), pepperId: String(env.PASSWORD_PEPPER_ID) };
    const user = await createTestUser(harness);
    const idle = await createTestUser(harness);
    const used = await createKey(harness, user);
    const unused = await createKey(harness, user);
    expect(await passwordHash(user.userId)).toContain(`$${old.pepperId}$`);

    // The rotation: the old values as the previous ones.
    await apiVars({
      API_KEY_SECRET: NEW_KEY_SECRET,
      API_KEY_SECRET_PREVIOUS: old.keySecret,
      ...NEW_PEPPER,
      PASSWORD_PEPPER_PREVIOUS: old.pepper,
      PASSWORD_PEPPER_PREVIOUS_ID: old.pepperId,
    });
    expect((await search(used.key)).status).toBe(200);
    const underNew = await hashApiKey(await apiKeyHmacKey({ API_KEY_SECRET: NEW_KEY_SECRET }), used.key);
    await vi.waitFor(async () => expect(await keyHash(used.apiKey.keyId)).toBe(underNew), { timeout: 5_000 });
    await signIn(harness, user.username, user.password);
    expect(await passwordHash(user.userId)).toContain(`$${NEW_PEPPER.PASSWORD_PEPPER_ID}$`);

    // The previous values removed: what was used during the rotation works, what was not is refused.
    await apiVars({ API_KEY_SECRET: NEW_KEY_SECRET, ...NEW_PEPPER });
    expect((await search(used.key)).status).toBe(200);
    const refused = await search(unused.key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe("API_KEY_INVALID");
    await signIn(harness, user.username, user.password);
    await expect(signIn(harness, idle.username, idle.password)).rejects.toThrow(/sign-in failed: 400 .*INVALID_CREDENTIALS/);
  });
});
