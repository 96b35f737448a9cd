/**
 * The API client instance the browser uses, wired to the modals, browser storage and navigation, plus the preflight
 * before opening a link in a new tab (spec §7).
 */
import { createApiClient } from "./api-client";
import { safeReturnPath, saveAppState } from "./app-state";
import { openModal } from "./modal-store";
import { REASON_PARAM, SESSION_ENDED } from "./sign-in-reason";
import { clearSessionExpiry, noteSessionExpiry, sessionExpiresWithin } from "./session-clock";

export const SIGN_IN_PATH = "/logga-in";
/** Spec §9: preflight when the session expires within 2 s. */
export const PREFLIGHT_THRESHOLD_MS = 2_000;

let leaving = false;

/**
 * Spec §4/§8: after a failed refresh the application state is saved and the user goes to sign-in. The path also
 * travels in `till` (as with the server's redirects), so a form posted before the sign-in page hydrates returns too.
 */
function goToSignIn() {
  if (leaving) return;
  leaving = true;
  const here = window.location.pathname + window.location.search;
  saveAppState(here);
  clearSessionExpiry();
  const back = safeReturnPath(here);
  // The sign-in page says why the user is there (issue 25).
  const reason = `${REASON_PARAM}=${SESSION_ENDED}`;
  window.location.assign(back && back !== "/" ? `${SIGN_IN_PATH}?till=${encodeURIComponent(back)}&${reason}` : `${SIGN_IN_PATH}?${reason}`);
}

export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  onNewVersion: () => openModal({ kind: "newVersion" }),
  onSignedOut: goToSignIn,
  // The answer's contract comes with zod, which the page's first load leaves out (decision 0063).
  onRefreshed: (answer) =>
    void import("#shared/api-contracts/auth").then(({ SessionAnswerSchema }) =>
      noteSessionExpiry(SessionAnswerSchema.safeParse(answer).data?.expiresAt),
    ),
});

/**
 * Opens a link in a new tab; when the session ends within 2 s, first GET /sapi/preflight so the API client refreshes
 * the session (or sends the user to sign in). The tab is opened at once so popup blockers allow it.
 */
export async function openWithPreflight(url: string): Promise<void> {
  if (!sessionExpiresWithin(PREFLIGHT_THRESHOLD_MS)) {
    window.open(url, "_blank", "noopener");
    return;
  }
  const tab = window.open("about:blank", "_blank");
  if (tab) tab.opener = null;
  try {
    await api.call("/sapi/preflight", { responseType: "none" });
  } catch {
    tab?.close();
    return;
  }
  if (tab) tab.location.href = url;
  else window.open(url, "_blank", "noopener");
}
