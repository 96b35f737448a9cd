/** Grid of the top-level industry (SNI) groups with company counts (spec §1); each opens a search for that group. */
import { Link } from "@remix-run/react";
import { formatNumber } from "#shared/format";
import type { ResultType } from "#shared/search/search-fields";
import type { RefdataState } from "../lib/refdata";
import { searchForCodes, searchHref } from "../lib/search-launch";

const PLACEHOLDERS = 21;

/**
 * Browsers do not hyphenate Swedish, and SNI titles have long compounds ("kommunikationsverksamhet"); a soft hyphen
 * before "verksamhet" lets them break there (visible only when the line breaks).
 */
export const softHyphenate = (text: string) => text.replace(/(\p{L}{3,})(verksamhet)/gu, "$1\u00ad$2");

export function SniGrid({ refdata, resultType }: { refdata: RefdataState; resultType: ResultType }) {
  if (refdata.status !== "ready") {
    return (
      <ul className="sni-grid" aria-busy="true" aria-label="Branscher laddas">
        {Array.from({ length: PLACEHOLDERS }, (_, i) => (
          <li key={i} className="sni-card sni-card--placeholder" />
        ))}
      </ul>
    );
  }
  const { sniTree, sniAggregation } = refdata.refdata;
  return (
    <ul className="sni-grid">
      {sniTree.map((section) => {
        const count = sniAggregation.get(section.code) ?? 0;
        return (
          <li key={section.code}>
            <Link className="sni-card" to={searchHref(searchForCodes(resultType, "sni", [section.code]))}>
              <span className="sni-card__code" aria-hidden="true">
                {section.code}
              </span>
              <span className="sni-card__name">{softHyphenate(section.text)}</span>
              <span className="sni-card__count">{formatNumber(count)} företag</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
