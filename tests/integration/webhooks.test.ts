/**
 * Webhooks for Bevakning (issue 47 points 4 and 5), through the real workers, D1 and Queues of the local Workers
 * runtime and a real receiver on loopback that checks each signature itself (tests/support/webhook-receiver.ts): the
 * addresses refused, ownership, a test event, a receiver that answers 500 and then recovers (the production backoff:
 * the second attempt 10 s later, with the same webhook-id), a rotation signed by both secrets, a replay, and the
 * changes of a reindex delivered as an event with organisation numbers and names.
 */
import { Validator } from "@cfworker/json-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  WebhookDeliveriesSchema,
  WebhookPayloadSchema,
  WebhookWithSecretSchema,
  type WebhookWithSecret,
} from "#shared/api-contracts/webhooks";
import { authedFetch, createTestUser, type TestUser } from "../support/factories";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { createUrvalHarness } from "../support/worker-harness";

const harness = createUrvalHarness();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let owner: TestUser;
let other: TestUser;

const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

async function create(user: TestUser, url: string, savedSearchId: string | null = null) {
  return authedFetch(harness, user.cookie, "/sapi/monitoring/webhooks", json({ url, savedSearchId }));
}

async function created(user: TestUser, url = receiver.url, savedSearchId: string | null = null): Promise<WebhookWithSecret> {
  const response = await create(user, url, savedSearchId);
  expect(response.status).toBe(200);
  const body = WebhookWithSecretSchema.parse(await response.json());
  receiver.trust(body.secret);
  return body;
}

async function deliveries(user: TestUser, id: string) {
  const response = await authedFetch(harness, user.cookie, `/sapi/monitoring/webhooks/${id}/deliveries`);
  expect(response.status).toBe(200);
  return WebhookDeliveriesSchema.parse(await response.json()).deliveries;
}

async function remove(user: TestUser, id: string) {
  return authedFetch(harness, user.cookie, `/sapi/monitoring/webhooks/${id}`, { method: "DELETE" });
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  await harness.start();
  owner = await createTestUser(harness);
  other = await createTestUser(harness);
});
afterAll(async () => {
  await harness.server.close();
  await receiver.close();
});

