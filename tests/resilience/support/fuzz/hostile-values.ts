/**
 * Hostile building blocks for the fuzzer: unicode edge cases, wrong types, prototype-pollution keys, odd path ids,
 * odd content types and mutations of a valid value. Large bodies are described (BodySpec) and only built when sent.
 */
import fc from "fast-check";

/** Strings no validator expects: lone surrogates, NUL, RTL overrides, combining marks, emoji, BOM, overlong-looking. */
export const UNICODE_EDGE_CASES = [
  "\uD800",
  "\uDFFF",
  "a\uDC00b",
  "\u0000",
  "abc\u0000def",
  "\u202Eevil\u202C",
  "\u200F\u200E\u061C",
  "e" + "\u0301".repeat(500),
  "👨‍👩‍👧‍👦🏳️‍🌈",
  "\uFEFF",
  "\uFFFE\uFFFF",
  "\u2028\u2029",
  "\u00C0\u00AF",
  "\u00E5\u00E4\u00F6\u00C5\u00C4\u00D6",
  "Ａ１２３",
  "١٢٣",
  "\t\r\n",
  " ",
  "",
] as const;

/** Strings that mean something to an interpreter somewhere. */
export const INJECTION_STRINGS = [
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "%s%n%x",
  "__proto__",
  "constructor",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x1F",
  "null",
  "true",
  "[]",
  "{}",
] as const;

export const POLLUTION_KEYS = ["__proto__", "constructor", "prototype"] as const;

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...UNICODE_EDGE_CASES, ...INJECTION_STRINGS),
  fc.string({ unit: "binary", maxLength: 64 }),
  fc.string({ unit: "grapheme", maxLength: 64 }),
  fc.nat({ max: 5000 }).map((n) => "x".repeat(n)),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
);

/** A value of the wrong type for almost any field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, [[]], [null], { "": null }),
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
);

/** A pollution payload: an object whose own keys are __proto__/constructor/prototype (as JSON.parse creates them). */
export const pollutionObject: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(fc.constantFrom(...POLLUTION_KEYS), fc.jsonValue({ maxDepth: 2 }))
  .map(
    ([key, value]) =>
      JSON.parse(`{"${key}": ${JSON.stringify({ polluted: value, isAdmin: true, prototype: { polluted: 1 } })}}`) as Record<
        string,
        unknown
      >,
  );

/** Path ids no route should take: traversal, encoded NUL, bad escapes, overlong UTF-8, huge, negative, float. */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "..",
    "%2e%2e",
    "%2E%2E%2F%2E%2E",
    "..%2f..%2fapi",
    "%00",
    "1%00",
    "%ZZ",
    "%",
    "%C0%AE%C0%AE",
    "%ED%A0%80",
    "%FF%FE",
    "%F0%9F%98%80",
    "-1",
    "0",
    "-0",
    "1.5",
    "1e3",
    "0x10",
    "%201",
    "1%20",
    "+1",
    "9007199254740993",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "NaN",
    "null",
    "undefined",
    "__proto__",
    "constructor",
    "%5B%5D",
    "%7B%7D",
    "a%2Fb",
    "%252e%252e",
  ),
  fc.nat({ max: 6000 }).map((n) => "9".repeat(n + 1)),
  hostileString.map(encodeSegment),
);

/** encodeURIComponent, with lone surrogates sent as their (invalid) UTF-8 bytes rather than throwing. */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\uD800-\uDFFF]/g, "%ED%A0%80").replace(/[^%A-Za-z0-9]/g, (ch) => encodeURIComponent(ch));
  }
}

export const oddContentType: fc.Arbitrary<string> = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "text/plain",
  "text/plain; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  'multipart/form-data; boundary="x"',
  "application/xml",
  "application/octet-stream",
  "application/vnd.ms-excel",
  "image/png",
  "*/*",
  "",
  "application/json, text/html",
);

/** Wraps a value in thousands of levels of arrays or objects (written as text: JSON.stringify recurses). */
export const deepNesting: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1000, max: 20_000 }), fc.boolean())
  .map(([levels, asObject]) =>
    asObject ? `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}` : `${"[".repeat(levels)}${"]".repeat(levels)}`,
  );

/** Sets, replaces or deletes one key somewhere in a JSON value (a valid body with one thing wrong). */
export function mutateValue(value: unknown): fc.Arbitrary<unknown> {
  if (value === null || typeof value !== "object") return fc.oneof(wrongType, hostileString);
  const keys = Object.keys(value);
  const replaceKey = fc.constantFrom(...(keys.length > 0 ? keys : ["x"]));
  const asRecord = value as Record<string, unknown>;
  return fc.oneof(
    fc.tuple(replaceKey, wrongType).map(([key, bad]) => ({ ...asRecord, [key]: bad })),
    fc.tuple(replaceKey, fc.constant(null)).chain(([key]) => mutateValue(asRecord[key]).map((inner) => ({ ...asRecord, [key]: inner }))),
    replaceKey.map((key) => Object.fromEntries(Object.entries(asRecord).filter(([k]) => k !== key))),
    pollutionObject.map((pollution) => ({ ...asRecord, ...pollution })),
    fc.tuple(hostileString, wrongType).map(([key, bad]) => ({ ...asRecord, [key]: bad })),
    fc.constant(Array.isArray(value) ? { ...asRecord } : [value]),
  );
}

