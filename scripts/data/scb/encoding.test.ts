import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readByteLines, readLineAt } from "./byte-lines";
import { decodeLine, detectEncoding } from "./encoding";
import { open } from "node:fs/promises";

const work = mkdtempSync(path.join(tmpdir(), "urval-scb-enc-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let files = 0;
function fileWith(...parts: Buffer[]): string {
  const file = path.join(work, `f${++files}.txt`);
  writeFileSync(file, Buffer.concat(parts));
  return file;
}
const latin1 = (text: string) => Buffer.from(text, "latin1");
const utf8 = (text: string) => Buffer.from(text, "utf8");

describe("detectEncoding", () => {
  it("takes ISO-8859-1 when the non-ASCII lines are not UTF-8, UTF-8 when they are or with a BOM", async () => {
    expect((await detectEncoding(fileWith(latin1("Namn\nÅkesson\nÖberg\n")))).encoding).toBe("windows-1252");
    expect((await detectEncoding(fileWith(utf8("Namn\nÅkesson\nÖberg\n")))).encoding).toBe("utf-8");
    expect(await detectEncoding(fileWith(utf8("\uFEFFNamn\nAkesson\n")))).toMatchObject({ encoding: "utf-8", hasBom: true });
    expect((await detectEncoding(fileWith(utf8("Namn\nAkesson\n")))).encoding).toBe("windows-1252");
  });

  it("lets the majority decide in a mixed file", async () => {
    const verdict = await detectEncoding(fileWith(latin1("Namn\nÅkesson\nÖberg\n"), utf8("Ärlig\n")));
    expect(verdict).toMatchObject({ encoding: "windows-1252", utf8Lines: 1, singleByteLines: 2 });
  });
});

describe("decodeLine", () => {
  it("decodes each encoding and strips a BOM from the first line only", () => {
    expect(decodeLine(latin1("Åströms Snickeri"), 2, "windows-1252")).toEqual({ text: "Åströms Snickeri" });
    expect(decodeLine(utf8("\uFEFFNamn"), 1, "utf-8")).toEqual({ text: "Namn" });
    expect(decodeLine(utf8("Åkesson"), 2, "utf-8")).toEqual({ text: "Åkesson" });
  });

  it.each([
    [latin1("Åkesson"), "utf-8", "inte UTF-8"],
    [utf8("Åkesson"), "windows-1252", "blandad teckenkodning"],
    [Buffer.from([0x41, 0x81, 0x42]), "windows-1252", "otillåtet styrtecken U+0081"],
    [Buffer.from([0x41, 0x00, 0x42]), "utf-8", "otillåtet styrtecken U+0000"],
    [Buffer.from("A\rB"), "utf-8", "otillåtet styrtecken U+000D"],
    [utf8("RÃ¶r AB"), "utf-8", 'dubbelkodad text "Ã¶"'],
    [utf8("Ã–rebro"), "utf-8", 'dubbelkodad text "Ã–"'],
    [latin1("Ã\u0085kesson"), "windows-1252", "blandad teckenkodning"],
  ] as const)("reports %s read as %s", (bytes, encoding, message) => {
    const result = decodeLine(bytes, 2, encoding);
    expect("error" in result && result.error).toContain(message);
  });
});

describe("readByteLines", () => {
  it("yields lines with their offsets without CR, and the last line without a newline", async () => {
    const file = fileWith(utf8("a\r\nbb\n\nccc"));
    const lines = [];
    for await (const line of readByteLines(file)) lines.push({ ...line, bytes: line.bytes.toString() });
    expect(lines).toEqual([
      { lineNo: 1, offset: 0, bytes: "a" },
      { lineNo: 2, offset: 3, bytes: "bb" },
      { lineNo: 3, offset: 6, bytes: "" },
      { lineNo: 4, offset: 7, bytes: "ccc" },
    ]);
    const handle = await open(file);
    expect((await readLineAt(handle, 3)).toString()).toBe("bb");
    expect((await readLineAt(handle, 7)).toString()).toBe("ccc");
    await handle.close();
  });

  it("reads lines longer than one read back by offset", async () => {
    const long = "x".repeat(10_000);
    const file = fileWith(utf8(`head\n${long}\r\ntail\n`));
    const handle = await open(file);
    expect((await readLineAt(handle, 5)).toString()).toBe(long);
    await handle.close();
  });

  it("keeps line numbers and offsets right across the 1 MiB chunks of a large file", async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `${i}\t${"å".repeat(i % 37)}`);
    const file = fileWith(latin1(rows.join("\r\n") + "\r\n"));
    const handle = await open(file);
    let count = 0;
    const wrong: number[] = [];
    for await (const { lineNo, offset, bytes } of readByteLines(file)) {
      count++;
      if (bytes.toString("latin1") !== rows[lineNo - 1]) wrong.push(lineNo);
      if (lineNo % 5000 === 0 && !(await readLineAt(handle, offset)).equals(bytes)) wrong.push(lineNo);
    }
    await handle.close();
    expect({ count, wrong }).toEqual({ count: rows.length, wrong: [] });
  });
});
