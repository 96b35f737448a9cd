/**
 * A queue producer over Cloudflare Queues' HTTP API, for the reindex that runs outside the Workers runtime
 * (`--remote`): the queue's id is looked up once by its name (GET /accounts/{account}/queues, "List Queues"), then
 * messages go in batches to POST /accounts/{account}/queues/{queue_id}/messages/batch as
 * `{ messages: [{ body, content_type: "json" }] }` (at most SEND_BATCH each, the Workers API's sendBatch limit).
 * Only `sendBatch` of the Queue interface is provided: what dispatchMonitoringRuns uses.
 */
import { z } from "zod";
import { cloudflareCall, type CloudflareApiOptions } from "../lib/cloudflare-api";

export const SEND_BATCH = 100;

const QueueListSchema = z.array(z.object({ queue_id: z.string().min(1), queue_name: z.string() }).loose());

export interface HttpQueue<Body> {
  sendBatch(messages: Iterable<{ body: Body }>): Promise<void>;
}

export async function httpQueue<Body>(api: CloudflareApiOptions, queueName: string): Promise<HttpQueue<Body>> {
  const queues = await cloudflareCall(api, { method: "GET", path: "/queues" }, QueueListSchema);
  const queue = queues.find((q) => q.queue_name === queueName);
  if (!queue) throw new Error(`no queue named ${queueName} in the account (wrangler queues create ${queueName})`);
  const path = `/queues/${encodeURIComponent(queue.queue_id)}/messages/batch`;
  return {
    async sendBatch(messages) {
      const all = [...messages].map((m) => ({ body: m.body, content_type: "json" as const }));
      for (let at = 0; at < all.length; at += SEND_BATCH)
        await cloudflareCall(api, { method: "POST", path, body: { messages: all.slice(at, at + SEND_BATCH) } }, z.unknown());
    },
  };
}
