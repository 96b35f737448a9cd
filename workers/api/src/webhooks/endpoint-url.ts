/**
 * Which addresses may receive webhooks (issue 47 point 4): HTTPS on a public host only. Refused: other schemes, plain
 * http (outside local development), credentials in the address, names that only resolve inside a network (localhost,
 * .local, .internal, single labels…) and IP literals in private, loopback, link-local, shared, multicast or reserved
 * space, IPv4 written in any of the forms the URL parser accepts (it normalises 2130706433 and 0x7f.1 to 127.0.0.1) and
 * IPv6 with an IPv4 inside. In local development (APP_ENV development) a loopback http receiver is allowed, for tests
 * and for trying it out. A name's DNS answer is not checked here: Workers cannot resolve names, and their fetch
 * leaves from Cloudflare's network, never ours (docs/decisions/0062).
 */

export type EndpointRefusal = "INVALID" | "NOT_HTTPS" | "CREDENTIALS" | "PRIVATE_ADDRESS";

export const MAX_ENDPOINT_URL_LENGTH = 2000;

const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home.arpa", ".intranet", ".corp", ".private"];

/** IPv4 ranges that are not the public internet: [first octets as a number, prefix length]. */
const PRIVATE_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
];

function v4Number(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function isPrivateV4(address: number): boolean {
  return PRIVATE_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(base)!;
    return address >= start && address < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 literal as the URL parser writes it (hex groups, `::` at most once). */
function v6Groups(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === "" ? [] : s.split(":").map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  const zeros = halves.length === 2 ? 8 - left.length - right.length : 0;
  if (zeros < 0) return null;
  const groups = [...left, ...Array<number>(zeros).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}

function isPrivateV6(groups: number[]): boolean {
  const [g0] = groups as [number];
  if (groups.slice(0, 7).every((g) => g === 0)) return true; // :: and ::1
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true; // site-local (deprecated) fec0::/10
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && groups[1] === 0x0db8) return true; // documentation
  // IPv4 inside: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16).
  const embedded = (hi: number, lo: number) => isPrivateV4(hi * 65536 + lo);
  if (groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || groups[5] === 0)) return embedded(groups[6]!, groups[7]!);
  if (g0 === 0x64 && groups[1] === 0xff9b) return embedded(groups[6]!, groups[7]!);
  if (g0 === 0x2002) return embedded(groups[1]!, groups[2]!);
  return false;
}

const isLoopbackHost = (host: string) => host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);

function privateHost(host: string): boolean {
  if (host.startsWith("[")) {
    const groups = v6Groups(host.slice(1, -1));
    return groups === null || isPrivateV6(groups);
  }
  const v4 = v4Number(host);
  if (v4 !== null) return isPrivateV4(v4);
  if (/^[\d.]+$/.test(host)) return true; // digits the parser left alone: no public name looks like that
  const name = host.replace(/\.$/, "");
  if (!name.includes(".")) return true; // a single label resolves only inside a network
  return name === "localhost" || LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/** Why an address may not receive webhooks, or null when it may. */
export function refuseEndpointUrl(input: string, options: { localDevelopment: boolean }): EndpointRefusal | null {
  const hasControlOrSpace = [...input].some((char) => char.codePointAt(0)! <= 0x20 || /\s/.test(char));
  if (input.length === 0 || input.length > MAX_ENDPOINT_URL_LENGTH || hasControlOrSpace) return "INVALID";
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return "INVALID";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "INVALID";
  if (url.username !== "" || url.password !== "") return "CREDENTIALS";
  const host = url.hostname.toLowerCase();
  if (options.localDevelopment && isLoopbackHost(host)) return null;
  if (url.protocol !== "https:") return "NOT_HTTPS";
  if (host === "" || privateHost(host)) return "PRIVATE_ADDRESS";
  return null;
}
