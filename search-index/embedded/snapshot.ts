/**
 * The binary snapshot of a SearchIndex: "URVALIX1", a u32 header length, a JSON header in which every typed array is
 * replaced by a reference { $t, o, n } into the body, then the arrays' bytes, each aligned to 8 bytes. Decoding makes
 * zero-copy views on the one buffer.
 */
import type { SearchIndex } from "./index-types";

const MAGIC = "URVALIX1";
const ALIGN = 8;

type Typed = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;
const TYPES = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, i32: Int32Array, f64: Float64Array } as const;
type TypeTag = keyof typeof TYPES;
interface BlobRef {
  $t: TypeTag;
  o: number;
  n: number;
}

function tagOf(value: unknown): TypeTag | null {
  if (value instanceof Uint8Array) return "u8";
  if (value instanceof Uint16Array) return "u16";
  if (value instanceof Uint32Array) return "u32";
  if (value instanceof Int32Array) return "i32";
  if (value instanceof Float64Array) return "f64";
  return null;
}

const padTo = (n: number) => (ALIGN - (n % ALIGN)) % ALIGN;

export interface EncodedSnapshot {
  parts: Uint8Array[];
  byteLength: number;
}

export function encodeSnapshot(index: SearchIndex): EncodedSnapshot {
  const blobs: Typed[] = [];
  let bodyLength = 0;
  const header = JSON.stringify(index, (_key, value: unknown) => {
    const tag = tagOf(value);
    if (!tag) return value;
    const array = value as Typed;
    const ref: BlobRef = { $t: tag, o: bodyLength, n: array.length };
    blobs.push(array);
    bodyLength += array.byteLength + padTo(array.byteLength);
    return ref;
  });
  const headerBytes = new TextEncoder().encode(header);
  const prefix = new Uint8Array(12 + headerBytes.length + padTo(12 + headerBytes.length));
  prefix.set(new TextEncoder().encode(MAGIC));
  new DataView(prefix.buffer).setUint32(8, headerBytes.length, true);
  prefix.set(headerBytes, 12);
  const parts: Uint8Array[] = [prefix];
  for (const blob of blobs) {
    parts.push(new Uint8Array(blob.buffer, blob.byteOffset, blob.byteLength));
    const pad = padTo(blob.byteLength);
    if (pad > 0) parts.push(new Uint8Array(pad));
  }
  return { parts, byteLength: prefix.length + bodyLength };
}

/** Decodes a snapshot; the arrays are views on `buffer`, which must not be reused. */
export function decodeSnapshot(buffer: ArrayBuffer): SearchIndex {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < 12 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) throw new Error("not an Urval index snapshot");
  const headerLength = new DataView(buffer).getUint32(8, true);
  const header = new TextDecoder().decode(bytes.subarray(12, 12 + headerLength));
  const bodyStart = 12 + headerLength + padTo(12 + headerLength);
  const index = JSON.parse(header, (_key, value: unknown) => {
    if (typeof value === "object" && value !== null && "$t" in value) {
      const ref = value as BlobRef;
      return new TYPES[ref.$t](buffer, bodyStart + ref.o, ref.n);
    }
    return value;
  }) as SearchIndex;
  if (index.format !== 1) throw new Error(`unsupported snapshot format ${String(index.format)}`);
  return index;
}

/** Joins the parts into one buffer (tests, small indexes). */
export function concatSnapshot(encoded: EncodedSnapshot): ArrayBuffer {
  const out = new Uint8Array(encoded.byteLength);
  let offset = 0;
  for (const part of encoded.parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out.buffer;
}
