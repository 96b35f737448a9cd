/**
 * The selection on a map (issue 39 point 1), loaded only when 'Karta' opens (map-view.tsx): the counties, or one
 * county's municipalities, shaded in classes by the location facet's counts of the search on screen (no query of its
 * own), with a legend. Each area is a link: hover or focus names it with its count, a click limits the search to it, a
 * second click on the county the search is limited to opens its municipalities. 'Visa som tabell' lists the same
 * counts. The county shapes are the start page's (app/data/counties.svg); the municipalities' come from
 * app/data/municipalities.json (scripts/maps/build-municipality-map.ts), fetched as a chunk of their own on the first
 * drill-in.
 */
import { useEffect, useState } from "react";
import { formatNumber, resultTypeWord } from "#shared/format";
import { COUNTY_SHAPES, MAP_VIEW_BOX } from "../../lib/counties";
import { searchHref } from "../../lib/search-launch";
import {
  chosenCounty,
  isOnlyPlace,
  mapAreas,
  mapClasses,
  searchForPlace,
  shadeOf,
  viewBoxOf,
  type MapArea,
  type PlaceShape,
} from "../../lib/search/selection-map";
import { useSearchScreen, useSearchState } from "./search-context";

interface MunicipalityShape extends PlaceShape {
  county: string;
  d: string;
}

function useMunicipalities(needed: boolean): MunicipalityShape[] | null {
  const [shapes, setShapes] = useState<MunicipalityShape[] | null>(null);
  useEffect(() => {
    if (!needed || shapes) return;
    let active = true;
    void import("../../data/municipalities.json").then((module) => active && setShapes(module.default));
    return () => {
      active = false;
    };
  }, [needed, shapes]);
  return shapes;
}

export default function SelectionMap() {
  const { update } = useSearchScreen();
  const { search, results, facetLevels } = useSearchState();
  // Opened on a search limited to municipalities of one county, the map starts with that county's municipalities.
  const [county, setCounty] = useState<string | null>(() =>
    search.codeSet.location?.some((code) => code.length > 2) ? chosenCounty(search) : null,
  );
  const [asTable, setAsTable] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const municipalities = useMunicipalities(county !== null);
  const shapes: readonly (PlaceShape & { d: string })[] = county === null ? COUNTY_SHAPES : (municipalities ?? []);
  const areas = mapAreas(shapes, results?.aggregations ?? null, county, search.excludeCodeSet.location);
  // The shading's scale is the searched places': an excluded one is drawn apart, whatever its count.
  const classes = mapClasses(Math.max(0, ...areas.filter((area) => !area.excluded).map((area) => area.count)));
  const countyName = COUNTY_SHAPES.find((shape) => shape.code === county)?.name ?? "";
  const level = county === null ? "Län" : "Kommun";
  const countText = (area: MapArea) =>
    `${area.excluded ? "utesluten, " : ""}${formatNumber(area.count)} ${resultTypeWord(search.resultType, area.count)}`;
  const pick = (code: string) => {
    if (county === null && isOnlyPlace(search, code)) setCounty(code);
    else update(searchForPlace(search, code));
  };
  const shown = areas.find((area) => area.code === active);
  const pathOf = new Map(shapes.map((shape) => [shape.code, shape.d]));
  const viewBox = county === null ? MAP_VIEW_BOX : viewBoxOf(areas.map((area) => pathOf.get(area.code) ?? ""));

  return (
    // The municipalities' counts arrive with the call the map's opening made (deep tree counts, search-controller.ts).
    <div className="selection-map" aria-busy={county !== null && facetLevels === "top"}>
      <div className="selection-map__bar">
        <h3 className="selection-map__level">{county === null ? "Per län" : `Per kommun i ${countyName}`}</h3>
        {county !== null ? (
          <button type="button" className="link-button" onClick={() => setCounty(null)}>
            Visa alla län
          </button>
        ) : null}
        <button type="button" className="link-button" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          Visa som tabell
        </button>
      </div>
      {asTable ? (
        <table className="selection-map__table">
          <caption className="visually-hidden">{`Antal ${resultTypeWord(search.resultType)} per ${level.toLowerCase()}`}</caption>
          <thead>
            <tr>
              <th scope="col">{level}</th>
              <th scope="col" className="num">
                Antal
              </th>
            </tr>
          </thead>
          <tbody>
            {[...areas]
              .sort((a, b) => a.name.localeCompare(b.name, "sv"))
              .map((area) => (
                <tr key={area.code}>
                  <th scope="row">
                    <button type="button" className="link-button" onClick={() => pick(area.code)}>
                      {area.name}
                    </button>
                  </th>
                  <td className="num">{area.excluded ? `utesluten (${formatNumber(area.count)})` : formatNumber(area.count)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      ) : (
        <>
          <svg
            viewBox={viewBox}
            className="selection-map__svg"
            role="group"
            aria-label={county === null ? "Karta över länen" : `Karta över kommunerna i ${countyName}`}
          >
            {areas.map((area) => (
              <a
                key={area.code}
                href={searchHref(searchForPlace(search, area.code))}
                aria-label={`${area.name}, ${countText(area)}`}
                className={area.excluded ? "county county--excluded" : `county county--shade-${shadeOf(area.count, classes)}`}
                data-place-code={area.code}
                onMouseEnter={() => setActive(area.code)}
                onMouseLeave={() => setActive(null)}
                onFocus={() => setActive(area.code)}
                onBlur={() => setActive(null)}
                onClick={(event) => {
                  event.preventDefault();
                  pick(area.code);
                }}
              >
                <title>{`${area.name}: ${countText(area)}`}</title>
                <path d={pathOf.get(area.code)} />
              </a>
            ))}
          </svg>
          <p className="selection-map__caption" aria-hidden="true">
            {shown ? (
              <>
                <strong>{shown.name}</strong> {countText(shown)}
              </>
            ) : county === null ? (
              "Välj ett län för att söka där; välj det igen för att se dess kommuner."
            ) : (
              "Välj en kommun för att söka där."
            )}
          </p>
          <ul className="selection-map__legend" aria-label="Teckenförklaring">
            <li>
              <span className="selection-map__swatch county--shade-0" aria-hidden="true" />0
            </li>
            {classes.map((c) => (
              <li key={c.shade}>
                <span className={`selection-map__swatch county--shade-${c.shade}`} aria-hidden="true" />
                {c.label}
              </li>
            ))}
            {areas.some((area) => area.excluded) ? (
              <li>
                <span className="selection-map__swatch county--excluded" aria-hidden="true" />
                Utesluten
              </li>
            ) : null}
          </ul>
        </>
      )}
      <p className="county-map__source">Källa: SCB</p>
    </div>
  );
}
