/** The 21 counties of the start-page map, read from app/data/counties.svg at build time (see app/data/SOURCES.md). */
import countiesSvg from "../data/counties.svg?raw";

export interface CountyShape {
  code: string;
  name: string;
  d: string;
}

export const MAP_VIEW_BOX = "0 0 400 897";

const PATH = /<path id="lan-\d{2}" data-county-code="(\d{2})" data-county-name="([^"]+)" d="([^"]+)">/g;

export const COUNTY_SHAPES: readonly CountyShape[] = [...countiesSvg.matchAll(PATH)].map(([, code = "", name = "", d = ""]) => ({
  code,
  name,
  d,
}));
