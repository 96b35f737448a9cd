/**
 * A fault injector in front of a real search node (not a stand-in for it), for the contract suite and the cluster
 * fault scenarios alike: a loopback HTTP proxy that forwards every request to the node unchanged, unless a rule picks
 * a fault for it: an answer of its own (a 429 or 503, say, with the engine's own error body), a dropped connection (as
 * when the process or the network dies), an answer lost on its way back, the request held while a hook runs (stop the
 * node) and then forwarded, or the request forwarded in a rewritten form with the node's answer rewritten back. When
 * the node refuses the connection or stops answering, the client's connection is dropped with it. It keeps a wire log
 * of what passed (method and path), so a test can check the order of what reached the node.
 *
 * Two ways to set rules: one rule function (setRule, the contract suite), or rules injected one by one with a count
 * of how many requests each takes (inject, the cluster fault scenarios); injected rules are asked first.
 */
import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
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
  | { rewrite: (body: string) => string; rewriteAnswer: (body: string) => string }
  /** Held while the hook runs (say, the node is killed), then forwarded; a failed hook drops the connection. */
  | { before: () => Promise<void> };

/** Picks a fault for a request, or undefined to forward it as it is. */
export type FaultRule = (request: ProxiedRequest) => Fault | undefined;

/** A rule injected on its own: which requests it takes, and what it does with them. */
export interface InjectedRule {
  match: (request: ProxiedRequest) => boolean;
  /** Answer this with the engine's own error body instead of the node. */
  status?: 429 | 503;
  /** Runs before the request is forwarded (it holds the request meanwhile). */
  before?: () => Promise<void>;
  /** How many matching requests the rule takes; default every one until removed. */
  times?: number;
}

export interface InjectedFault {
  /** Requests the rule took so far. */
  readonly hits: number;
  remove(): void;
}

export interface FaultProxy {
  url: string;
  /** Method and path of every request that reached the node, in order. */
  wire: string[];
  /** Requests the rule answered or dropped, as "method path". */
  faulted: string[];
  setRule(rule: FaultRule | null): void;
  inject(rule: InjectedRule): InjectedFault;
  /** Removes every injected rule. */
  clear(): void;
  close(): Promise<void>;
}

const ENGINE_ERRORS = {
  429: { type: "es_rejected_execution_exception", reason: "rejected execution of search (queue capacity 1000) [fault injected]" },
  503: { type: "cluster_block_exception", reason: "blocked by: [SERVICE_UNAVAILABLE/2/no cluster-manager] [fault injected]" },
};

/** The engine's error body for a status, as a node answers it. */
export const engineError = (status: 429 | 503) => ({ error: { root_cause: [ENGINE_ERRORS[status]], ...ENGINE_ERRORS[status] }, status });

/** Connections to the node are not reused: a killed node's sockets must not carry the next request. */
const agent = new Agent({ keepAlive: false });

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
      agent,
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
  // The node refused or dropped the connection: so does the proxy. The client gave up: stop waiting for the node.
  upstream.on("error", () => response.destroy());
  response.on("close", () => upstream.destroy());
  upstream.end(body);
}

/** Starts a proxy to `target` (the node's URL) on loopback, on `port` or a free one. */
export async function startFaultProxy(target: string, options: { port?: number } = {}): Promise<FaultProxy> {
  const upstream = new URL(target);
  const wire: string[] = [];
  const faulted: string[] = [];
  const sockets = new Set<Socket>();
  let ruleFunction: FaultRule | null = null;
  const injected: { rule: InjectedRule; hits: number; removed: boolean }[] = [];
  const rule = (request: ProxiedRequest): Fault | undefined => {
    const entry = injected.find((r) => !r.removed && (r.rule.times === undefined || r.hits < r.rule.times) && r.rule.match(request));
    if (!entry) return ruleFunction?.(request);
    entry.hits++;
    const { status, before } = entry.rule;
    if (status) return { answer: status, body: engineError(status) };
    return before ? { before } : undefined;
  };
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
      const fault = rule(request);
      if (fault === "drop") {
        faulted.push(line);
        incoming.socket.destroy();
        return;
      }
      if (fault && fault !== "lose-answer" && "answer" in fault) {
        faulted.push(line);
        response.writeHead(fault.answer, { "content-type": "application/json; charset=UTF-8" });
        response.end(JSON.stringify(fault.body));
        return;
      }
      if (fault && fault !== "lose-answer" && "before" in fault) {
        void fault.before().then(
          () => {
            wire.push(line);
            forward(upstream, incoming, raw, response);
          },
          () => incoming.socket.destroy(),
        );
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
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    wire,
    faulted,
    setRule(next) {
      ruleFunction = next;
    },
    inject(next) {
      const entry = { rule: next, hits: 0, removed: false };
      injected.push(entry);
      return {
        get hits() {
          return entry.hits;
        },
        remove: () => void (entry.removed = true),
      };
    },
    clear: () => void injected.splice(0),
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
