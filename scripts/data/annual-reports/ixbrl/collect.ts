/**
 * One pass over the XHTML that keeps only what the parser reads: contexts and units, the taxonomy references,
 * the ix:nonFraction / ix:nonNumeric facts of the concepts in concepts.ts with their text, and every
 * ix:continuation's text. A fact's text is the text of all its descendants (nested <span>s and facts included)
 * except what lies inside an ix:exclude within it. The rest of the page is tokenised and dropped. Text goes to
 * the innermost open fact only, which hands its text on to the fact around it when it ends (unless an ix:exclude
 * lies between them), so nested facts cost no more than flat ones.
 */
import { companyDataOf, figureOf } from "./concepts";
import { describeUnit, type RawContext, type UnitInfo } from "./contexts";
import { type NamespaceScope, type QName, readXml, type StartTag, type XmlHandler } from "./xml-reader";

const IX_NS = "http://www.xbrl.org/2013/inlineXBRL";
const XBRLI_NS = "http://www.xbrl.org/2003/instance";
const XBRLDI_NS = "http://xbrl.org/2006/xbrldi";
const LINK_NS = "http://www.xbrl.org/2003/linkbase";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";

export interface RawFact {
  kind: "nonFraction" | "nonNumeric";
  concept: QName;
  contextRef: string;
  unitRef: string | null;
  decimals: string | null;
  scale: string | null;
  sign: string | null;
  /** The resolved format, or an unresolvable one as { ns: "", local: <as written> }. */
  format: QName | null;
  isNil: boolean;
  continuedAt: string | null;
  text: string;
  /** Position among the kept facts, in document order of their start tags. */
  order: number;
}

export interface CollectedDocument {
  contexts: Map<string, RawContext>;
  units: Map<string, UnitInfo>;
  facts: RawFact[];
  continuations: Map<string, { text: string; continuedAt: string | null }>;
  schemaRefs: string[];
}

interface PendingUnit {
  numerator: QName[];
  denominator: QName[];
  inDenominator: boolean;
}

type EndAction = ((scope: NamespaceScope) => void) | null;

interface TextCollector {
  text: string;
  /** The ix:exclude depth the collector was opened at; text at a deeper exclude depth is left out. */
  excludeDepth: number;
}

export function collectDocument(source: string): CollectedDocument {
  const collector = new Collector();
  readXml(source, collector);
  return collector.document;
}

class Collector implements XmlHandler {
  readonly document: CollectedDocument = { contexts: new Map(), units: new Map(), facts: [], continuations: new Map(), schemaRefs: [] };
  private readonly ends: EndAction[] = [];
  private readonly collectors: TextCollector[] = [];
  private excludeDepth = 0;
  private capture: string[] | null = null;
  private context: RawContext | null = null;
  private unit: PendingUnit | null = null;

  get wantsText(): boolean {
    return this.capture !== null || this.collectors.length > 0;
  }

  startElement(tag: StartTag): void {
    let end: EndAction = null;
    if (tag.ns === IX_NS) end = this.startIx(tag);
    else if (tag.ns === XBRLI_NS) end = this.startXbrli(tag);
    else if (tag.ns === XBRLDI_NS) end = this.startDimension(tag);
    else if (tag.ns === LINK_NS && tag.local === "schemaRef") {
      const href = tag.attribute(XLINK_NS, "href");
      if (href !== null) this.document.schemaRefs.push(href);
    }
    this.ends.push(end);
  }

  endElement(scope: NamespaceScope): void {
    this.ends.pop()?.(scope);
  }

  text(text: string): void {
    if (this.capture !== null) this.capture.push(text);
    const innermost = this.collectors[this.collectors.length - 1];
    if (innermost?.excludeDepth === this.excludeDepth) innermost.text += text;
  }

