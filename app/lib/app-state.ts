/**
 * Browser-storage state of spec §4 and §9, under fixed keys:
 * - the application state (where the user was) saved before a redirect to /logga-in after a 401, restored after
 *   sign-in;
 * - the reload state saved before a reload for a new client version, valid for under 10 s.
 * Everything read back is validated; storage that is missing, full or blocked is treated as empty.
 */
import { z } from "zod";

export const APP_STATE_KEY = "urval.appState";
export const RELOAD_STATE_KEY = "urval.reloadState";
/** How long saved application state may be used to return after sign-in. */
export const APP_STATE_MAX_AGE_MS = 60 * 60 * 1000;
/** Spec §4: the saved reload state is valid for under 10 s. */
export const RELOAD_STATE_MAX_AGE_MS = 10_000;

const AppStateSchema = z.object({ path: z.string(), savedAt: z.number() });
const ReloadStateSchema = z.object({ path: z.string(), savedAt: z.number(), parts: z.record(z.string(), z.unknown()) });
export type ReloadState = z.infer<typeof ReloadStateSchema>;

/** /logga-in and /logga-in/{codeId}. */
export const isSignInPath = (pathname: string) => pathname === "/logga-in" || pathname.startsWith("/logga-in/");

/** A path inside this site that is safe to return to: starts with one "/", is not the sign-in page itself. */
export function safeReturnPath(path: string | null | undefined): string | undefined {
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return undefined;
  if ([...path].some((char) => char.charCodeAt(0) < 0x20)) return undefined;
  if (isSignInPath(path.split("?")[0] ?? "")) return undefined;
  return path;
}

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the state is a convenience, never required.
  }
}

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

/** Saves where the user is (path + query) before sending them to sign in. */
export function saveAppState(path: string, now = Date.now()): void {
  const safe = safeReturnPath(path);
  if (safe) write(APP_STATE_KEY, { path: safe, savedAt: now });
}

/** The saved return path, once (it is removed when read); undefined when none or too old. */
export function takeAppStatePath(now = Date.now()): string | undefined {
  const state = take(APP_STATE_KEY, AppStateSchema);
  if (!state || now - state.savedAt > APP_STATE_MAX_AGE_MS || state.savedAt > now) return undefined;
  return safeReturnPath(state.path);
}

type ReloadPartProvider = () => unknown;
const reloadPartProviders = new Map<string, ReloadPartProvider>();

/**
 * Lets a screen (e.g. the search screen) add its state to the reload state; returns the unregister function.
 * After the reload it reads its part back with takeReloadState().parts[name].
 */
export function registerReloadPart(name: string, provide: ReloadPartProvider): () => void {
  reloadPartProviders.set(name, provide);
  return () => {
    if (reloadPartProviders.get(name) === provide) reloadPartProviders.delete(name);
  };
}

/** Saves the reload state (path + every registered part) right before a reload. */
export function saveReloadState(path: string, now = Date.now()): void {
  const parts: Record<string, unknown> = {};
  for (const [name, provide] of reloadPartProviders) parts[name] = provide();
  write(RELOAD_STATE_KEY, { path, savedAt: now, parts });
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

export const PENDING_CODE_KEY = "urval.pendingCode";
const PendingCodeSchema = z.object({ codeId: z.string(), obfuscatedIdentity: z.string(), savedAt: z.number() });
/** One-time codes are valid 10 minutes; the remembered identity is not needed longer. */
const PENDING_CODE_MAX_AGE_MS = 10 * 60 * 1000;

/** Remembers to whom a code was sent, so that the link in the message (/e/{codeId}) can say it in another tab. */
export function savePendingCode(codeId: string, obfuscatedIdentity: string, now = Date.now()): void {
  write(PENDING_CODE_KEY, { codeId, obfuscatedIdentity, savedAt: now });
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

export function clearPendingCode(): void {
  try {
    storage()?.removeItem(PENDING_CODE_KEY);
  } catch {
    // ignore: storage blocked
  }
}