describe("webhook endpoints", () => {
  it("refuses private, link-local and non-https addresses in any spelling, and names the field", async () => {
    const cases: [string, string][] = [
      ["https://10.0.0.1/hook", "WEBHOOK_URL_PRIVATE_ADDRESS"],
      ["https://169.254.169.254/latest/meta-data", "WEBHOOK_URL_PRIVATE_ADDRESS"],
      ["https://[fd00::1]/hook", "WEBHOOK_URL_PRIVATE_ADDRESS"],
      ["https://0x0a.0.0.1/hook", "WEBHOOK_URL_PRIVATE_ADDRESS"],
      ["https://167772161/hook", "WEBHOOK_URL_PRIVATE_ADDRESS"],
      ["https://intranet/hook", "WEBHOOK_URL_PRIVATE_ADDRESS"],
      ["http://crm.example.se/hook", "WEBHOOK_URL_NOT_HTTPS"],
      ["https://user:secret@crm.example.se/hook", "WEBHOOK_URL_CREDENTIALS"],
      ["javascript:alert(1)", "WEBHOOK_URL_INVALID"],
      ["https://localhost./hook", "WEBHOOK_URL_PRIVATE_ADDRESS"],
      ["https://[::ffff:a9fe:a9fe]/hook", "WEBHOOK_URL_PRIVATE_ADDRESS"],
    ];
    for (const [url, code] of cases) {
      const response = await create(owner, url);
      expect(response.status, url).toBe(400);
      const body = (await response.json()) as { code: string; type: string; issues: { path: string }[] };
      expect(body.code, url).toBe(code);
      expect(body.issues[0]?.path).toBe("url");
    }
    const tooLong = await create(owner, `https://crm.example.se/${"a".repeat(2000)}`);
    expect(tooLong.status).toBe(400);
    const extra = await authedFetch(harness, owner.cookie, "/sapi/monitoring/webhooks", json({ url: 5, savedSearchId: "x" }));
    expect(((await extra.json()) as { type: string }).type).toBe("VALIDATION");
    const list = await authedFetch(harness, owner.cookie, "/sapi/monitoring/webhooks");
    expect(((await list.json()) as { webhooks: unknown[] }).webhooks).toEqual([]);
  });

  it("keeps at most 5 per user, even when asked for 8 at once, and shows them to their owner only", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => create(other, `${receiver.url}?n=${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 400, 400, 400]);
    const mine = (await (await authedFetch(harness, other.cookie, "/sapi/monitoring/webhooks")).json()) as { webhooks: { id: string }[] };
    expect(mine.webhooks).toHaveLength(5);
    const theirs = mine.webhooks[0]!.id;
    expect((await authedFetch(harness, owner.cookie, `/sapi/monitoring/webhooks/${theirs}/deliveries`)).status).toBe(404);
    expect((await authedFetch(harness, owner.cookie, `/sapi/monitoring/webhooks/${theirs}/test`, { method: "POST" })).status).toBe(404);
    expect((await authedFetch(harness, owner.cookie, `/sapi/monitoring/webhooks/${theirs}/rotate`, { method: "POST" })).status).toBe(404);
    expect((await remove(owner, theirs)).status).toBe(404);
    const theirEvent = (await (
      await authedFetch(harness, other.cookie, `/sapi/monitoring/webhooks/${theirs}/test`, { method: "POST" })
    ).json()) as {
      id: string;
    };
    const replayTheirs = `/sapi/monitoring/webhooks/${theirs}/deliveries/${theirEvent.id}/replay`;
    expect((await authedFetch(harness, owner.cookie, replayTheirs, { method: "POST" })).status).toBe(404);
    expect(
      (await authedFetch(harness, owner.cookie, `/sapi/monitoring/webhooks/${theirs}/deliveries/msg_x'--/replay`, { method: "POST" }))
        .status,
    ).toBe(400);
    const ownerList = (await (await authedFetch(harness, owner.cookie, "/sapi/monitoring/webhooks")).json()) as { webhooks: unknown[] };
    expect(ownerList.webhooks).toEqual([]);
    for (const { id } of mine.webhooks) expect((await remove(other, id)).status).toBe(204);
  });

  it("delivers a test event signed by the secret, and logs the attempt", async () => {
    const { webhook } = await created(owner);
    const sent = await authedFetch(harness, owner.cookie, `/sapi/monitoring/webhooks/${webhook.id}/test`, { method: "POST" });
    expect(sent.status).toBe(200);
    const { id } = (await sent.json()) as { id: string };
    await receiver.waitFor((all) => all.some((r) => r.id === id && r.status === 204));
    const arrived = receiver.received.find((r) => r.id === id)!;
    expect(arrived.verifiedBy).toHaveLength(1);
    expect(Math.abs(arrived.timestamp * 1000 - Date.now())).toBeLessThan(60_000);
    expect(WebhookPayloadSchema.parse(JSON.parse(arrived.body)).type).toBe("bevakning.test");
    await expect.poll(async () => (await deliveries(owner, webhook.id)).find((d) => d.id === id)?.state).toBe("DELIVERED");
    const [delivery] = await deliveries(owner, webhook.id);
    expect(delivery!.log.map((a) => a.status)).toEqual([204]);
    expect((await remove(owner, webhook.id)).status).toBe(204);
  });

  it("retries a receiver that answers 500, with the production backoff and the same webhook-id, until it recovers", async () => {
    const { webhook } = await created(owner);
    receiver.behave({ failFirst: 1 });
    const sent = await authedFetch(harness, owner.cookie, `/sapi/monitoring/webhooks/${webhook.id}/test`, { method: "POST" });
    const { id } = (await sent.json()) as { id: string };
    await receiver.waitFor((all) => all.filter((r) => r.id === id).length >= 2, 45_000);
    const attempts = receiver.received.filter((r) => r.id === id);
    expect(attempts.map((r) => r.status)).toEqual([500, 204]);
    // The default policy's first retry comes 10 s after the failed attempt (base 10 s, docs/decisions/0062).
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(9_000);
    await expect.poll(async () => (await deliveries(owner, webhook.id))[0]?.state, { timeout: 10_000 }).toBe("DELIVERED");
    const [delivery] = await deliveries(owner, webhook.id);
    expect(delivery!.log.map((a) => a.status)).toEqual([500, 204]);
    expect(delivery!.attempts).toBe(2);
    receiver.behave({});

    // A replay sends the same event again, with the same id.
    const replay = await authedFetch(harness, owner.cookie, `/sapi/monitoring/webhooks/${webhook.id}/deliveries/${id}/replay`, {
      method: "POST",
    });
    expect(replay.status).toBe(200);
    await receiver.waitFor((all) => all.filter((r) => r.id === id).length >= 3);
    expect(receiver.received.filter((r) => r.id === id).map((r) => r.status)).toEqual([500, 204, 204]);
    expect((await remove(owner, webhook.id)).status).toBe(204);
  }, 60_000);

  it("gives up at the end of the 24 hours: the event is FAILED after its last attempt", async () => {
    const { webhook } = await created(owner);
    receiver.behave({ failFirst: 100 });
    const sent = await authedFetch(harness, owner.cookie, `/sapi/monitoring/webhooks/${webhook.id}/test`, { method: "POST" });
    const { id } = (await sent.json()) as { id: string };
    await receiver.waitFor((all) => all.some((r) => r.id === id));
    // The round began 24 hours less 3 seconds ago: the backoff's next wait is cut to what is left, and that attempt is the last.
    const env = await harness.api().getEnv();
    await env.DB.prepare("UPDATE webhook_events SET round_started_at = ? WHERE id = ?")
      .bind(Date.now() - 86_400_000 + 3_000, id)
      .run();
    await expect.poll(async () => (await deliveries(owner, webhook.id))[0]?.state, { timeout: 30_000 }).toBe("FAILED");
    const [delivery] = await deliveries(owner, webhook.id);
    expect(delivery!.log.map((a) => a.status)).toEqual([500, 500]);
    receiver.behave({});
    expect((await remove(owner, webhook.id)).status).toBe(204);
  }, 60_000);

  it("never follows a redirect: a 3xx is a failed attempt, retried later", async () => {
    const { webhook } = await created(owner);
    receiver.behave({ redirectTo: `${receiver.url}/elsewhere` });
    const sent = await authedFetch(harness, owner.cookie, `/sapi/monitoring/webhooks/${webhook.id}/test`, { method: "POST" });
    const { id } = (await sent.json()) as { id: string };
    await expect.poll(async () => (await deliveries(owner, webhook.id))[0]?.attempts, { timeout: 10_000 }).toBe(1);
    const [delivery] = await deliveries(owner, webhook.id);
    // A failed attempt, retried later. Cloudflare's fetch with redirect "manual" hands back the 3xx (logged as
    // REDIRECT_NOT_FOLLOWED); the local runtime answers such a fetch with a 500 of its own instead.
    expect(delivery).toMatchObject({ state: "PENDING", attempts: 1 });
    expect(delivery!.log[0]!.status).toBeGreaterThanOrEqual(300);
    // Only the endpoint itself was asked; the redirect's target never was.
    expect(receiver.received.filter((r) => r.id === id)).toHaveLength(1);
    receiver.behave({});
    expect((await remove(owner, webhook.id)).status).toBe(204);
  });

  it("signs with both secrets for a day after a rotation", async () => {
    const first = await created(owner);
    const rotated = await authedFetch(harness, owner.cookie, `/sapi/monitoring/webhooks/${first.webhook.id}/rotate`, { method: "POST" });
    const second = WebhookWithSecretSchema.parse(await rotated.json());
    expect(second.secret).not.toBe(first.secret);
    expect(Date.parse(second.webhook.previousSecretUntil!) - Date.now()).toBeGreaterThan(23 * 3600_000);
    receiver.forget(first.secret);
    const sent = await authedFetch(harness, owner.cookie, `/sapi/monitoring/webhooks/${first.webhook.id}/test`, { method: "POST" });
    const { id } = (await sent.json()) as { id: string };
    receiver.trust(second.secret);
    receiver.trust(first.secret);
    await receiver.waitFor((all) => all.some((r) => r.id === id));
    const arrived = receiver.received.find((r) => r.id === id)!;
    expect(arrived.signatures).toHaveLength(2);
    expect(arrived.verifiedBy.sort()).toEqual([first.secret, second.secret].sort());
    expect((await remove(owner, first.webhook.id)).status).toBe(204);
  });
});

