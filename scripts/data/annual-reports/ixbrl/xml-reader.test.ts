import { describe, expect, it } from "vitest";
import { ReportRefusal } from "../types";
import { MAX_DEPTH, type QName, readXml } from "./xml-reader";

type Event = [string, ...unknown[]];

/** The events of a document: start with namespace, local name and the attributes asked for; end; text. */
function events(source: string, attributes: [string, string][] = []): Event[] {
  const out: Event[] = [];
  readXml(source, {
    startElement: (tag) => out.push(["start", tag.ns, tag.local, ...attributes.map(([ns, local]) => tag.attribute(ns, local))]),
    endElement: () => out.push(["end"]),
    text: (t) => out.push(["text", t]),
    wantsText: true,
  });
  return out;
}

function reason(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ReportRefusal) return error.reason;
    throw error;
  }
  return undefined;
}

describe("the XML reader", () => {
  it("reports elements, attributes and text with namespaces resolved by URI", () => {
    const source = `<?xml version="1.0"?><!-- a comment --><a:root xmlns:a="urn:a" xmlns="urn:default" a:x="1" y='2'>
<child>t&amp;t &#x41;&#66;<![CDATA[<raw>&amp;]]></child><b:leaf xmlns:b="urn:a"/></a:root>`;
    const asked: [string, string][] = [
      ["urn:a", "x"],
      ["", "y"],
      ["", "x"],
      ["urn:default", "y"],
    ];
    expect(events(source, asked)).toEqual([
      ["start", "urn:a", "root", "1", "2", null, null],
      ["text", "\n"],
      ["start", "urn:default", "child", null, null, null, null],
      ["text", "t&t AB"],
      ["text", "<raw>&amp;"],
      ["end"],
      ["start", "urn:a", "leaf", null, null, null, null],
      ["end"],
      ["end"],
    ]);
  });

  it("resolves QNames in content with the bindings in scope, restoring outer bindings after an element", () => {
    const resolved: (QName | null)[] = [];
    readXml('<r xmlns:p="urn:outer"><e xmlns:p="urn:inner"/><f/></r>', {
      startElement: () => {},
      endElement: (scope) => resolved.push(scope.resolve("p:x")),
      text: () => {},
      wantsText: false,
    });
    expect(resolved.map((q) => q?.ns)).toEqual(["urn:inner", "urn:outer", "urn:outer"]);
  });

  it("refuses any document type declaration", () => {
    expect(reason(() => events('<!DOCTYPE r [<!ENTITY e "x">]><r>&e;</r>'))).toBe("DTD");
    expect(reason(() => events("<!doctype html><html/>"))).toBe("DTD");
  });

  it("refuses entity references other than the predefined ones, inherited object keys included", () => {
    for (const reference of ["&nbsp;", "&constructor;", "&toString;", "&e;"]) {
      expect(reason(() => events(`<r>${reference}</r>`))).toBe("ENTITY");
      expect(reason(() => events(`<r a="${reference}"/>`))).toBe("ENTITY");
    }
  });

  it("refuses what is not well-formed", () => {
    const broken = [
      "",
      "   ",
      "text",
      "<a><b></a></b>",
      "<a>",
      "<a/><b/>",
      "<a/>trailing",
      "<p:a/>",
      '<a p:x="1"/>',
      "<a x=1/>",
      '<a x="1"y="2"/>',
      '<a x="<"/>',
      "<a><!-- open</a>",
      "<a>&#0;</a>",
      "<a>a & b</a>",
      "<a><<b/></a>",
    ];
    for (const source of broken) expect([source, reason(() => events(source))]).toEqual([source, "NOT_XML"]);
  });

  it("refuses elements nested deeper than the limit", () => {
    expect(reason(() => events(`${"<a>".repeat(MAX_DEPTH)}${"</a>".repeat(MAX_DEPTH)}`))).toBeUndefined();
    expect(reason(() => events(`${"<a>".repeat(MAX_DEPTH + 1)}${"</a>".repeat(MAX_DEPTH + 1)}`))).toBe("TOO_DEEP");
  });
});
