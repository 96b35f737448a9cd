import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { equalParts } from "./equal-parts";

async function collect(parts: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for await (const part of parts) out.push(part.slice());
  return out;
}

async function* from(chunks: Uint8Array[]) {
  yield* chunks;
}

describe("equalParts", () => {
  it("cuts any chunking into equal parts with a shorter last one, losing no byte", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ maxLength: 50 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 40 }),
        async (chunks, size) => {
          const parts = await collect(equalParts(from(chunks), size));
          const all = Uint8Array.from(chunks.flatMap((c) => [...c]));
          expect(Uint8Array.from(parts.flatMap((p) => [...p]))).toEqual(all);
          parts.slice(0, -1).forEach((p) => expect(p.length).toBe(size));
          if (parts.length > 0) expect(parts.at(-1)!.length).toBeGreaterThan(0);
          expect(parts.length).toBe(Math.ceil(all.length / size));
        },
      ),
    );
  });

  it("refuses a part size that is not a positive integer", async () => {
    await expect(collect(equalParts(from([]), 0))).rejects.toThrow(RangeError);
  });
});
