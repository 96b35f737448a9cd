/**
 * Positional packing of documents for storage: an object becomes the array of its values in its zod schema's key
 * order (recursively), which halves the stored JSON (keys are most of a small document's bytes) at no CPU cost.
 * Codecs are compiled once per schema; documents are rebuilt with the schema's key order on read.
 */
import type { z } from "zod";
import { CompanyDetailSchema, CompanyRecordSchema, WorksiteRecordSchema } from "#shared/search/result-schemas";
import { CompanySourceRecordSchema, WorksiteSourceRecordSchema, type CompanySourceRecord, type WorksiteSourceRecord } from "./records";

export interface Codec<T> {
  pack(value: T): unknown;
  unpack(packed: unknown): T;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  getter?: () => z.ZodType;
}

type Pack = (value: unknown) => unknown;
const identity: Pack = (value) => value;

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function compile(schema: z.ZodType, seen: Map<z.ZodType, Codec<unknown>>): Codec<unknown> {
  const known = seen.get(schema);
  if (known) return known;
  const def = defOf(schema);
  const codec: Codec<unknown> = { pack: identity, unpack: identity };
  seen.set(schema, codec);
  if (def.type === "object" && def.shape) {
    const entries = Object.entries(def.shape).map(([key, field]) => [key, compile(field, seen)] as const);
    codec.pack = (value) => entries.map(([key, field]) => field.pack((value as Record<string, unknown>)[key]) ?? null);
    codec.unpack = (packed) => {
      const values = packed as unknown[];
      const out: Record<string, unknown> = {};
      entries.forEach(([key, field], i) => {
        const value = field.unpack(values[i] ?? null);
        if (value !== undefined) out[key] = value;
      });
      return out;
    };
  } else if (def.type === "array" && def.element) {
    const element = compile(def.element, seen);
    codec.pack = (value) => (value as unknown[]).map(element.pack);
    codec.unpack = (packed) => (packed as unknown[]).map(element.unpack);
  } else if ((def.type === "nullable" || def.type === "optional") && def.innerType) {
    const inner = compile(def.innerType, seen);
    const empty = def.type === "nullable" ? null : undefined;
    codec.pack = (value) => (value === null || value === undefined ? null : inner.pack(value));
    codec.unpack = (packed) => (packed === null ? empty : inner.unpack(packed));
  } else if (def.type === "lazy" && def.getter) {
    const getter = def.getter;
    let inner: Codec<unknown> | null = null;
    const resolve = () => (inner ??= compile(getter(), seen));
    codec.pack = (value) => resolve().pack(value);
    codec.unpack = (packed) => resolve().unpack(packed);
  }
  return codec;
}

export function createCodec<S extends z.ZodType>(schema: S): Codec<z.infer<S>> {
  return compile(schema, new Map()) as Codec<z.infer<S>>;
}

export const companyRecordCodec = createCodec(CompanyRecordSchema);
export const companyDetailCodec = createCodec(CompanyDetailSchema);
export const worksiteRecordCodec = createCodec(WorksiteRecordSchema);
/** The stored documents of the embedded backend: validated source records (records.ts), packed. */
export const companySourceCodec = createCodec(CompanySourceRecordSchema);
export const worksiteSourceCodec = createCodec(WorksiteSourceRecordSchema);

/**
 * A company's packed source as JSON text: the embedded backend's D1 `doc` and the Elasticsearch document's `source`;
 * Bevakning hashes it (document-hash.ts) and rebuilds the source record from it for the watched companies' changes.
 */
export const packedCompanyText = (source: CompanySourceRecord): string => JSON.stringify(companySourceCodec.pack(source));

/**
 * A worksite's packed source as JSON text: the embedded backend's D1 `doc`; Bevakning hashes it on both backends and
 * sums the hashes into the company's change hash (document-hash.ts).
 */
export const packedWorksiteText = (source: WorksiteSourceRecord): string => JSON.stringify(worksiteSourceCodec.pack(source));
