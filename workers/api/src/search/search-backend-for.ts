/** The request's SearchBackend (one per isolate, see search-index), timed into c.var.backendMs for Server-Timing. */
import type { Context } from "hono";
import { getSearchBackend, type SearchBackend } from "#search-index";
import type { ApiBindings } from "../env";
import { timeBackend } from "./timed-backend";

export async function backendFor(c: Context<ApiBindings>): Promise<SearchBackend> {
  const backend = await getSearchBackend(c.env);
  return timeBackend(backend, (ms) => c.set("backendMs", Math.round((c.var.backendMs + ms) * 10) / 10));
}
