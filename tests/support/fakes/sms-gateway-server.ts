/**
 * A local fake of the 46elks SMS API (POST /a1/sms, HTTP Basic auth, form fields from/to/message) for contract
 * tests of the SMS adapter. Answers like the real API: 200 JSON { id, status: "created", … }, 401 on bad
 * credentials, 403 on a malformed "to"; `failNext` makes the next call answer 500.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedSms {
  authorization: string | undefined;
  contentType: string | undefined;
  from: string | null;
  to: string | null;
  message: string | null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeSmsGateway(credentials: { username: string; password: string }) {
  const received: ReceivedSms[] = [];
  let failNext = false;
  const expectedAuth = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
  const server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    const sms: ReceivedSms = {
      authorization: request.headers.authorization,
      contentType: request.headers["content-type"],
      from: form.get("from"),
      to: form.get("to"),
      message: form.get("message"),
    };
    const reply = (status: number, body: string, type = "text/plain") => response.writeHead(status, { "Content-Type": type }).end(body);
    if (request.method !== "POST" || request.url !== "/a1/sms") return reply(404, "Not found");
    if (sms.authorization !== expectedAuth) return reply(401, "Unauthorized");
    if (failNext) {
      failNext = false;
      return reply(500, "Internal error");
    }
    if (!sms.to || !/^\+\d{8,15}$/.test(sms.to)) return reply(403, "Invalid to number");
    received.push(sms);
    const answer = {
      id: `s${received.length}`,
      status: "created",
      from: sms.from,
      to: sms.to,
      message: sms.message,
      direction: "outgoing",
      parts: 1,
      cost: 3500,
    };
    return reply(200, JSON.stringify(answer), "application/json");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/a1/sms`,
    received,
    failNextRequest: () => {
      failNext = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
