import { describe, expect, it } from "vitest";
import { encodeKeys } from "#shared/list-files/number-codec";
import { SearchSchema } from "#shared/search/search-schema";
import type { SqlStore, Statement } from "../stores";
import { listFilePredicate, listFilesFor, readListFiles } from "./list-files";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex").toUpperCase();

/** A SqlStore answering the list-file query with the given chunk rows, recording what it was asked. */
function storeOf(rows: Record<string, unknown>[]) {
  const asked: Statement[] = [];
  const store: SqlStore = {
    sql: async <Row>(statements: Statement[]) => {
      asked.push(...statements);
      return [rows as Row[]];
    },
    insertValues: async () => ({ rows: 0 }),
  };
  return { store, asked };
}

describe("readListFiles", () => {
  it("decodes each file's delta-varint chunks (read as hex) into its numbers, in order", async () => {
    const keys = Float64Array.from([5560000011, 5560000029, 5569999999]);
    const [chunk] = encodeKeys(keys);
    const [second] = encodeKeys(Float64Array.from([7501010017]));
    const { store, asked } = storeOf([
      { file_id: 7, user_id: "u1", valid_count: 4, keys_hex: hex(chunk!.bytes) },
      { file_id: 7, user_id: "u1", valid_count: 4, keys_hex: hex(second!.bytes) },
      { file_id: 8, user_id: "u2", valid_count: 1, keys_hex: hex(second!.bytes) },
    ]);
    const files = await readListFiles(store, [7, 8, 7]);
    expect(asked[0]?.params).toEqual(["[7,8]"]);
    expect(files).toEqual(
      new Map([
        [7, { userId: "u1", orgNos: ["556000-0011", "556000-0029", "556999-9999", "750101-0017"] }],
        [8, { userId: "u2", orgNos: ["750101-0017"] }],
      ]),
    );
  });

  it("asks nothing when no search names a file", async () => {
    const { store, asked } = storeOf([]);
    expect(await readListFiles(store, [])).toEqual(new Map());
    expect(asked).toEqual([]);
  });
});

describe("listFilesFor", () => {
  const files = new Map([
    [1, { userId: "anna", orgNos: ["556000-0011"] }],
    [2, { userId: "berit", orgNos: ["556000-0029"] }],
  ]);

  it("gives the owner's files, and null when a named file is gone or another user's (invalid, as at serving time)", () => {
    const search = (includeFile: number[]) => SearchSchema.parse({ numSet: { includeFile } });
    expect(listFilesFor(files, "anna", search([1]))).toEqual(new Map([[1, ["556000-0011"]]]));
    expect(listFilesFor(files, "anna", search([1, 2]))).toBeNull();
    expect(listFilesFor(files, "anna", search([3]))).toBeNull();
  });
});

describe("listFilePredicate", () => {
  const lists = new Map([
    [1, ["556000-0011", "556000-0029"]],
    [2, ["556000-0037"]],
    [3, ["556000-0029"]],
    [4, []],
  ]);
  const passing = (numSet: object) => {
    const passes = listFilePredicate(SearchSchema.parse({ numSet }), lists);
    return ["556000-0011", "556000-0029", "556000-0037", "556000-0045"].filter(passes);
  };

  it("keeps the union of the include files minus every exclude file, like the backends", () => {
    expect(passing({ includeFile: [1, 2] })).toEqual(["556000-0011", "556000-0029", "556000-0037"]);
    expect(passing({ excludeFile: [3] })).toEqual(["556000-0011", "556000-0037", "556000-0045"]);
    expect(passing({ includeFile: [1], excludeFile: [3] })).toEqual(["556000-0011"]);
    expect(passing({ includeFile: [4] })).toEqual([]);
  });
});
