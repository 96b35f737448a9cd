/**
 * One generated request per draw: a route of the router, a mode (valid, one thing mutated, hostile body, path, query
 * or headers), and who sends it (the fuzz user, nobody, or a forged cookie). Placeholders (@jobId, …) are filled in by
 * the sender from ids the API handed out earlier in the run.
 */
import fc from "fast-check";
import {
  encodeSegment,
  hostileBody,
  hostilePathSegment,
  hostileString,
  mutateValue,
  materializeBody,
  MULTIPART_BOUNDARY,
  oddContentType,
  POLLUTION_KEYS,
  type BodySpec,
} from "./hostile-values";
import type { RouteContract } from "./route-catalogue";

export type FuzzMode = "valid" | "mutated" | "hostile-body" | "hostile-path" | "hostile-query" | "hostile-headers";
export type Sender = "user" | "none" | "forged-cookie";

export interface RouteRef {
  method: string;
  path: string;
}

export interface FuzzRequest {
  route: RouteRef;
  mode: FuzzMode;
  sender: Sender;
  /** Path with params filled in, already encoded (placeholders still raw). */
  path: string;
  /** Query pairs, encoded as sent (a pair may lack "=" or repeat a name). */
  query: string[];
  headers: Record<string, string>;
  body: BodySpec;
  forgedCookie: string;
}

const encodePair = (key: string, value: string) => `${encodeSegment(key)}=${encodeSegment(value)}`;

/** Header values Node can put on the wire (tab, printable ASCII and Latin-1). */
export const headerSafe = (value: string) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, "?").slice(0, 8000);

function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\/:(\w+)\??/g, (_, name: string) => (params[name] === undefined ? "" : `/${params[name]}`));
}

const paramNames = (template: string) => [...template.matchAll(/:(\w+)/g)].map((match) => match[1] as string);

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const forgedCookie: fc.Arbitrary<string> = fc.oneof(
  fc.constant(`${base64url({ alg: "none", typ: "JWT" })}.${base64url({ sub: "x", sid: "y", exp: 9_999_999_999 })}.`),
  fc.constant(`${base64url({ alg: "HS256" })}.${base64url({ sub: "' OR 1=1 --", sid: "__proto__", exp: 1 })}.AAAA`),
  hostileString.map(headerSafe),
  fc.nat({ max: 12_000 }).map((n) => "a".repeat(n)),
);

const PLACEHOLDER_PATTERN = /^@/;
const encodeParam = (value: string) => (PLACEHOLDER_PATTERN.test(value) ? value : encodeSegment(value));

function validParts(contract: RouteContract | undefined, template: string) {
  const params = Object.fromEntries(
    paramNames(template).map((name) => [name, (contract?.params?.[name] ?? fc.string({ maxLength: 12 })).map(encodeParam)] as const),
  );
  return fc.record({
    params: fc.record(params),
    query: (contract?.query ?? fc.constant({})).map((query) => Object.entries(query).map(([key, value]) => encodePair(key, String(value)))),
    headers: contract?.headers ?? fc.constant({}),
    body: contract?.body ?? fc.constant<BodySpec>({ kind: "none" }),
  });
}

type Parts = { params: Record<string, string>; query: string[]; headers: Record<string, string>; body: BodySpec };

const hostileQueryPairs: fc.Arbitrary<string[]> = fc.array(
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...POLLUTION_KEYS, "__proto__[polluted]", "constructor[prototype][polluted]"), hostileString)
      .map(([k, v]) => encodePair(k, v)),
    hostileString.map((key) => encodeSegment(key)),
    fc.tuple(hostileString, hostileString).map(([k, v]) => encodePair(k, v)),
    fc.constantFrom("%ZZ=1", "a=%", "=", "&&", "a=1;b=2", "%00=%00"),
  ),
  { minLength: 1, maxLength: 6 },
);

