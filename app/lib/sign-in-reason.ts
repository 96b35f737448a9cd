/**
 * Why the sign-in page is shown, in the product's voice (issue 25), read from its address: a session that ended
 * while the user worked (`orsak=session`, added by the browser's API client), a shared search (`till` opens
 * /sok?referens=…), or another page that needs sign-in (`till`). A visitor who came to sign in gets no reason.
 */
import { safeReturnPath } from "./app-state";

export const REASON_PARAM = "orsak";
export const SESSION_ENDED = "session";

export const SIGN_IN_REASONS = {
  sessionEnded: "Du har loggats ut eftersom sessionen tog slut. Logga in igen för att fortsätta där du var.",
  sharedSearch: "Logga in för att öppna den delade sökningen.",
  protectedPage: "Logga in för att fortsätta.",
} as const;

export function signInReason(params: URLSearchParams): string | null {
  if (params.get(REASON_PARAM) === SESSION_ENDED) return SIGN_IN_REASONS.sessionEnded;
  const back = safeReturnPath(params.get("till"));
  if (!back) return null;
  const target = new URL(back, "https://urval.invalid");
  if (target.pathname === "/sok" && target.searchParams.has("referens")) return SIGN_IN_REASONS.sharedSearch;
  return SIGN_IN_REASONS.protectedPage;
}
