/**
 * Applies Set-Cookie answers to a Cookie request header, so that a loader can refresh the session and then call the
 * API again with the new cookies, and forward the same Set-Cookie headers to the browser.
 */

/** The name=value pairs of a Cookie header, in order. */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return cookies;
}

function isRemoval(attributes: string[], value: string): boolean {
  if (value === "") return true;
  return attributes.some((attribute) => {
    const [name = "", arg = ""] = attribute.split("=").map((s) => s.trim());
    if (name.toLowerCase() === "max-age") return Number(arg) <= 0;
    if (name.toLowerCase() === "expires") return Date.parse(arg) <= Date.now();
    return false;
  });
}

/** The Cookie header a browser would send after receiving these Set-Cookie headers. */
export function applySetCookies(cookieHeader: string | null | undefined, setCookies: readonly string[]): string {
  const cookies = parseCookieHeader(cookieHeader);
  for (const setCookie of setCookies) {
    const [pair = "", ...attributes] = setCookie.split(";");
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (isRemoval(attributes, value)) cookies.delete(name);
    else cookies.set(name, value);
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}
