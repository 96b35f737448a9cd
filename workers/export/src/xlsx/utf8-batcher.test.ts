import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Utf8Batcher } from "./utf8-batcher";

describe("Utf8Batcher", () => {
  it("encodes any sequence of strings into batches no larger than the size, losing nothing", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme", maxLength: 30 }), { maxLength: 60 }),
        fc.integer({ min: 8, max: 64 }),
        (texts, size) => {
          const batcher = new Utf8Batcher(size);
          const out: Uint8Array[] = [];
          for (const text of texts) {
            batcher.add(text);
            out.push(...batcher.take());
          }
          out.push(...batcher.take(true));
          const bytes = Buffer.concat(out);
          expect(bytes.toString("utf8")).toBe(texts.join(""));
          for (const batch of out) if (batch.length > size) expect(texts.some((t) => t.length * 3 > size)).toBe(true);
        },
      ),
    );
  });

  it("hands over a full batch before starting the next and never reuses it", () => {
    const batcher = new Utf8Batcher(12);
    batcher.add("åäö"); // 6 bytes written, room reserved for 9
    expect(batcher.hasReady).toBe(false);
    batcher.add("abc"); // up to 9 more bytes would not fit in the 6 left: the first batch is closed
    const [first] = batcher.take();
    batcher.add("zz");
    expect(Buffer.from(first!).toString("utf8")).toBe("åäö");
    expect(Buffer.concat(batcher.take(true)).toString("utf8")).toBe("abczz");
  });
});
