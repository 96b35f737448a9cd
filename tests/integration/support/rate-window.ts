/**
 * Miniflare's rate limiter (the Workers Rate Limiting binding) counts in windows aligned to the clock
 * (floor(now / period)): waits, if needed, until the current window has `needMs` left, so that a burst fired now falls
 * into one window.
 */
export async function roomInWindow(periodSeconds: number, needMs: number): Promise<void> {
  const periodMs = periodSeconds * 1000;
  const left = periodMs - (Date.now() % periodMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
