/**
 * The figure facts (ix:nonFraction of the concepts in concepts.ts), read: the period and scope from the context
 * definition, the value from the text through the format, `sign` and `scale`, in whole units. A fact whose value
 * or context cannot be read is left out with an UNREADABLE_FIGURE remark; a fact in a breakdown context is left
 * out silently. Of duplicates (same concept, same context content, same unit) the first in document order is kept;
 * they must agree at the coarser of their two `decimals` (a nil agrees only with a nil), else the report is
 * flagged DUPLICATE_FACTS_DISAGREE.
 */
import type { ReportRemark } from "../types";
import type { CollectedDocument, RawFact } from "./collect";
import { figureOf, type FigureName } from "./concepts";
import { type ContextPeriod, describeContext, type Scope } from "./contexts";
import { agreeAtPrecision, scaleDecimal, wholeUnits } from "./decimal";
import { readNumber } from "./transforms";

export interface FigureFact {
  figure: FigureName;
  /** Rank of the concept among the figure's synonyms (0 = preferred). */
  rank: number;
  period: ContextPeriod;
  scope: Scope;
  /** The unit's ISO 4217 code, or null when the unit is not a currency or not defined. */
  currency: string | null;
  /** Whole units (kronor, or employees); null for a nil fact. */
  amount: number | null;
  order: number;
}

/** Scale is a small integer in practice; a bound keeps a hostile one from building huge digit strings. */
const SCALE = /^-?\d{1,2}$/;
const DECIMALS = /^-?\d{1,9}$/;
const QUOTED_TEXT_LENGTH = 40;

export function readFigureFacts(doc: CollectedDocument, remarks: ReportRemark[]): FigureFact[] {
  const contexts = new Map([...doc.contexts].map(([id, raw]) => [id, describeContext(raw)]));
  // Identifies a context by its content: two ids with the same dates and scope are one context.
  const contextKeys = new Map(
    [...contexts].map(([id, { period, scope }]) => [
      id,
      `${scope}|${period?.kind === "duration" ? `${period.start}/${period.end}` : period?.date}`,
    ]),
  );
  const kept = new Map<string, { fact: FigureFact; value: string | null; decimals: number }>();
  const unreadable = (raw: RawFact, why: string) =>
    remarks.push({ flag: "UNREADABLE_FIGURE", detail: `${raw.concept.local} in context "${raw.contextRef}": ${why}` });
  for (const raw of doc.facts) {
    const target = raw.kind === "nonFraction" ? figureOf(raw.concept) : null;
    if (target === null) continue;
    const context = contexts.get(raw.contextRef);
    if (context === undefined) {
      unreadable(raw, "the context is not defined");
      continue;
    }
    if (context.scope === null) continue;
    if (context.period === null) {
      unreadable(raw, "the context's dates cannot be read");
      continue;
    }
    // Null for a nil fact.
    let value: string | null = null;
    let amount: number | null = null;
    if (!raw.isNil) {
      value = factValue(raw);
      amount = value === null ? null : wholeUnits(value);
      if (amount === null) {
        unreadable(raw, `cannot read "${raw.text.trim().slice(0, QUOTED_TEXT_LENGTH)}"${raw.format ? ` as ${raw.format.local}` : ""}`);
        continue;
      }
    }
    const unit = raw.unitRef === null ? undefined : doc.units.get(raw.unitRef);
    const key = `${raw.concept.ns}|${raw.concept.local}|${contextKeys.get(raw.contextRef)}|${unit?.key ?? `#${raw.unitRef}`}`;
    const decimals = raw.decimals !== null && DECIMALS.test(raw.decimals.trim()) ? Number(raw.decimals.trim()) : Infinity;
    const first = kept.get(key);
    if (first === undefined) {
      const fact = { ...target, period: context.period, scope: context.scope, currency: unit?.currency ?? null, amount, order: raw.order };
      kept.set(key, { fact, value, decimals });
    } else if (!agrees(first.value, first.decimals, value, decimals)) {
      remarks.push({
        flag: "DUPLICATE_FACTS_DISAGREE",
        detail: `${raw.concept.local} in context "${raw.contextRef}": ${first.value ?? "nil"} and ${value ?? "nil"}`,
      });
    }
  }
  return [...kept.values()].map((entry) => entry.fact);
}

/** The canonical decimal value of a non-nil fact, or null when it cannot be read. */
function factValue(raw: RawFact): string | null {
  const number = readNumber(raw.text, raw.format);
  const scale = raw.scale === null ? 0 : SCALE.test(raw.scale.trim()) ? Number(raw.scale.trim()) : NaN;
  if (number === null || Number.isNaN(scale)) return null;
  return scaleDecimal(number, scale, number.negative !== (raw.sign?.trim() === "-"));
}

function agrees(a: string | null, aDecimals: number, b: string | null, bDecimals: number): boolean {
  return a === null || b === null ? a === b : agreeAtPrecision(a, aDecimals, b, bDecimals);
}