describe("after a reindex", () => {
  it("delivers the saved search's new and removed companies and the watched companies' changes, with organisation numbers", async () => {
    const env = await harness.api().getEnv();
    const now = Date.now();
    const searchId = "WebhookSearch001";
    await env.DB.prepare(
      `INSERT INTO saved_searches (id, user_id, name, serialized_search, hit_count, checked_version, checked_at, created_at)
       VALUES (?, ?, 'Åkerier i Uppsala', '{"text":"åkeri"}', 10, 41, ?, ?)`,
    )
      .bind(searchId, owner.userId, now, now)
      .run();
    const [all, one] = [await created(owner), await created(owner, receiver.url, searchId)];
    const items: [string, string, number, string, string, string][] = [
      ["SEARCH_NEW", searchId, 101, "Nya Åkeriet AB", "559101-0001", "[]"],
      ["SEARCH_REMOVED", searchId, 102, "Gamla Åkeriet AB", "559102-0002", "[]"],
      ["COMPANY_CHANGED", "", 103, "Bevakade Bolaget AB", "559103-0003", JSON.stringify(["Ny styrelseledamot: Bo Bevakare"])],
    ];
    await env.DB.batch([
      ...items.map(([kind, subject, seq, name, orgNo, changes]) =>
        env.DB.prepare(
          `INSERT INTO monitoring_run_items (from_version, to_version, user_id, kind, subject_id, org_seq_no, company_name, changes, org_no)
           VALUES (41, 42, ?, ?, ?, ?, ?, ?, ?)`,
        ).bind(owner.userId, kind, subject, seq, name, changes, orgNo),
      ),
      env.DB.prepare(
        "INSERT INTO watched_companies (user_id, org_seq_no, org_no, name, created_at) VALUES (?, 103, '559103-0003', 'Bevakade Bolaget AB', ?)",
      ).bind(owner.userId, now),
      env.DB.prepare(
        "INSERT INTO monitoring_runs (from_version, to_version, state, users, added, removed, changed, created_at) VALUES (41, 42, 'STAGED', 1, 1, 1, 1, ?)",
      ).bind(now),
    ]);
    // Any signed-in call dispatches the run; the alert job then makes the events.
    expect((await authedFetch(harness, owner.cookie, "/sapi/monitoring/unread")).status).toBe(200);
    const bodies = async (endpointId: string) =>
      (await deliveries(owner, endpointId)).filter((d) => d.type === "bevakning.changes").map((d) => d.id);
    await expect
      .poll(async () => (await bodies(all.webhook.id)).length + (await bodies(one.webhook.id)).length, { timeout: 30_000 })
      .toBe(2);
    const [allId, oneId] = [(await bodies(all.webhook.id))[0]!, (await bodies(one.webhook.id))[0]!];
    await receiver.waitFor((received) => [allId, oneId].every((id) => received.some((r) => r.id === id && r.status === 204)));
    const payload = (id: string) => WebhookPayloadSchema.parse(JSON.parse(receiver.received.find((r) => r.id === id)!.body));

    const everything = payload(allId);
    expect(everything.data).toMatchObject({ fromVersion: 41, toVersion: 42, savedSearch: null, truncated: false });
    expect(everything.data.new).toEqual([{ orgNo: "559101-0001", name: "Nya Åkeriet AB", savedSearchId: searchId }]);
    expect(everything.data.removed).toEqual([{ orgNo: "559102-0002", name: "Gamla Åkeriet AB", savedSearchId: searchId }]);
    expect(everything.data.changed).toEqual([
      { orgNo: "559103-0003", name: "Bevakade Bolaget AB", changes: ["Ny styrelseledamot: Bo Bevakare"] },
    ]);
    expect(everything.data.searches).toEqual([{ id: searchId, name: "Åkerier i Uppsala", new: 1, removed: 1 }]);

    // The bodies match the schema /v1/openapi.json documents for them (its `webhooks`), as a receiver would check.
    const doc = (await (await harness.server.fetch("/v1/openapi.json")).json()) as {
      components: { schemas: Record<string, unknown> };
      webhooks: Record<string, { post: { requestBody: { content: { "application/json": { schema: Record<string, unknown> } } } } }>;
    };
    const documented = doc.webhooks["bevakning.changes"]!.post.requestBody.content["application/json"].schema;
    const validator = new Validator({ ...documented, components: doc.components } as never, "2020-12", false);
    for (const id of [allId, oneId])
      expect(validator.validate(JSON.parse(receiver.received.find((r) => r.id === id)!.body)).valid).toBe(true);
    expect(validator.validate({ type: "bevakning.changes", data: {} }).valid).toBe(false);

    const justOne = payload(oneId);
    expect(justOne.data.savedSearch).toEqual({ id: searchId, name: "Åkerier i Uppsala" });
    expect(justOne.data.changed).toEqual([]);
    expect(justOne.data.new.map((c) => c.orgNo)).toEqual(["559101-0001"]);

    // The job delivered again (a redelivery) makes no second event.
    await env.MONITORING_QUEUE.send({ userId: owner.userId, fromVersion: 41, toVersion: 42, origin: "http://localhost:8787" });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await bodies(all.webhook.id)).toEqual([allId]);
    expect(receiver.received.filter((r) => r.id === allId)).toHaveLength(1);
  }, 60_000);
});
