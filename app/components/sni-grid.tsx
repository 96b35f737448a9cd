/** Grid of the top-level industry (SNI) groups with company counts (spec §1); each opens a search for that group. */
import { Link } from "@remix-run/react";
import { formatNumber } from "#shared/format";
import type { ResultType } from "#shared/search/search-fields";
import type { RefdataState } from "../lib/refdata";
import type { IndustryCount } from "../lib/start-data";
import { searchForCodes, searchHref } from "../lib/search-launch";

const PLACEHOLDERS = 21;

/**
 * Browsers do not hyphenate Swedish, and SNI titles have long compounds ("kommunikationsverksamhet"); a soft hyphen
 * before "verksamhet" lets them break there (visible only when the line breaks).
 */
export const softHyphenate = (text: string) => text.replace(/(\p{L}{3,})(verksamhet)/gu, "$1\u00ad$2");

/** The grid's cards from the reference data the browser loaded (when the server could not give them), or null until then. */
export function industriesOf(refdata: RefdataState): IndustryCount[] | null {
  if (refdata.status !== "ready") return null;
  const { sniTree, sniAggregation } = refdata.refdata;
  return sniTree.map(({ code, text }) => ({ code, text, count: sniAggregation.get(code) ?? 0 }));
}

export function SniGrid({ industries, resultType }: { industries: IndustryCount[] | null; resultType: ResultType }) {
  if (industries === null) {
    return (
      <ul className="sni-grid" aria-busy="true" aria-label="Branscher laddas">
        {Array.from({ length: PLACEHOLDERS }, (_, i) => (
          <li key={i} className="sni-card sni-card--placeholder" />
        ))}
      </ul>
    );
  }
  return (
    <ul className="sni-grid">
      {industries.map((section) => (
        <li key={section.code}>
          <Link className="sni-card" to={searchHref(searchForCodes(resultType, "sni", [section.code]))}>
            <span className="sni-card__code" aria-hidden="true">
              {section.code}
            </span>
            <span className="sni-card__name">{softHyphenate(section.text)}</span>
            <span className="sni-card__count">{formatNumber(section.count)} företag</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
