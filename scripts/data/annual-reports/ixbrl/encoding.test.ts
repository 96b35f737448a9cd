import { describe, expect, it } from "vitest";
import { ReportRefusal } from "../types";
import { decodeDocument } from "./encoding";

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function reason(bytes: Uint8Array): string | undefined {
  try {
    decodeDocument(bytes);
  } catch (error) {
    if (error instanceof ReportRefusal) return error.reason;
    throw error;
  }
  return undefined;
}

describe("decoding a document", () => {
  it("reads UTF-8 by default, with or without a byte order mark", () => {
    expect(decodeDocument(new TextEncoder().encode("<p>Räkenskapsår</p>"))).toBe("<p>Räkenskapsår</p>");
    expect(decodeDocument(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("<p>å</p>")]))).toBe("<p>å</p>");
  });

  it("honours a declared ISO-8859-1 or windows-1252", () => {
    for (const encoding of ["ISO-8859-1", "windows-1252", "latin1"]) {
      expect(decodeDocument(latin1(`<?xml version="1.0" encoding='${encoding}'?><p>Söner \x96 AB</p>`))).toContain(
        encoding === "ISO-8859-1" || encoding === "latin1" ? "Söner – AB" : "Söner – AB",
      );
    }
  });

  it("refuses broken UTF-8 instead of replacing characters", () => {
    expect(reason(new Uint8Array([0x3c, 0x70, 0x3e, 0xc3, 0x28, 0x3c]))).toBe("BAD_ENCODING");
    expect(reason(latin1('<?xml version="1.0" encoding="UTF-8"?><p>Söner</p>'))).toBe("BAD_ENCODING");
  });

  it("refuses other encodings and a declaration contradicting the byte order mark", () => {
    expect(reason(latin1('<?xml version="1.0" encoding="Shift_JIS"?><p/>'))).toBe("BAD_ENCODING");
    expect(reason(new Uint8Array([0xff, 0xfe, 0x3c, 0x00]))).toBe("BAD_ENCODING");
    expect(reason(new Uint8Array([0xef, 0xbb, 0xbf, ...latin1('<?xml version="1.0" encoding="ISO-8859-1"?><p/>')]))).toBe("BAD_ENCODING");
  });
});
