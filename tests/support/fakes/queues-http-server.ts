/**
 * A local fake of Cloudflare Queues' HTTP API as its reference documents it: "List Queues" (GET
 * /client/v4/accounts/:account/queues, `result` an array of queues with `queue_id` and `queue_name`) and "Push Message
 * Batch" (POST /client/v4/accounts/:account/queues/:queue_id/messages/batch with `{ messages: [{ body, content_type,
 * delay_seconds }], delay_seconds }`, content_type "json" (any body) or "text" (a string body)), bearer token, the API
 * envelope `{ success, errors, messages, result }`; an unknown queue id answers error 10104 (QueueNotFound). A batch of
 * more than 100 messages is refused, as the Workers API's sendBatch refuses it. Accepted messages are recorded per
 * queue and handed to `onMessages` (a test can forward them into the local runtime's real queue).
 */
import { z } from "zod";
import { apiError, NO_ROUTE, startCloudflareApiFake, type ApiAnswer } from "./cloudflare-api-server";

const MessageSchema = z.union([
  z.strictObject({ body: z.string().optional(), content_type: z.literal("text"), delay_seconds: z.number().min(0).optional() }),
  z.strictObject({ body: z.unknown(), content_type: z.literal("json").optional(), delay_seconds: z.number().min(0).optional() }),
]);
export const PushBatchBodySchema = z.strictObject({
  messages: z.array(MessageSchema).max(100).optional(),
  delay_seconds: z.number().min(0).optional(),
});

export async function startFakeQueuesApi(options: {
  token: string;
  queues: Record<string, string>;
  onMessages?: (queueName: string, bodies: unknown[]) => Promise<unknown>;
}) {
  const received = new Map<string, unknown[]>();
  const nameOf = new Map(Object.entries(options.queues).map(([name, id]) => [id, name]));
  const handle = async (method: string, url: string, text: string): Promise<ApiAnswer> => {
    if (method === "GET" && /^\/client\/v4\/accounts\/[^/]+\/queues$/.test(url)) {
      const queues = Object.entries(options.queues).map(([name, id]) => ({
        queue_id: id,
        queue_name: name,
        created_on: "2026-11-01T00:00:00Z",
      }));
      return { status: 200, result: queues };
    }
    const push = /^\/client\/v4\/accounts\/[^/]+\/queues\/([^/]+)\/messages\/batch$/.exec(url);
    if (method !== "POST" || !push) return NO_ROUTE;
    const name = nameOf.get(decodeURIComponent(push[1]!));
    if (!name) return apiError(404, 10104, "QueueNotFound");
    let body: z.infer<typeof PushBatchBodySchema>;
    try {
      body = PushBatchBodySchema.parse(JSON.parse(text));
    } catch (error) {
      return apiError(400, 10203, `invalid message batch: ${String(error)}`);
    }
    const bodies = (body.messages ?? []).map((m) => m.body);
    received.set(name, [...(received.get(name) ?? []), ...bodies]);
    await options.onMessages?.(name, bodies);
    return { status: 200, result: { metadata: { metrics: { backlog_count: bodies.length } } } };
  };
  const server = await startCloudflareApiFake(options.token, handle);
  return {
    baseUrl: server.baseUrl,
    received: (queueName: string) => received.get(queueName) ?? [],
    close: server.close,
  };
}
