/**
 * Reads back what app-state.ts saved, each value checked with zod. Apart from it so the pages' first load, which
 * saves state, carries no zod: the sign-in page imports this, the search screen loads it when a reload state is there
 * (decision 0063).
 */
import { z } from "zod";
import {
  APP_STATE_KEY,
  APP_STATE_MAX_AGE_MS,
  PENDING_CODE_KEY,
  PENDING_CODE_MAX_AGE_MS,
  RELOAD_STATE_KEY,
  RELOAD_STATE_MAX_AGE_MS,
  safeReturnPath,
  storage,
} from "./app-state";

const AppStateSchema = z.object({ path: z.string(), savedAt: z.number() });
const ReloadStateSchema = z.object({ path: z.string(), savedAt: z.number(), parts: z.record(z.string(), z.unknown()) });
export type ReloadState = z.infer<typeof ReloadStateSchema>;
const PendingCodeSchema = z.object({ codeId: z.string(), obfuscatedIdentity: z.string(), savedAt: z.number() });

function take<T>(key: string, schema: z.ZodType<T>): T | undefined {
  const store = storage();
  try {
    const raw = store?.getItem(key);
    store?.removeItem(key);
    if (!raw) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The saved return path, once (it is removed when read); undefined when none or too old. */
export function takeAppStatePath(now = Date.now()): string | undefined {
  const state = take(APP_STATE_KEY, AppStateSchema);
  if (!state || now - state.savedAt > APP_STATE_MAX_AGE_MS || state.savedAt > now) return undefined;
  return safeReturnPath(state.path);
}

let reloadStateRead: { state: ReloadState | undefined } | undefined;

/**
 * The reload state saved less than 10 s ago for this same path, or undefined. It is taken out of storage on the first
 * call of a page load; later calls in the same page load get the same answer.
 */
export function readReloadState(path: string, now = Date.now()): ReloadState | undefined {
  if (!reloadStateRead) {
    const state = take(RELOAD_STATE_KEY, ReloadStateSchema);
    const age = state ? now - state.savedAt : -1;
    reloadStateRead = { state: state && state.path === path && age >= 0 && age < RELOAD_STATE_MAX_AGE_MS ? state : undefined };
  }
  return reloadStateRead.state;
}

/** The identity a code was sent to, when this browser sent it recently. */
export function pendingCodeIdentity(codeId: string, now = Date.now()): string | undefined {
  try {
    const raw = storage()?.getItem(PENDING_CODE_KEY);
    const parsed = raw ? PendingCodeSchema.safeParse(JSON.parse(raw)) : undefined;
    if (!parsed?.success || parsed.data.codeId !== codeId || now - parsed.data.savedAt > PENDING_CODE_MAX_AGE_MS) return undefined;
    return parsed.data.obfuscatedIdentity;
  } catch {
    return undefined;
  }
}
