/**
 * A fake Elasticsearch over HTTP (no cluster can run here): records the requests and answers from a handler, e.g. a
 * test's own or the stateful FakeCluster (fake-es-cluster.ts).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** JSON body, or the parsed lines of an NDJSON body. */
  body: unknown;
}

export type FakeHandler = (request: FakeRequest) => { status?: number; body?: unknown };

export async function startFakeElasticsearch(handler: FakeHandler) {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const ndjson = String(req.headers["content-type"] ?? "").includes("ndjson");
      const body =
        text === ""
          ? null
          : ndjson
            ? text
                .split("\n")
                .filter(Boolean)
                .map((line) => JSON.parse(line) as unknown)
            : (JSON.parse(text) as unknown);
      const request = {
        method: req.method ?? "GET",
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      requests.push(request);
      const { status = 200, body: answer = {} } = handler(request);
      res.writeHead(status, { "content-type": "application/json", "x-elastic-product": "Elasticsearch" });
      res.end(req.method === "HEAD" ? undefined : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
