import { describe, expect, it } from "vitest";
import { AppError } from "#shared/errors";
import { readCappedBytes, readCappedText } from "./capped-body";

const tooLarge = () => new AppError("BODY_TOO_LARGE", 413, "För stort.");

/** A chunked body (no Content-Length) of `chunks` × `size` bytes that counts how much of it was pulled. */
function chunkedRequest(chunks: number, size: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  const request = new Request("http://api.test/x", { method: "POST", body, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled };
}

describe("readCappedBytes", () => {
  it("reads a body within the cap whole", async () => {
    const { request } = chunkedRequest(3, 1000);
    expect((await readCappedBytes(request, 3000, tooLarge)).length).toBe(3000);
  });

  it("refuses a chunked body past the cap, keeping none of the rest (regression: 50 MB was buffered whole)", async () => {
    const { request, pulled } = chunkedRequest(50, 1024 * 1024);
    await expect(readCappedBytes(request, 256 * 1024, tooLarge)).rejects.toMatchObject({ code: "BODY_TOO_LARGE", status: 413 });
    // Drained to the end, so a forwarding web worker sees its body consumed and the 413 gets through.
    expect(pulled()).toBe(50);
  });

  it("refuses a declared Content-Length over the cap before reading", async () => {
    const request = new Request("http://api.test/x", { method: "POST", body: "{}", headers: { "Content-Length": "99999999" } });
    await expect(readCappedBytes(request, 1024, tooLarge)).rejects.toMatchObject({ status: 413 });
  });

  it("answers an empty body for a request without one", async () => {
    expect((await readCappedBytes(new Request("http://api.test/x"), 10, tooLarge)).length).toBe(0);
  });
});

describe("readCappedText", () => {
  it("decodes UTF-8, drops a BOM and replaces invalid bytes", async () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, 0x22, 0xc3, 0xa5, 0xff, 0x22]);
    expect(await readCappedText(new Request("http://api.test/x", { method: "POST", body }), 100, tooLarge)).toBe('"å\uFFFD"');
  });
});
