/**
 * The fuzzer's oracle for one answer: never a 5xx; a 4xx is JSON in the spec's error shape { type, message, code,
 * requestId } without anything of a stack trace; a 2xx matches the route's answer contract. Answers the runtime gives
 * before any worker runs (bad URI, URI too long) carry no X-Request-Id and are counted apart, still never a 5xx.
 */
import { z } from "zod";
import { ErrorBodySchema } from "#shared/errors";
import type { RawResponse } from "#tests/support/raw-http";
import type { AnswerContract } from "./route-catalogue";

export type Verdict =
  | { ok: true; kind: "2xx-valid" | "2xx-unchecked" | "4xx" | "runtime-4xx" }
  | { ok: false; kind: "5xx" | "bad-error-body" | "stack-trace" | "contract" | "unexpected-status"; detail: string };

/** Stack frames, engine error names and source paths: none may reach a client. */
const LEAK_PATTERNS = [
  /\n\s+at [^\n]*:\d+:\d+/,
  /\bat (?:async )?[\w$.<>]+ \((?:file|node|cloudflare|internal)?[^)]*:\d+:\d+\)/,
  /\b(?:TypeError|ReferenceError|SyntaxError|RangeError|URIError|D1_ERROR|SQLITE_\w+)\b/,
  /file:\/\/|\/work\/|node_modules|\.wrangler\/tmp|\.ts:\d+/,
];

export function leaksInternals(text: string): RegExp | undefined {
  return LEAK_PATTERNS.find((pattern) => pattern.test(text));
}

function checkError(response: RawResponse): Verdict {
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return { ok: false, kind: "bad-error-body", detail: `not JSON: ${response.body.slice(0, 200)}` };
  }
  const parsed = ErrorBodySchema.strict().safeParse(body);
  if (!parsed.success)
    return { ok: false, kind: "bad-error-body", detail: `${z.prettifyError(parsed.error)} in ${response.body.slice(0, 300)}` };
  if (parsed.data.requestId !== response.headers["x-request-id"]) {
    return {
      ok: false,
      kind: "bad-error-body",
      detail: `requestId ${parsed.data.requestId} ≠ X-Request-Id ${String(response.headers["x-request-id"])}`,
    };
  }
  return { ok: true, kind: "4xx" };
}

function checkSuccess(response: RawResponse, contract: AnswerContract | undefined): Verdict {
  const type = String(response.headers["content-type"] ?? "");
  if (contract === undefined) return { ok: true, kind: "2xx-unchecked" };
  if (contract === "empty") {
    return response.status === 204 && response.body === ""
      ? { ok: true, kind: "2xx-valid" }
      : { ok: false, kind: "contract", detail: `expected 204 without body, got ${response.status} ${response.body.slice(0, 100)}` };
  }
  if (contract === "html" || contract === "xlsx") {
    const expected = contract === "html" ? "text/html" : "spreadsheetml";
    return type.includes(expected) ? { ok: true, kind: "2xx-valid" } : { ok: false, kind: "contract", detail: `Content-Type ${type}` };
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return { ok: false, kind: "contract", detail: `2xx not JSON: ${response.body.slice(0, 200)}` };
  }
  const parsed = contract.safeParse(body);
  return parsed.success
    ? { ok: true, kind: "2xx-valid" }
    : { ok: false, kind: "contract", detail: z.prettifyError(parsed.error).slice(0, 500) };
}

export function judge(response: RawResponse, contract: AnswerContract | undefined): Verdict {
  const leak = leaksInternals(response.body);
  if (response.status >= 500) return { ok: false, kind: "5xx", detail: response.body.slice(0, 300) };
  if (leak && response.status >= 400) return { ok: false, kind: "stack-trace", detail: `${leak} in ${response.body.slice(0, 300)}` };
  if (response.status >= 400 && response.status < 500) {
    if (response.headers["x-request-id"] === undefined && response.body.length < 200) return { ok: true, kind: "runtime-4xx" };
    return checkError(response);
  }
  if (response.status >= 200 && response.status < 300) return checkSuccess(response, contract);
  return { ok: false, kind: "unexpected-status", detail: `${response.status} ${response.body.slice(0, 200)}` };
}
