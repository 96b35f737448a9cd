/**
 * The part every local fake of a Cloudflare v4 REST API shares: an HTTP server on loopback that checks the bearer
 * token and answers with the API's envelope `{ success, errors, messages, result }`. Each fake routes the requests.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface ApiAnswer {
  status: number;
  result?: unknown;
  errors?: { code: number; message: string }[];
  /** Bytes answered as they are instead of the envelope (an R2 object's). */
  raw?: Uint8Array;
  /** The envelope's `result_info` of a list endpoint (its next page's cursor). */
  resultInfo?: unknown;
}

export const apiError = (status: number, code: number, message: string): ApiAnswer => ({ status, errors: [{ code, message }] });
export const NO_ROUTE = apiError(404, 7003, "No route for the URI");

/** Starts a fake on 127.0.0.1; `handle` gets each authorised request (method, path, body text, body bytes). */
export async function startCloudflareApiFake(
  token: string,
  handle: (method: string, url: string, body: string, bytes: Buffer) => Promise<ApiAnswer> | ApiAnswer,
) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const reply = ({ status, result = null, errors = [], raw, resultInfo }: ApiAnswer) =>
        raw
          ? response.writeHead(status, { "Content-Type": "application/octet-stream" }).end(raw)
          : response.writeHead(status, { "Content-Type": "application/json" }).end(
              JSON.stringify({
                success: errors.length === 0,
                errors,
                messages: [],
                result,
                ...(resultInfo === undefined ? {} : { result_info: resultInfo }),
              }),
            );
      if (request.headers.authorization !== `Bearer ${token}`) return reply(apiError(403, 10000, "Authentication error"));
      Promise.resolve()
        .then(() => {
          const bytes = Buffer.concat(chunks);
          return handle(request.method ?? "GET", request.url ?? "", bytes.toString("utf8"), bytes);
        })
        .then(reply, (error: unknown) => reply(apiError(500, 10000, String(error))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
