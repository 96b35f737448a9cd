/**
 * A real webhook receiver on loopback for the tests (issue 47 point 5): a Node HTTP server that checks every request's
 * Standard Webhooks signature itself (Node's crypto, written from the convention's text, not the product's code),
 * records what arrived, and answers as the test says: 500 for the first N requests of an event, or slowly.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  id: string;
  timestamp: number;
  signatures: string[];
  body: string;
  /** Which of the secrets the receiver was told of verify this request. */
  verifiedBy: string[];
  status: number;
  at: number;
}

export interface ReceiverBehaviour {
  /** Answer 500 to the first `failFirst` requests of each webhook-id. */
  failFirst?: number;
  /** Hold each answer this long (ms). */
  delayMs?: number;
  /** Answer every signed request with a redirect to this address. */
  redirectTo?: string;
}

function verify(secret: string, id: string, timestamp: string, body: string, signatures: string[]): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
  return signatures.includes(expected);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const secrets = new Set<string>();
  let behaviour: ReceiverBehaviour = {};
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const header = (name: string) => String(request.headers[name] ?? "");
      const id = header("webhook-id");
      const signatures = header("webhook-signature").split(" ").filter(Boolean);
      const seen = received.filter((r) => r.id === id).length;
      const verifiedBy = [...secrets].filter((secret) => verify(secret, id, header("webhook-timestamp"), body, signatures));
      const redirect = verifiedBy.length > 0 && behaviour.redirectTo !== undefined;
      const status = verifiedBy.length === 0 ? 401 : redirect ? 302 : seen < (behaviour.failFirst ?? 0) ? 500 : 204;
      received.push({ id, timestamp: Number(header("webhook-timestamp")), signatures, body, verifiedBy, status, at: Date.now() });
      if (behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
      response.writeHead(status, redirect ? { Location: behaviour.redirectTo } : {}).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/urval`,
    received,
    /** Secrets whose signatures the receiver accepts (it answers 401 to a request none of them signed). */
    trust: (secret: string) => secrets.add(secret),
    forget: (secret: string) => secrets.delete(secret),
    behave: (next: ReceiverBehaviour) => {
      behaviour = next;
    },
    /** Waits until `predicate` holds for what arrived (polling), or fails after `timeoutMs`. */
    async waitFor(predicate: (all: ReceivedWebhook[]) => boolean, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`webhook receiver: condition not met in ${timeoutMs} ms (${received.length} received)`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
