/**
 * Map of Sweden's 21 counties (spec §1): each county is a link, reachable by keyboard, named with its company count,
 * that starts a search limited to it. Shaded by count; the focused or hovered county is described under the map. On a
 * touch screen there is no hover (issue 29): the first tap on a county describes it, a second tap searches. On phones
 * and tablets the counties are also listed under the map (narrow.css), as the smallest are too small to tap.
 */
import { Link } from "@remix-run/react";
import { type MouseEvent, useRef, useState } from "react";
import { formatNumber } from "#shared/format";
import type { ResultType } from "#shared/search/search-fields";
import { COUNTY_SHAPES, MAP_VIEW_BOX } from "../lib/counties";
import { mapClasses, shadeOf } from "../lib/search/selection-map";
import type { CodeCounts } from "../lib/refdata";
import { searchForCodes, searchHref } from "../lib/search-launch";

const BY_NAME = [...COUNTY_SHAPES].sort((a, b) => a.name.localeCompare(b.name, "sv"));

export function CountyMap({ counts, resultType }: { counts: CodeCounts | null; resultType: ResultType }) {
  const [active, setActive] = useState<string | null>(null);
  const [tapped, setTapped] = useState<string | null>(null);
  const pointerType = useRef("");
  // The shading rule of the search screen's map (selection-map.ts): classes on a square-root scale of the largest count.
  const classes = mapClasses(counts ? Math.max(0, ...counts.values()) : 0);
  const countText = (code: string) => {
    const count = counts?.get(code);
    return count === undefined ? null : `${formatNumber(count)} företag`;
  };
  const shown = active ?? tapped;
  const activeCounty = COUNTY_SHAPES.find((county) => county.code === shown);
  const onClick = (event: MouseEvent, code: string) => {
    const byTouch = pointerType.current === "touch";
    pointerType.current = "";
    if (!byTouch || tapped === code) return;
    event.preventDefault();
    setTapped(code);
  };

  return (
    <figure className="county-map">
      <svg viewBox={MAP_VIEW_BOX} className="county-map__svg" role="group" aria-label="Karta över Sveriges län">
        {COUNTY_SHAPES.map((county) => {
          const text = countText(county.code);
          return (
            <Link
              key={county.code}
              to={searchHref(searchForCodes(resultType, "location", [county.code]))}
              aria-label={text ? `${county.name}, ${text}` : county.name}
              className={`county county--shade-${shadeOf(counts?.get(county.code) ?? 0, classes)}`}
              onMouseEnter={() => setActive(county.code)}
              onMouseLeave={() => setActive(null)}
              onFocus={() => setActive(county.code)}
              onBlur={() => setActive(null)}
              onPointerDown={(event) => (pointerType.current = event.pointerType)}
              onClick={(event) => onClick(event, county.code)}
              data-county-code={county.code}
            >
              <title>{text ? `${county.name}: ${text}` : county.name}</title>
              <path d={county.d} />
            </Link>
          );
        })}
      </svg>
      <figcaption className="county-map__caption" aria-hidden="true">
        {activeCounty ? (
          <>
            <strong>{activeCounty.name}</strong> {countText(activeCounty.code) ?? ""}
            {tapped === activeCounty.code ? " – tryck igen för att söka där." : ""}
          </>
        ) : (
          "Välj ett län för att söka där."
        )}
      </figcaption>
      <details className="county-map__list">
        <summary>Alla län</summary>
        <ul>
          {BY_NAME.map((county) => (
            <li key={county.code}>
              <Link to={searchHref(searchForCodes(resultType, "location", [county.code]))}>
                {county.name} <span className="muted">{countText(county.code)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </details>
      <p className="county-map__source">Källa: SCB</p>
    </figure>
  );
}