  private startIx(tag: StartTag): EndAction {
    switch (tag.local) {
      case "nonFraction":
      case "nonNumeric":
        return this.startFact(tag);
      case "continuation": {
        const id = tag.attribute("", "id");
        const continuedAt = tag.attribute("", "continuedAt");
        return this.collectText((text) => {
          if (id !== null && !this.document.continuations.has(id)) this.document.continuations.set(id, { text, continuedAt });
        });
      }
      case "exclude":
        this.excludeDepth++;
        return () => this.excludeDepth--;
      default:
        return null;
    }
  }

  private startFact(tag: StartTag): EndAction {
    const name = tag.attribute("", "name");
    const concept = name === null ? null : tag.resolve(name);
    if (concept === null || (figureOf(concept) === null && companyDataOf(concept) === null)) return null;
    const format = tag.attribute("", "format");
    const fact: RawFact = {
      kind: tag.local === "nonFraction" ? "nonFraction" : "nonNumeric",
      concept,
      contextRef: tag.attribute("", "contextRef") ?? "",
      unitRef: tag.attribute("", "unitRef"),
      decimals: tag.attribute("", "decimals"),
      scale: tag.attribute("", "scale"),
      sign: tag.attribute("", "sign"),
      format: format === null ? null : (tag.resolve(format) ?? { ns: "", local: format }),
      isNil: ["true", "1"].includes(tag.attribute(XSI_NS, "nil")?.trim() ?? ""),
      continuedAt: tag.attribute("", "continuedAt"),
      text: "",
      order: this.document.facts.length,
    };
    this.document.facts.push(fact);
    return this.collectText((text) => (fact.text = text));
  }

  private collectText(done: (text: string) => void): EndAction {
    const collector: TextCollector = { text: "", excludeDepth: this.excludeDepth };
    this.collectors.push(collector);
    return () => {
      this.collectors.pop();
      const outer = this.collectors[this.collectors.length - 1];
      if (outer?.excludeDepth === collector.excludeDepth) outer.text += collector.text;
      done(collector.text);
    };
  }

  private startXbrli(tag: StartTag): EndAction {
    const id = tag.attribute("", "id");
    switch (tag.local) {
      case "context": {
        if (id === null) return null;
        const context: RawContext = { id, startDate: null, endDate: null, instant: null, members: [], hasTypedMember: false };
        this.context = context;
        return () => {
          if (!this.document.contexts.has(id)) this.document.contexts.set(id, context);
          this.context = null;
        };
      }
      case "startDate":
      case "endDate":
      case "instant": {
        const context = this.context;
        const field = tag.local;
        return context && this.captureText((text) => (context[field] = text));
      }
      case "unit": {
        if (id === null) return null;
        const unit: PendingUnit = { numerator: [], denominator: [], inDenominator: false };
        this.unit = unit;
        return () => {
          if (!this.document.units.has(id)) this.document.units.set(id, describeUnit(unit.numerator, unit.denominator));
          this.unit = null;
        };
      }
      case "unitDenominator":
        if (this.unit !== null) this.unit.inDenominator = true;
        return null;
      case "measure": {
        const unit = this.unit;
        return (
          unit &&
          this.captureText((text, scope) => {
            const measure = scope.resolve(text.trim()) ?? { ns: "", local: text.trim() };
            (unit.inDenominator ? unit.denominator : unit.numerator).push(measure);
          })
        );
      }
      default:
        return null;
    }
  }

  private startDimension(tag: StartTag): EndAction {
    const context = this.context;
    if (context === null) return null;
    if (tag.local === "typedMember") context.hasTypedMember = true;
    if (tag.local !== "explicitMember") return null;
    return this.captureText((text, scope) => {
      const member = scope.resolve(text.trim());
      context.members.push(member?.local ?? "");
    });
  }

  private captureText(done: (text: string, scope: NamespaceScope) => void): EndAction {
    this.capture = [];
    return (scope) => {
      const text = (this.capture ?? []).join("");
      this.capture = null;
      done(text, scope);
    };
  }
}
