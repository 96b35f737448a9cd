/** One conformance suite for every search backend, on the hand-made fixture (tests/fixtures/search). */
import { afterAll, beforeAll, describe } from "vitest";
import type { SearchBackend } from "#search-index/backend";
import { contractBackends } from "./support/backends";
import { companyCases } from "./support/company-cases";
import { exclusionCases } from "./support/exclusion-cases";
import { filterCases } from "./support/filter-cases";
import { freeTextCases } from "./support/free-text-cases";
import { histogramCases } from "./support/histogram-cases";
import { propertyCases } from "./support/property-cases";
import { worksiteCases } from "./support/worksite-cases";

describe.each(contractBackends)("$name backend", ({ open }) => {
  let opened: Awaited<ReturnType<typeof open>> | null = null;
  const backend = (): SearchBackend => {
    if (!opened) throw new Error("backend not open");
    return opened.backend;
  };
  beforeAll(async () => {
    opened = await open();
  }, 180_000);
  afterAll(() => opened?.close());

  companyCases(backend);
  filterCases(backend);
  exclusionCases(backend);
  worksiteCases(backend);
  propertyCases(backend);
  freeTextCases(backend);
  histogramCases(backend);
});
