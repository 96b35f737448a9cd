/**
 * What a context and a unit mean to the parser. Dates come from the context definitions, never from their ids.
 *
 * Group figures. The public material found does not settle how a Swedish koncernredovisning tells the group's
 * figures from the parent company's: taxonomier.se lists a K3K entry point (…/gaap/k3k/…) beside the K3 one, one
 * published reading of its K3K example found the same se-gen-base concepts and no dimensional context at all, and
 * other parsers guess concept names (e.g. KoncernensNettoomsattning) that no taxonomy source confirms. This parser
 * therefore applies one explicit rule to each context's xbrli:segment and xbrli:scenario together:
 * - no xbrldi:explicitMember and no xbrldi:typedMember: the company's own (moderföretagets) figures;
 * - every explicit member a group member: the group's (koncernens) figures;
 * - every explicit member a parent member: the company's own figures;
 * - anything else (another member, a mix of the two, any typed member): a breakdown such as a column of the
 *   statement of changes in equity, not read for any figure.
 * The member is the QName in the explicitMember's content, judged by its local name, case-insensitively: a group
 * member contains "koncern" but neither "koncernforetag" nor "koncernbolag" (group companies as a counterparty are
 * a breakdown); a parent member contains "moderforetag" or "moderbolag". The dimension attribute is not looked at.
 * Group and parent facts of one concept in contexts that differ by nothing else would be duplicates: the first is
 * kept and the report flagged DUPLICATE_FACTS_DISAGREE (facts.ts).
 * Example of a group context:
 *   <xbrli:context id="period0_koncern">
 *     <xbrli:entity><xbrli:identifier scheme="http://www.bolagsverket.se">5560187493</xbrli:identifier>
 *       <xbrli:segment><xbrldi:explicitMember dimension="se-dim-base:KoncernModerforetagAxis">se-mem-base:KoncernMember</xbrldi:explicitMember></xbrli:segment>
 *     </xbrli:entity>
 *     <xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period>
 *   </xbrli:context>
 */
import { isoDate } from "./transforms";
import type { QName } from "./xml-reader";

const ISO4217_NS = "http://www.xbrl.org/2003/iso4217";

/** A context as written: raw date texts and the local names of its explicit members. */
export interface RawContext {
  id: string;
  startDate: string | null;
  endDate: string | null;
  instant: string | null;
  members: string[];
  hasTypedMember: boolean;
}

export type Scope = "company" | "group";

export type ContextPeriod = { kind: "duration"; start: string; end: string } | { kind: "instant"; date: string };

interface ContextInfo {
  id: string;
  /** Null when the dates cannot be read. */
  period: ContextPeriod | null;
  /** Null for a breakdown by another dimension. */
  scope: Scope | null;
}

export interface UnitInfo {
  /** The ISO 4217 code when the unit is one currency, else null. */
  currency: string | null;
  /** Identifies the unit by its measures, so that two ids of one unit compare equal. */
  key: string;
}

export function describeContext(raw: RawContext): ContextInfo {
  return { id: raw.id, period: contextPeriod(raw), scope: contextScope(raw) };
}

function contextPeriod(raw: RawContext): ContextPeriod | null {
  if (raw.instant !== null) {
    const date = xbrlDate(raw.instant);
    return date === null ? null : { kind: "instant", date };
  }
  const start = raw.startDate === null ? null : xbrlDate(raw.startDate);
  const end = raw.endDate === null ? null : xbrlDate(raw.endDate);
  return start === null || end === null || start > end ? null : { kind: "duration", start, end };
}

/** The date of an xs:date or the date part of an xs:dateTime. */
function xbrlDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+)?(?:Z|[+-]\d{2}:\d{2})?$/.exec(text.trim());
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

function contextScope(raw: RawContext): Scope | null {
  if (raw.hasTypedMember) return null;
  if (raw.members.length === 0) return "company";
  if (raw.members.every(isGroupMember)) return "group";
  if (raw.members.every(isParentMember)) return "company";
  return null;
}

function isGroupMember(localName: string): boolean {
  const name = localName.toLowerCase();
  return name.includes("koncern") && !name.includes("koncernforetag") && !name.includes("koncernbolag");
}

function isParentMember(localName: string): boolean {
  const name = localName.toLowerCase();
  return name.includes("moderforetag") || name.includes("moderbolag");
}

/** A unit from its numerator measures (and denominator measures, for a divide). */
export function describeUnit(numerator: QName[], denominator: QName[]): UnitInfo {
  const only = numerator.length === 1 && denominator.length === 0 ? numerator[0] : undefined;
  const name = (measures: QName[]) => measures.map((m) => `${m.ns}#${m.local}`).join("*");
  return {
    currency: only?.ns === ISO4217_NS ? only.local : null,
    key: denominator.length === 0 ? name(numerator) : `${name(numerator)}/${name(denominator)}`,
  };
}