function mutate(parts: Parts, mode: FuzzMode, route: RouteRef): fc.Arbitrary<Parts> {
  const names = paramNames(route.path);
  const readsNoBody = route.method === "GET" || route.method === "DELETE";
  switch (mode) {
    case "valid":
      return fc.constant(parts);
    case "mutated":
      if (parts.body.kind === "multipart") {
        const part = parts.body;
        return fc.oneof(
          hostileString.map((field) => ({ ...parts, body: { ...part, field } })),
          hostileString.map((fileName) => ({ ...parts, body: { ...part, fileName } })),
          hostileString.map((content) => ({ ...parts, body: { ...part, content } })),
        );
      }
      return fc.oneof(
        parts.body.kind === "json"
          ? mutateValue(parts.body.value).map((value) => ({ ...parts, body: { kind: "json", value } as BodySpec }))
          : fc.constant(parts),
        parts.query.length > 0
          ? fc.oneof(
              fc.nat(parts.query.length - 1).map((i) => ({ ...parts, query: parts.query.filter((_, j) => j !== i) })),
              fc.tuple(fc.nat(parts.query.length - 1), hostileString).map(([i, value]) => {
                const key = (parts.query[i] ?? "a=").split("=")[0] ?? "a";
                return { ...parts, query: [...parts.query, `${key}=${encodeSegment(value)}`] };
              }),
            )
          : fc.constant(parts),
        names.length > 0
          ? fc
              .tuple(fc.constantFrom(...names), hostilePathSegment)
              .map(([name, value]) => ({ ...parts, params: { ...parts.params, [name]: value } }))
          : fc.constant(parts),
      );
    case "hostile-body":
      // A GET or DELETE gets bodies up to UNREAD_BODY_MAX_BYTES only: see that constant.
      return hostileBody.filter((body) => !readsNoBody || fitsUnreadBody(body)).map((body) => ({ ...parts, body }));
    case "hostile-path":
      return names.length > 0
        ? fc
            .record(Object.fromEntries(names.map((name) => [name, hostilePathSegment])))
            .map((params) => ({ ...parts, params: params as Record<string, string> }))
        : hostilePathSegment.map((segment) => ({ ...parts, params: { __extra: segment } }));
    case "hostile-query":
      return hostileQueryPairs.map((pairs) => ({ ...parts, query: [...parts.query, ...pairs] }));
    case "hostile-headers":
      return fc
        .record(
          {
            "Content-Type": oddContentType,
            "X-Search-Request-Id": hostileString.map(headerSafe),
            "Idempotency-Key": hostileString.map(headerSafe),
            "X-Client-Version": fc.constantFrom("-1", "0", "1e9", "abc", "99999999999999999999"),
            "X-Request-Id": hostileString.map(headerSafe),
            "Cache-Control": fc.constantFrom("no-cache", "no-store", "max-age=-1"),
            // Byte ranges (issue 28): the export file answers them; every other route ignores them.
            Range: fc.oneof(
              fc.constantFrom("bytes=0-0", "bytes=-0", "bytes=5-1", "bytes=0-1,3-4", "bytes=99999999999999999999999-", "bytes = 0-1"),
              fc.constantFrom("bytes=-99999999999999999999999", "items=0-1", "bytes=abc", "bytes=--1", "bytes=0-"),
              hostileString.map((value) => `bytes=${headerSafe(value)}`),
            ),
            "If-Range": fc.oneof(fc.constantFrom('"x"', 'W/"x"', "*", "Thu, 01 Jan 1970 00:00:00 GMT"), hostileString.map(headerSafe)),
          },
          { requiredKeys: [] },
        )
        .map((headers) => ({ ...parts, headers: { ...parts.headers, ...headers } }));
  }
}

/**
 * The largest body sent with a GET or DELETE. Our handlers never read such a body, and the local runtime's HTTP
 * server, after answering, closes the connection with the unread bytes still queued: the kernel then resets it and
 * the client may lose an answer that spans several segments. That happens for a static asset served by the runtime
 * alone just as for our routes (the "runtime control" test in workerd/hostile-input.test.ts measures it each
 * run), so it is not a property of our code. Bodies up to this size are read with the headers and never cut; larger
 * bodies, deep nesting and oversize payloads are fuzzed on the routes that read a body (POST, PUT, PATCH).
 */
export const UNREAD_BODY_MAX_BYTES = 4096;

function fitsUnreadBody(body: BodySpec): boolean {
  if (body.kind === "large") return false;
  const bytes = materializeBody(body);
  return bytes === undefined || (bytes instanceof Uint8Array && bytes.length <= UNREAD_BODY_MAX_BYTES);
}

const MODES: { weight: number; arbitrary: fc.Arbitrary<FuzzMode> }[] = [
  { weight: 3, arbitrary: fc.constant("valid") },
  { weight: 3, arbitrary: fc.constant("mutated") },
  { weight: 2, arbitrary: fc.constant("hostile-body") },
  { weight: 2, arbitrary: fc.constant("hostile-path") },
  { weight: 1, arbitrary: fc.constant("hostile-query") },
  { weight: 1, arbitrary: fc.constant("hostile-headers") },
];

export function fuzzRequest(route: RouteRef, contract: RouteContract | undefined): fc.Arbitrary<FuzzRequest> {
  const senders: fc.Arbitrary<Sender> = contract?.withoutUserSession
    ? fc.constantFrom<Sender>("none", "forged-cookie")
    : fc.oneof(
        { weight: 17, arbitrary: fc.constant<Sender>("user") },
        { weight: 2, arbitrary: fc.constant<Sender>("none") },
        { weight: 1, arbitrary: fc.constant<Sender>("forged-cookie") },
      );
  const asMultipart = contract?.multipart ? fc.boolean() : fc.constant(false);
  return fc
    .tuple(fc.oneof(...MODES), senders, forgedCookie, validParts(contract, route.path), asMultipart)
    .chain(([mode, sender, cookie, parts, multipart]) =>
      mutate(parts, mode, route).map((final): FuzzRequest => {
        const { __extra, ...params } = final.params;
        const path = fillPath(route.path, params) + (__extra === undefined ? "" : `/${__extra}`);
        const isMultipart = final.body.kind === "multipart" || (multipart && final.body.kind !== "none");
        const contentType = isMultipart
          ? `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`
          : final.body.kind === "none"
            ? undefined
            : "application/json";
        const headers = { ...(contentType ? { "Content-Type": contentType } : {}), ...final.headers };
        return { route, mode, sender, path, query: final.query, headers, body: final.body, forgedCookie: cookie };
      }),
    );
}
