/**
 * A fault injector in front of the real OpenSearch node (not a mock: every request it does not pick goes to the node
 * unchanged, and the node's answer comes back unchanged). A rule picks requests by method, path and body and either
 * answers them itself, 429 or 503 with the engine's own error body, or runs a hook first (stop the node) and then
 * forwards. When the node refuses the connection or stops answering, the client's connection is dropped with it.
 */
import { Agent, createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";

export interface SeenRequest {
  method: string;
  path: string;
  body: string;
}

export interface FaultRule {
  match: (request: SeenRequest) => boolean;
  /** Answer this instead of the node. */
  status?: 429 | 503;
  /** Runs before the request is forwarded (it holds the request meanwhile). */
  before?: () => Promise<void>;
  /** How many matching requests the rule takes; default every one until removed. */
  times?: number;
}

export interface Fault {
  /** Requests the rule took so far. */
  readonly hits: number;
  remove(): void;
}

export interface FaultProxy {
  url: string;
  inject(rule: FaultRule): Fault;
  clear(): void;
  close(): Promise<void>;
}

const ENGINE_ERRORS = {
  429: { type: "es_rejected_execution_exception", reason: "rejected execution of search (queue capacity 1000) [fault injected]" },
  503: { type: "cluster_block_exception", reason: "blocked by: [SERVICE_UNAVAILABLE/2/no cluster-manager] [fault injected]" },
};

/** The rule's answer, the engine's error body with its status. */
function answer(response: ServerResponse, status: 429 | 503): void {
  const error = { root_cause: [ENGINE_ERRORS[status]], ...ENGINE_ERRORS[status] };
  response.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  response.end(JSON.stringify({ error, status }));
}

export async function startFaultProxy(port: number, nodePort: number): Promise<FaultProxy> {
  const rules: { rule: FaultRule; hits: number; removed: boolean }[] = [];
  const agent = new Agent({ keepAlive: false });

  function pick(seen: SeenRequest) {
    const entry = rules.find((r) => !r.removed && (r.rule.times === undefined || r.hits < r.rule.times) && r.rule.match(seen));
    if (entry) entry.hits++;
    return entry?.rule;
  }

  function pass(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    const upstream = forward(
      { host: "127.0.0.1", port: nodePort, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    // The node refused or dropped the connection: so does the proxy. The client gave up: stop waiting for the node.
    upstream.on("error", () => response.socket?.destroy());
    response.on("close", () => upstream.destroy());
    upstream.end(body);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const rule = pick({ method: request.method ?? "", path: request.url ?? "", body: body.toString() });
      if (rule?.status) return answer(response, rule.status);
      if (rule?.before)
        return void rule.before().then(
          () => pass(request, response, body),
          () => response.socket?.destroy(),
        );
      pass(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    inject(rule) {
      const entry = { rule, hits: 0, removed: false };
      rules.push(entry);
      return {
        get hits() {
          return entry.hits;
        },
        remove: () => void (entry.removed = true),
      };
    },
    clear: () => void rules.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
