/**
 * A local fake of Cloudflare's D1 HTTP API (POST /accounts/:account/d1/database/:db/query with { sql, params },
 * bearer token) backed by an in-memory SQLite with the API worker's migrations applied. Used to test the account
 * CLI's --remote path without the network.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Database from "better-sqlite3";

export async function startFakeD1Api(options: { token: string; migrationsDir: string }) {
  const sqlite = new Database(":memory:");
  for (const file of readdirSync(options.migrationsDir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    sqlite.exec(readFileSync(path.join(options.migrationsDir, file), "utf8"));
  }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const reply = (status: number, body: unknown) =>
        response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      if (request.headers.authorization !== `Bearer ${options.token}`)
        return reply(403, { success: false, errors: [{ message: "Authentication error" }] });
      if (!/^\/client\/v4\/accounts\/[^/]+\/d1\/database\/[^/]+\/query$/.test(request.url ?? ""))
        return reply(404, { success: false, errors: [{ message: "not found" }] });
      try {
        const { sql, params = [] } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { sql: string; params?: unknown[] };
        const statement = sqlite.prepare(sql);
        const results = statement.reader ? statement.all(...params) : [];
        const changes = statement.reader ? 0 : statement.run(...params).changes;
        return reply(200, { success: true, errors: [], result: [{ results, success: true, meta: { changes } }] });
      } catch (error) {
        return reply(400, { success: false, errors: [{ message: String(error) }] });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    sqlite,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())).then(() => sqlite.close()),
  };
}
