/**
 * A fault injector in front of the real search cluster of the test run (not a stand-in for it): a loopback HTTP proxy
 * that forwards every request to the node unchanged, unless the test's rule picks a fault for it: an answer of its own
 * (a 429 or 503, say), a dropped connection (as when the process or the network dies), or the request forwarded in a
 * rewritten form with the node's answer rewritten back. It keeps a wire log of what passed (method and path), so a
 * test can check the order of what reached the node.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface ProxiedRequest {
  method: string;
  /** Path without the query string, decoded. */
  path: string;
  query: URLSearchParams;
  /** The body as text ("" when none). */
  body: string;
}

export type Fault =
  | { answer: number; body: unknown }
  | "drop"
  /** Forwarded, and the node acts on it, but its answer never reaches the client (the connection dies on the way back). */
  | "lose-answer"
  | { rewrite: (body: string) => string; rewriteAnswer: (body: string) => string };

/** Picks a fault for a request, or undefined to forward it as it is. */
export type FaultRule = (request: ProxiedRequest) => Fault | undefined;

export interface FaultProxy {
  url: string;
  /** Method and path of every request that reached the node, in order. */
  wire: string[];
  /** Requests the rule answered or dropped, as "method path". */
  faulted: string[];
  setRule(rule: FaultRule | null): void;
  close(): Promise<void>;
}

const HOP_HEADERS = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length"]);

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** Sends the request on to the node; the answer's body is rewritten when asked (the client must not get it gzipped). */
function forward(
  target: URL,
  incoming: IncomingMessage,
  body: Buffer,
  response: ServerResponse,
  rewriteAnswer?: (body: string) => string,
  loseAnswer = false,
) {
  const headers = Object.fromEntries(Object.entries(incoming.headers).filter(([name]) => !HOP_HEADERS.has(name)));
  if (rewriteAnswer) delete headers["accept-encoding"];
  const upstream = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...headers, "content-length": body.length },
    },
    (answer) => {
      const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name)));
      if (loseAnswer) {
        answer.resume();
        answer.on("end", () => incoming.socket.destroy());
        return;
      }
      if (!rewriteAnswer) {
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(response);
        return;
      }
      void readBody(answer).then((raw) => {
        const text = Buffer.from(rewriteAnswer(raw.toString("utf8")));
        response.writeHead(answer.statusCode ?? 502, { ...answerHeaders, "content-length": text.length });
        response.end(text);
      });
    },
  );
  upstream.on("error", () => response.destroy());
  upstream.end(body);
}

/** Starts a proxy to `target` (the cluster's URL) on a free loopback port. */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const wire: string[] = [];
  const faulted: string[] = [];
  const sockets = new Set<Socket>();
  let rule: FaultRule | null = null;
  const server = createServer((incoming, response) => {
    void readBody(incoming).then((raw) => {
      const url = new URL(incoming.url ?? "/", "http://proxy");
      const request = {
        method: incoming.method ?? "GET",
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        body: raw.toString("utf8"),
      };
      const line = `${request.method} ${request.path}`;
      const fault = rule?.(request);
      if (fault === "drop") {
        faulted.push(line);
        incoming.socket.destroy();
        return;
      }
      if (fault && fault !== "lose-answer" && "answer" in fault) {
        faulted.push(line);
        response.writeHead(fault.answer, { "content-type": "application/json" });
        response.end(JSON.stringify(fault.body));
        return;
      }
      wire.push(line);
      if (fault === "lose-answer") {
        faulted.push(line);
        forward(upstream, incoming, raw, response, undefined, true);
      } else if (fault) forward(upstream, incoming, Buffer.from(fault.rewrite(request.body)), response, fault.rewriteAnswer);
      else forward(upstream, incoming, raw, response);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    wire,
    faulted,
    setRule(next) {
      rule = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers as a node without a module of that field type would: the node's own refusal of an unknown type, relabelled. */
export function withoutFieldType(type: string): FaultRule {
  const declaration = `"type":"${type}"`;
  const stand = `${type}_not_installed`;
  return (request) =>
    (request.method === "PUT" || request.method === "POST") && request.body.includes(declaration)
      ? { rewrite: (body) => body.replaceAll(declaration, `"type":"${stand}"`), rewriteAnswer: (body) => body.replaceAll(stand, type) }
      : undefined;
}
