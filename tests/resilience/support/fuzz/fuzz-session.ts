/**
 * The run's moving parts: ids the API handed out (so later requests can name real jobs, files and links), the
 * placeholders filled in from them, the request as it goes on the wire, and the figures collected on the way.
 */
import type { RawRequest } from "#tests/support/raw-http";
import { headerSafe, type FuzzRequest } from "./fuzz-request";
import { materializeBody, type BodySpec } from "./hostile-values";
import type { Placeholder } from "./route-catalogue";

export interface KnownIds {
  listFileId: string[];
  jobId: string[];
  sharedLinkId: string[];
  codeId: string[];
}

export interface Identities {
  userCookie: string;
  sacrificeId: string;
  sacrificeSecret: string;
  origin: string;
  clientIp: () => string;
}

let counter = 0;

function pick(values: string[], fallback: string): string {
  counter += 1;
  return values.length === 0 ? fallback : (values[counter % values.length] as string);
}

export function placeholderValue(name: Placeholder, ids: KnownIds, who: Identities): string {
  switch (name) {
    case "@listFileId":
      return pick(ids.listFileId, "1");
    case "@jobId":
      return pick(ids.jobId, crypto.randomUUID());
    case "@sharedLinkId":
      return pick(ids.sharedLinkId, "AAAAAAAAAAAAAAAA");
    case "@codeId":
      return pick(ids.codeId, crypto.randomUUID());
    case "@idempotencyKey":
      return `fuzz-${Date.now()}-${(counter += 1)}`;
    case "@sacrificeId":
      return who.sacrificeId;
    case "@sacrificeSecret":
      return who.sacrificeSecret;
  }
}

const PLACEHOLDER = /@(?:listFileId|jobId|sharedLinkId|codeId|idempotencyKey|sacrificeId|sacrificeSecret)\b/g;

function fillString(text: string, ids: KnownIds, who: Identities): string {
  return text.replace(PLACEHOLDER, (name) => placeholderValue(name as Placeholder, ids, who));
}

function fillValue(value: unknown, ids: KnownIds, who: Identities): unknown {
  if (typeof value === "string") return fillString(value, ids, who);
  if (Array.isArray(value)) return value.map((item) => fillValue(item, ids, who));
  if (value !== null && typeof value === "object") {
    // Own keys only, "__proto__" included (JSON.parse made it an own property; keep it one).
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      Object.defineProperty(out, key, {
        value: fillValue((value as Record<string, unknown>)[key], ids, who),
        enumerable: true,
        writable: true,
      });
    }
    return out;
  }
  return value;
}

function fillBody(body: BodySpec, ids: KnownIds, who: Identities): BodySpec {
  return body.kind === "json" ? { kind: "json", value: fillValue(body.value, ids, who) } : body;
}

export function toRawRequest(request: FuzzRequest, ids: KnownIds, who: Identities): RawRequest {
  const query = request.query.length > 0 ? `?${request.query.join("&")}` : "";
  const target = fillString(request.path, ids, who) + fillString(query, ids, who);
  const headers: Record<string, string> = {
    Origin: who.origin,
    "Sec-Fetch-Site": "same-origin",
    "CF-Connecting-IP": who.clientIp(),
  };
  for (const [name, value] of Object.entries(request.headers)) headers[name] = headerSafe(fillString(value, ids, who));
  if (request.sender === "user") headers["Cookie"] = who.userCookie;
  if (request.sender === "forged-cookie")
    headers["Cookie"] = `__Host-urval-session=${request.forgedCookie}; __Host-urval-refresh=${request.forgedCookie}`;
  return { method: request.route.method, target, headers, body: materializeBody(fillBody(request.body, ids, who)) };
}

/** Learns ids from a 2xx answer so later requests can use them (and forgets deleted ones). */
export function learnIds(request: FuzzRequest, status: number, body: string, ids: KnownIds): void {
  const key = `${request.route.method} ${request.route.path}`;
  let value: unknown;
  try {
    value = body === "" ? undefined : JSON.parse(body);
  } catch {
    return;
  }
  if (key === "POST /sapi/search/create-shared-link/:serializedSearch" && typeof value === "string") {
    ids.sharedLinkId.push(value.split("/").pop() ?? "");
  } else if (key === "POST /sapi/extraction/spreadsheet" && status === 202) {
    ids.jobId.push((value as { jobId: string }).jobId);
  } else if (key.startsWith("POST /sapi/list-file/add/") && Array.isArray(value)) {
    for (const file of value as { id: number }[]) ids.listFileId.push(String(file.id));
  } else if (key === "POST /api/auth/sign-in/one-time-code/create") {
    ids.codeId.push((value as { codeId: string }).codeId);
  }
}
