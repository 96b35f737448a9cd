/**
 * Browser-storage state of spec §4 and §9, under fixed keys:
 * - the application state (where the user was) saved before a redirect to /logga-in after a 401, restored after
 *   sign-in;
 * - the reload state saved before a reload for a new client version, valid for under 10 s.
 * Everything read back is validated (app-state-read.ts, apart so the pages' first load has no zod: decision 0063);
 * storage that is missing, full or blocked is treated as empty.
 */
import { documentLoadType } from "./load-type";

export const APP_STATE_KEY = "urval.appState";
export const RELOAD_STATE_KEY = "urval.reloadState";
/** How long saved application state may be used to return after sign-in. */
export const APP_STATE_MAX_AGE_MS = 60 * 60 * 1000;
/** Spec §4: the saved reload state is valid for under 10 s. */
export const RELOAD_STATE_MAX_AGE_MS = 10_000;

/** /logga-in and /logga-in/{codeId}. */
export const isSignInPath = (pathname: string) => pathname === "/logga-in" || pathname.startsWith("/logga-in/");

/** A path inside this site that is safe to return to: starts with one "/", is not the sign-in page itself. */
export function safeReturnPath(path: string | null | undefined): string | undefined {
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return undefined;
  if ([...path].some((char) => char.charCodeAt(0) < 0x20)) return undefined;
  if (isSignInPath(path.split("?")[0] ?? "")) return undefined;
  return path;
}

export function storage(): Storage | undefined {
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

/** Saves where the user is (path + query) before sending them to sign in. */
export function saveAppState(path: string, now = Date.now()): void {
  const safe = safeReturnPath(path);
  if (safe) write(APP_STATE_KEY, { path: safe, savedAt: now });
}

type ReloadPartProvider = () => unknown;
const reloadPartProviders = new Map<string, ReloadPartProvider>();

/**
 * Lets a screen (e.g. the search screen) add its state to the reload state; returns the unregister function.
 * After the reload it reads its part back with readReloadState(path).parts[name] (app-state-read.ts).
 */
export function registerReloadPart(name: string, provide: ReloadPartProvider): () => void {
  reloadPartProviders.set(name, provide);
  return () => {
    if (reloadPartProviders.get(name) === provide) reloadPartProviders.delete(name);
  };
}

/**
 * Whether this document was loaded by a reload, the only way a reload state is used: any other load leaves storage
 * alone, as a page's first localStorage read waits for the browser to load the site's storage (about 20 ms of a phone's
 * hydration, decision 0071). Where the browser cannot say, storage is read.
 */
function loadedByReload(): boolean {
  const type = documentLoadType();
  return type === null || type === "reload";
}

/** Whether a reload state is saved (read it with app-state-read.ts). */
export function hasReloadState(): boolean {
  try {
    return loadedByReload() && Boolean(storage()?.getItem(RELOAD_STATE_KEY));
  } catch {
    return false;
  }
}

/** Saves the reload state (path + every registered part) right before a reload. */
export function saveReloadState(path: string, now = Date.now()): void {
  const parts: Record<string, unknown> = {};
  for (const [name, provide] of reloadPartProviders) parts[name] = provide();
  write(RELOAD_STATE_KEY, { path, savedAt: now, parts });
}

export const PENDING_CODE_KEY = "urval.pendingCode";
/** One-time codes are valid 10 minutes; the remembered identity is not needed longer. */
export const PENDING_CODE_MAX_AGE_MS = 10 * 60 * 1000;

/** Remembers to whom a code was sent, so that the link in the message (/e/{codeId}) can say it in another tab. */
export function savePendingCode(codeId: string, obfuscatedIdentity: string, now = Date.now()): void {
  write(PENDING_CODE_KEY, { codeId, obfuscatedIdentity, savedAt: now });
}

export function clearPendingCode(): void {
  try {
    storage()?.removeItem(PENDING_CODE_KEY);
  } catch {
    // ignore: storage blocked
  }
}
