/** HTTP checks against a cluster: a node answers, the cluster health. */
import { z } from "zod";

const HealthSchema = z.object({ status: z.string(), timed_out: z.boolean().optional(), number_of_nodes: z.number().optional() });
const RootSchema = z.object({ version: z.object({ number: z.string() }) });

/** GET a JSON document; null when the node does not answer in time. */
export async function getJson(url: string, timeoutMs: number): Promise<{ status: number; body: unknown } | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, body };
  } catch {
    return null;
  }
}

/** The node's version when its HTTP port answers, else null. */
export async function nodeVersion(url: string): Promise<string | null> {
  const answer = await getJson(url, 1_000);
  const parsed = answer?.status === 200 ? RootSchema.safeParse(answer.body) : null;
  return parsed?.success ? parsed.data.version.number : null;
}

/** True when the cluster has reached `status` with at least `nodes` nodes (asks once, waiting at most 1 s). */
export async function isHealthy(url: string, status: "yellow" | "green", nodes: number): Promise<boolean> {
  const answer = await getJson(`${url}/_cluster/health?wait_for_status=${status}&wait_for_nodes=${nodes}&timeout=1s`, 5_000);
  const parsed = answer?.status === 200 ? HealthSchema.safeParse(answer.body) : null;
  return parsed?.success === true && parsed.data.timed_out !== true;
}

/** The cluster's health status from the first node that answers, or "unreachable". */
export async function healthStatus(urls: string[]): Promise<string> {
  for (const url of urls) {
    const answer = await getJson(`${url}/_cluster/health`, 3_000);
    const parsed = answer ? HealthSchema.safeParse(answer.body) : null;
    if (parsed?.success) return parsed.data.status;
  }
  return "unreachable";
}
