/**
 * The XBRL frame of a generated annual report: namespaces, the taxonomy entry point (K2 or K3, group or not), the
 * contexts (duration contexts period0, period1, ... for the income statement, instant contexts balans0, balans1, ...
 * for the balance sheet, entity identifier under http://www.bolagsverket.se) and the units (the currency, employees,
 * percent). Group (koncern) figures get contexts of their own, made by `groupContextFor`.
 */

export const NAMESPACES: Readonly<Record<string, string>> = {
  iso4217: "http://www.xbrl.org/2003/iso4217",
  ixt: "http://www.xbrl.org/inlineXBRL/transformation/2010-04-20",
  ixt3: "http://www.xbrl.org/inlineXBRL/transformation/2015-02-26",
  ixt4: "http://www.xbrl.org/inlineXBRL/transformation/2020-02-12",
  xlink: "http://www.w3.org/1999/xlink",
  link: "http://www.xbrl.org/2003/linkbase",
  xbrli: "http://www.xbrl.org/2003/instance",
  xbrldi: "http://xbrl.org/2006/xbrldi",
  ix: "http://www.xbrl.org/2013/inlineXBRL",
  "se-gen-base": "http://www.taxonomier.se/se/fr/gen-base/2021-10-31",
  "se-cd-base": "http://www.taxonomier.se/se/fr/cd-base/2021-10-31",
  "se-bol-base": "http://www.bolagsverket.se/se/fr/comp-base/2020-12-01",
  "se-k2-type": "http://www.taxonomier.se/se/fr/k2/datatype",
  "se-mem-base": "http://www.taxonomier.se/se/fr/mem-base/2021-10-31",
  "se-dim-base": "http://www.taxonomier.se/se/fr/dim-base/2021-10-31",
};

/** The opening tag of the document's root with every namespace it uses. */
export function htmlOpenTag(): string {
  const declarations = Object.entries(NAMESPACES).map(([prefix, uri]) => `\n  xmlns:${prefix}="${uri}"`);
  return `<html xmlns="http://www.w3.org/1999/xhtml" lang="sv"${declarations.join("")}>`;
}

/**
 * The taxonomy entry point of taxonomier.se a report refers to: K2, K3, or K3K for a group report (koncernredovisning),
 * in the 2024 release for years ending after mid-2024. The framework is the path segment after /gaap/.
 */
export function entryPoint(framework: "K2" | "K3", group: boolean, periodEnd: string): string {
  const version = periodEnd >= "2024-07-01" ? "2024-09-12" : "2021-10-31";
  const kind = group ? "k3k" : framework === "K2" ? "k2" : "k3";
  return `http://xbrl.taxonomier.se/se/fr/gaap/${kind}/${version}/se-${kind}-ab-risbs-${version}.xsd`;
}

export type ContextPeriod = { start: string; end: string } | { instant: string };

export interface ContextDefinition {
  id: string;
  period: ContextPeriod;
  /** XML inside xbrli:scenario, or null for none. */
  scenario: string | null;
}

/**
 * The context a group (koncern) figure is tagged in, made from the company context of the same period. The one place
 * the group convention lives: for now the period's context with the KoncernDimension member in its scenario.
 */
export function groupContextFor(base: ContextDefinition): ContextDefinition {
  return {
    id: `${base.id}_koncern`,
    period: base.period,
    scenario: '<xbrldi:explicitMember dimension="se-dim-base:KoncernDimension">se-mem-base:KoncernMember</xbrldi:explicitMember>',
  };
}

/** The contexts a document uses, defined on first use and written into ix:resources at the end. */
export class ReportContexts {
  private readonly contexts = new Map<string, ContextDefinition>();

  constructor(
    /** The entity identifier as written (organisation number). */
    private readonly identifier: string,
    private readonly opaqueIds: boolean,
  ) {}

  /** A duration context: `index` 0 is the report's own year, 1 the year before, ... */
  duration(index: number, start: string, end: string, group = false): string {
    return this.define(`period${index}`, { start, end }, group);
  }

  /** An instant context (a balance sheet date): `index` 0 is the report's own closing day. */
  instant(index: number, date: string, group = false): string {
    return this.define(`balans${index}`, { instant: date }, group);
  }

  private define(usualId: string, period: ContextPeriod, group: boolean): string {
    const key = `${usualId}${group ? "g" : ""}`;
    const known = this.contexts.get(key);
    if (known) return known.id;
    const base: ContextDefinition = { id: this.opaqueIds ? `c${this.contexts.size + 1}` : usualId, period, scenario: null };
    const context = group ? groupContextFor(base) : base;
    if (group && this.opaqueIds) context.id = base.id;
    this.contexts.set(key, context);
    return context.id;
  }

  render(): string {
    return [...this.contexts.values()].map((context) => this.renderContext(context)).join("\n");
  }

  private renderContext({ id, period, scenario }: ContextDefinition): string {
    const when =
      "instant" in period
        ? `<xbrli:instant>${period.instant}</xbrli:instant>`
        : `<xbrli:startDate>${period.start}</xbrli:startDate><xbrli:endDate>${period.end}</xbrli:endDate>`;
    const entity = `<xbrli:entity><xbrli:identifier scheme="http://www.bolagsverket.se">${this.identifier}</xbrli:identifier></xbrli:entity>`;
    const scenarioXml = scenario === null ? "" : `<xbrli:scenario>${scenario}</xbrli:scenario>`;
    return `<xbrli:context id="${id}">${entity}<xbrli:period>${when}</xbrli:period>${scenarioXml}</xbrli:context>`;
  }
}

/** Unit ids the documents use. */
export const UNIT_EMPLOYEES = "antal-anstallda";
export const UNIT_PERCENT = "procent";

export function renderUnits(currency: string): string {
  return [
    `<xbrli:unit id="${currency}"><xbrli:measure>iso4217:${currency}</xbrli:measure></xbrli:unit>`,
    `<xbrli:unit id="${UNIT_EMPLOYEES}"><xbrli:measure>se-k2-type:AntalAnstallda</xbrli:measure></xbrli:unit>`,
    `<xbrli:unit id="${UNIT_PERCENT}"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>`,
  ].join("\n");
}

/** ix:header: hidden facts, the taxonomy reference, contexts and units. */
export function renderHeader(hidden: readonly string[], schemaRef: string, contexts: ReportContexts, currency: string): string {
  return [
    '<div style="display:none">',
    "<ix:header>",
    "<ix:hidden>",
    ...hidden,
    "</ix:hidden>",
    "<ix:references>",
    `<link:schemaRef xlink:type="simple" xlink:href="${schemaRef}"/>`,
    "</ix:references>",
    "<ix:resources>",
    contexts.render(),
    renderUnits(currency),
    "</ix:resources>",
    "</ix:header>",
    "</div>",
  ].join("\n");
}
