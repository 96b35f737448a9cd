/**
 * Rotating API_KEY_SECRET (docs/decisions/0054, README "API keys"): with the old secret as API_KEY_SECRET_PREVIOUS
 * every key made before the rotation keeps working, and its first call rewrites its stored hash under the new secret;
 * once the previous secret is removed, a key used during the rotation still works and one never used is refused. The
 * workers are reloaded with the new vars on the same local state.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiKeyHmacKey, hashApiKey } from "#api/tooling";
import { createTestUser } from "../support/factories";
import { seedIndex } from "../support/seed-index";
import { createUrvalHarness } from "../support/worker-harness";
import { createKey, v1 } from "./support/api-key-support";

const harness = createUrvalHarness();
const NEW_SECRET = "the-new-api-key-secret-after-the-rotation-2026";

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

async function storedHash(keyId: string): Promise<string | undefined> {
  const env = await harness.api().getEnv();
  const row = await env.DB.prepare("SELECT key_hash FROM api_keys WHERE id = ?").bind(keyId).first<{ key_hash: string }>();
  return row?.key_hash;
}

const search = (key: string) => v1(harness, "/v1/search", { key, body: {} });

describe("rotating API_KEY_SECRET", () => {
  it("keeps every key working through the rotation, moves each used one to the new secret, and refuses the unused after it", async () => {
    const user = await createTestUser(harness);
    const used = await createKey(harness, user);
    const unused = await createKey(harness, user);
    expect((await search(used.key)).status).toBe(200);
    const oldSecret = String((await harness.api().getEnv()).API_KEY_SECRET);
    const underNew = await hashApiKey(await apiKeyHmacKey({ API_KEY_SECRET: NEW_SECRET }), used.key);
    expect(await storedHash(used.apiKey.keyId)).toBe(await hashApiKey(await apiKeyHmacKey({ API_KEY_SECRET: oldSecret }), used.key));

    // The rotation: the old secret as the previous one. The key works, and its hash moves to the new secret.
    await apiVars({ API_KEY_SECRET: NEW_SECRET, API_KEY_SECRET_PREVIOUS: oldSecret });
    expect((await search(used.key)).status).toBe(200);
    await vi.waitFor(async () => expect(await storedHash(used.apiKey.keyId)).toBe(underNew), { timeout: 5_000 });
    expect((await search(used.key)).status).toBe(200);

    // The previous secret removed: the key used during the rotation works, the one never used is refused.
    await apiVars({ API_KEY_SECRET: NEW_SECRET });
    expect((await search(used.key)).status).toBe(200);
    const refused = await search(unused.key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe("API_KEY_INVALID");
  });
});
