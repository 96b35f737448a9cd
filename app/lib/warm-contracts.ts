/**
 * The API's contracts (and zod) are not in a page's first load (decision 0063): each call that checks its answer
 * fetches them alongside its request. The user's first sign of intent (a pointer moving or pressed, a touch, a key)
 * fetches them already, so the first search or detail asked for seldom waits for them.
 */
const INTENT_EVENTS = ["pointermove", "pointerdown", "touchstart", "keydown"] as const;
const LISTENING = { capture: true, passive: true };

/** Starts listening; returns the function that stops (the fetch, once started, is not undone). */
export function warmContractsOnIntent(target: Pick<Window, "addEventListener" | "removeEventListener">, load: () => Promise<unknown>) {
  const stop = () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, warm, LISTENING);
  };
  function warm() {
    stop();
    void load().catch(() => undefined);
  }
  for (const type of INTENT_EVENTS) target.addEventListener(type, warm, LISTENING);
  return stop;
}

/** The search answer's contract, which brings zod and the shared schemas with it. */
export const loadSearchContracts = () => import("#shared/api-contracts/search-api");