/** A body the sender builds at send time (so 1 MB+ bodies are not all held by the generator). */
export type BodySpec =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "text"; text: string }
  | { kind: "bytes"; bytes: number[] }
  | { kind: "large"; megabytes: number; fill: "json-string" | "json-array" | "garbage"; chunked: boolean }
  /** multipart/form-data with one file part (the sender sets the boundary in Content-Type unless told otherwise). */
  | { kind: "multipart"; field: string; fileName: string; content: string | number[] };

export const MULTIPART_BOUNDARY = "----urvalfuzz7MA4YWxkTrZu0gW";

function multipartBytes(body: Extract<BodySpec, { kind: "multipart" }>): Uint8Array {
  const encoder = new TextEncoder();
  const head = `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${body.field}"; filename="${body.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const content = typeof body.content === "string" ? encoder.encode(body.content) : new Uint8Array(body.content);
  return Buffer.concat([encoder.encode(head), content, encoder.encode(`\r\n--${MULTIPART_BOUNDARY}--\r\n`)]);
}

export const hostileBody: fc.Arbitrary<BodySpec> = fc.oneof(
  { weight: 3, arbitrary: wrongType.map((value): BodySpec => ({ kind: "json", value })) },
  { weight: 2, arbitrary: pollutionObject.map((value): BodySpec => ({ kind: "json", value })) },
  { weight: 2, arbitrary: deepNesting.map((text): BodySpec => ({ kind: "text", text })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        "{",
        '{"a":',
        "[1,2",
        '{"a":1}{"b":2}',
        "\u0000",
        '{"a":NaN}',
        "{'a':1}",
        '{"a":1,}',
        "\uFEFF{}",
        '"\\ud800"',
        '{"\\u0000":1}',
      )
      .map((text): BodySpec => ({ kind: "text", text })),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        [0xc0, 0xaf],
        [0xff, 0xfe, 0x7b, 0x7d],
        [0xed, 0xa0, 0x80],
        [0x7b, 0x22, 0xf8, 0x88, 0x80, 0x80, 0x80, 0x22, 0x3a, 0x31, 0x7d],
        [0x00, 0x00, 0x00],
      )
      .map((bytes): BodySpec => ({ kind: "bytes", bytes: [...bytes] })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        field: fc.constantFrom("listFile", "listfile", "file", "__proto__", ""),
        fileName: fc.oneof(
          fc.constantFrom("lista.txt", "../../etc/passwd", "a\u0000.txt", "x".repeat(300), "lista.xlsx", ""),
          hostileString,
        ),
        content: fc.oneof(hostileString, fc.array(fc.nat(255), { maxLength: 64 })),
      })
      .map((part): BodySpec => ({ kind: "multipart", ...part })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        megabytes: fc.integer({ min: 1, max: 3 }),
        fill: fc.constantFrom("json-string", "json-array", "garbage"),
        chunked: fc.boolean(),
      })
      .map((spec): BodySpec => ({ kind: "large", ...spec }) as BodySpec),
  },
);

const MB = 1024 * 1024;

/** The body's bytes, or its chunks for a chunked send. */
export function materializeBody(body: BodySpec): Uint8Array | { chunks: () => Iterable<Uint8Array> } | undefined {
  const encoder = new TextEncoder();
  switch (body.kind) {
    case "none":
      return undefined;
    case "json":
      return encoder.encode(JSON.stringify(body.value) ?? "null");
    case "text":
      return encoder.encode(body.text);
    case "bytes":
      return new Uint8Array(body.bytes);
    case "multipart":
      return multipartBytes(body);
    case "large": {
      const head = encoder.encode(body.fill === "json-string" ? '{"text":"' : body.fill === "json-array" ? "[" : "");
      const fillByte = body.fill === "json-array" ? [0x31, 0x2c] : body.fill === "json-string" ? [0x61] : [0xff, 0x00, 0xfe];
      const chunk = new Uint8Array(MB);
      for (let i = 0; i < MB; i++) chunk[i] = fillByte[i % fillByte.length] ?? 0;
      const tail = encoder.encode(body.fill === "json-string" ? '"}' : body.fill === "json-array" ? "1]" : "");
      const parts = [head, ...Array.from({ length: body.megabytes }, () => chunk), tail];
      if (body.chunked) return { chunks: () => parts };
      return Buffer.concat(parts);
    }
  }
}

export function describeBody(body: BodySpec): string {
  if (body.kind === "large") return `${body.megabytes} MB ${body.fill}${body.chunked ? " chunked" : ""}`;
  if (body.kind === "none") return "no body";
  if (body.kind === "multipart") return `multipart ${body.field}=${body.fileName} (${body.content.length})`;
  const text =
    body.kind === "json" ? (JSON.stringify(body.value) ?? "undefined") : body.kind === "text" ? body.text : `bytes ${body.bytes.join(",")}`;
  return text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text;
}
