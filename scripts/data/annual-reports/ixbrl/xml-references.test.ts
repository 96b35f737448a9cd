import { describe, expect, it } from "vitest";
import { ReportRefusal } from "../types";
import { decodeReferences } from "./xml-references";

function reason(raw: string): string | undefined {
  try {
    decodeReferences(raw);
  } catch (error) {
    if (error instanceof ReportRefusal) return error.reason;
    throw error;
  }
  return undefined;
}

describe("references", () => {
  it("expand the predefined entities and character references", () => {
    expect(decodeReferences("&lt;p&gt; &amp; &quot;x&quot; &apos;y&apos; &#229;&#xE5;&#x1F600;")).toBe(`<p> & "x" 'y' åå😀`);
    expect(decodeReferences("ingen referens")).toBe("ingen referens");
  });

  it("refuse every other entity, inherited object keys included", () => {
    for (const raw of ["&nbsp;", "&auml;", "&constructor;", "&__proto__;", "&lol9;", "&averyveryverylongname;", "&ä;"])
      expect([raw, reason(raw)]).toEqual([raw, "ENTITY"]);
  });

  it("refuse a bare ampersand and characters XML does not allow", () => {
    for (const raw of ["a & b", "&;", "&#;", "&#x;", "&#0;", "&#xD800;", "&#x110000;", "&#12a;"])
      expect([raw, reason(raw)]).toEqual([raw, "NOT_XML"]);
  });
});
