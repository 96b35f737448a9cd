/**
 * Resilience scenario 9, webhooks (issue 47 point 5): the whole local stack (wrangler dev with the three workers, own
 * state in .wrangler/resilience-webhook-state, port 8834) is SIGKILLed while a webhook delivery is in flight (the
 * receiver holds its answer), with more events queued behind it, then restarted on the same state. Every event must
 * still arrive, at least once, each time with the same webhook-id and body, and signed; the figure that matters is
 * the wait from the kill until every event arrived.
 *
 *   tsx tests/resilience/webhook-kill.ts
 *
 * A killed process takes its queue messages with it (Miniflare keeps them in memory); what brings the events back is
 * the product's own sweep (webhook-events.ts): the event rows in D1 are the truth, and any signed-in call to the
 * webhook pages (or the 10-minute cron) queues again what is due and unclaimed once the killed attempt's lease (30 s)
 * has lapsed. The stack runs with the product's defaults. Exit code 0 on pass, 1 on fail; figures through recordScenario.
 */
import path from "node:path";
import { ROOT } from "#scripts/lib/local-bindings";
import { WebhookDeliveriesSchema, WebhookWithSecretSchema } from "#shared/api-contracts/webhooks";
import { seedDemoState } from "../support/shared";
import { sameOriginHeadersOf, signInToStack } from "../support/stack-client";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { crashStack, removeGeneratedConfigs, type Stack, startStack, stopStack } from "./support/export-kill-stack";
import { createExportAccount } from "./support/export-ledger";
import { recordScenario } from "./support/report";

const PORT = 8834;
const STATE_DIR = path.join(ROOT, ".wrangler/resilience-webhook-state");
const PURPOSE = "resilience-webhooks";
const EVENTS = 3;
/** The wait after the kill that passes: the lease (30 s), the sweep's grace (30 s) and a poll, with room. */
const BOUND_SECONDS = 120;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(stack: Stack, cookie: string, pathname: string, init: RequestInit = {}) {
  return fetch(`${stack.origin}${pathname}`, {
    ...init,
    headers: { ...sameOriginHeadersOf(stack.origin), Cookie: cookie, "Content-Type": "application/json", ...init.headers },
  });
}

async function main() {
  const started = Date.now();
  const receiver = await startWebhookReceiver();
  await seedDemoState(STATE_DIR);
  const account = await createExportAccount(STATE_DIR, "webhook", 10);
  let stack = await startStack({ stateDir: STATE_DIR, port: PORT, vars: {}, purpose: PURPOSE }, 0);
  try {
    let cookie = await signInToStack(stack.origin, account);
    const made = await call(stack, cookie, "/sapi/monitoring/webhooks", {
      method: "POST",
      body: JSON.stringify({ url: receiver.url, savedSearchId: null }),
    });
    if (made.status !== 200) throw new Error(`creating the endpoint answered ${made.status}: ${await made.text()}`);
    const { webhook, secret } = WebhookWithSecretSchema.parse(await made.json());
    receiver.trust(secret);

    // The receiver holds every answer: the first attempt is in flight when the stack dies, the others wait behind it.
    receiver.behave({ delayMs: 60_000 });
    const ids: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const sent = await call(stack, cookie, `/sapi/monitoring/webhooks/${webhook.id}/test`, { method: "POST" });
      if (sent.status !== 200) throw new Error(`the test event answered ${sent.status}`);
      ids.push(((await sent.json()) as { id: string }).id);
    }
    await receiver.waitFor((all) => all.length > 0, 30_000);
    const inFlight = receiver.received[0]!.id;
    await crashStack(stack);
    const killedAt = Date.now();
    receiver.behave({});

    stack = await startStack({ stateDir: STATE_DIR, port: PORT, vars: {}, purpose: PURPOSE }, 1);
    const upSeconds = (Date.now() - killedAt) / 1000;
    cookie = await signInToStack(stack.origin, account);
    // Delivered means the worker had a 2xx answer (the delivery log), not that the receiver saw a request: the request
    // in flight at the kill reached the receiver, but its answer never reached a worker.
    const deliveredIds = new Set<string>();
    // The user (or the cron) looks at the delivery log now and then: each look sweeps what is owed.
    while (deliveredIds.size < ids.length && Date.now() - killedAt < BOUND_SECONDS * 1000) {
      const log = await call(stack, cookie, `/sapi/monitoring/webhooks/${webhook.id}/deliveries`);
      const { deliveries } = WebhookDeliveriesSchema.parse(await log.json());
      for (const d of deliveries) if (d.state === "DELIVERED") deliveredIds.add(d.id);
      if (deliveredIds.size < ids.length) await sleep(2_000);
    }
    const delivered = (id: string) => deliveredIds.has(id) && receiver.received.some((r) => r.id === id && r.status === 204);
    const waitSeconds = (Date.now() - killedAt) / 1000;
    const arrivals = ids.map((id) => receiver.received.filter((r) => r.id === id));
    const sameBodies = arrivals.every((list) => list.every((r) => r.body === list[0]!.body));
    const allSigned = receiver.received.every((r) => r.verifiedBy.length === 1);
    const pass = ids.every(delivered) && sameBodies && allSigned && arrivals[ids.indexOf(inFlight)]!.length >= 2;
    recordScenario({
      scenario: "9-webhook-kill",
      title: "Webhook delivery killed in flight (SIGKILL of wrangler and workerd, restart on the same state)",
      pass,
      figures: {
        events: EVENTS,
        "delivered at least once": ids.filter(delivered).length,
        "arrivals per event": arrivals.map((list) => list.length).join("/"),
        "the killed one's arrivals, same id and body": arrivals[ids.indexOf(inFlight)]!.length,
        "every arrival signed": allSigned ? "yes" : "no",
        "kill → stack up s": Math.round(upSeconds),
        [`wait from the kill until every event arrived s (bound ${BOUND_SECONDS})`]: Math.round(waitSeconds),
        "total s": Math.round((Date.now() - started) / 1000),
      },
      notes: ["the product's defaults: a 30 s lease on an attempt and a 30 s grace before the sweep queues an event again"],
    });
    await stopStack(stack);
    process.exitCode = pass ? 0 : 1;
  } catch (error) {
    await stopStack(stack).catch(() => undefined);
    throw error;
  } finally {
    removeGeneratedConfigs(PURPOSE);
    await receiver.close();
  }
}

await main();
