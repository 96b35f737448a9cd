import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createCodec } from "./document-codec";

interface Node {
  name: string;
  children: Node[];
}
const NodeSchema: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(NodeSchema) }));
const DocSchema = z.object({
  id: z.number(),
  title: z.string().nullable(),
  tags: z.array(z.string()),
  periods: z.array(
    z.object({ end: z.string(), figures: z.object({ a: z.number(), b: z.number() }), group: z.object({ a: z.number() }).nullable() }),
  ),
  tree: NodeSchema.nullable(),
  note: z.string().optional(),
});

describe("document codec", () => {
  const codec = createCodec(DocSchema);
  const doc: z.infer<typeof DocSchema> = {
    id: 7,
    title: null,
    tags: ["a", "b"],
    periods: [
      { end: "2024-12", figures: { a: 1, b: -2 }, group: null },
      { end: "2023-12", figures: { a: 3, b: 4 }, group: { a: 9 } },
    ],
    tree: { name: "root", children: [{ name: "child", children: [] }] },
  };

  it("packs objects into arrays in schema key order", () => {
    expect(codec.pack(doc)).toEqual([
      7,
      null,
      ["a", "b"],
      [
        ["2024-12", [1, -2], null],
        ["2023-12", [3, 4], [9]],
      ],
      ["root", [["child", []]]],
      null,
    ]);
  });

  it("round-trips exactly, through JSON", () => {
    const packed = JSON.parse(JSON.stringify(codec.pack(doc))) as unknown;
    expect(codec.unpack(packed)).toEqual(doc);
    expect(codec.unpack(codec.pack({ ...doc, note: "x" }))).toEqual({ ...doc, note: "x" });
  });

  it("is much smaller than the JSON with keys", () => {
    expect(JSON.stringify(codec.pack(doc)).length).toBeLessThan(JSON.stringify(doc).length * 0.6);
  });
});
