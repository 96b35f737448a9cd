import { describe, expect, it, vi } from "vitest";
import type { SearchPageAnswer } from "#shared/api-contracts/search-api";
import type { FacetLevels } from "#shared/search/facet-levels";
import type { Histogram, HistogramField } from "#shared/search/histogram";
import type { CompanyRecord } from "#shared/search/result-schemas";
import { type Search } from "#shared/search/search-schema";
import { emptySearch } from "#shared/search/empty-search";
import { serializeSearch } from "#shared/search/search-codec";
import { correctedFrom, SearchController, SLOW_SEARCH_DELAY_MS, SPINNER_MIN_MS } from "./search-controller";
import { addCode } from "./search-edit";

function record(orgSeqNo: number): CompanyRecord {
  return { orgSeqNo, name: `Företag ${orgSeqNo}` } as CompanyRecord;
}

function answerFor(search: Search, page: number, requestId: number, hitCount = 45): SearchPageAnswer {
  const records = Array.from({ length: 20 }, (_, i) => record(page * 20 + i + 1));
  return {
    results: { type: search.resultType, hitCount, records, aggregations: {}, nameForOrgSeqNo: null },
    page,
    search,
    serializedSearch: serializeSearch(search),
    requestId,
    response: { serverRequestId: "r", backendMs: 1, cached: false },
    indexVersion: 1,
    allCounts: "included",
    facetLevels: "all",
  };
}

interface Pending {
  search: Search;
  page: number;
  requestId: number;
  histogram?: HistogramField;
  facets?: FacetLevels;
  resolve: (answer: SearchPageAnswer) => void;
  reject: (error: unknown) => void;
}

function harness() {
  const pending: Pending[] = [];
  const routes: string[] = [];
  const logs: string[] = [];
  let time = 0;
  const timers: { at: number; run: () => void; id: number }[] = [];
  let nextTimer = 1;
  const controller = new SearchController(
    {
      fetchPage: (search, page, requestId, _signal, histogram, facets) =>
        new Promise((resolve, reject) => pending.push({ search, page, requestId, histogram, facets, resolve, reject })),
      onRoute: (vad, mode) => routes.push(`${mode}:${vad}`),
      messageOf: () => "Något gick fel. Prova gärna igen.",
      log: (message) => logs.push(message),
      now: () => time,
      setTimer: (run, ms) => {
        const id = nextTimer++;
        timers.push({ at: time + ms, run, id });
        return id;
      },
      clearTimer: (id) => timers.splice(timers.findIndex((t) => t.id === id) >>> 0, 1),
    },
    emptySearch(),
    null,
  );
  const advance = (ms: number) => {
    time += ms;
    for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
      if (timer.at > time) continue;
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { controller, pending, routes, logs, advance, settle };
}

function withHistogram(answer: SearchPageAnswer, field: HistogramField, counts = [1, 2, 3]): SearchPageAnswer {
  const histogram: Histogram = { field, edges: [2, 3], counts, all: [5, 5, 5], missing: 0, allMissing: 0 };
  return { ...answer, results: { ...answer.results, histogram } };
}

describe("SearchController: the open range panel's distribution (issue 39)", () => {
  it("asks for none while no panel is open, and with each search while one is", async () => {
    const { controller, pending, settle } = harness();
    void controller.run(emptySearch());
    expect(pending[0]?.histogram).toBeUndefined();
    pending[0]?.resolve(answerFor(emptySearch(), 0, 1));
    await settle();
    expect(pending).toHaveLength(1);

    // Opened after the answer: one more call for the search on screen, merged into its results.
    controller.showHistogram("scoring");
    controller.showHistogram("scoring");
    expect(pending.map((p) => [p.requestId, p.page, p.histogram])).toEqual([
      [1, 0, undefined],
      [1, 0, "scoring"],
    ]);
    pending[1]?.resolve(withHistogram(answerFor(emptySearch(), 0, 1), "scoring"));
    await settle();
    expect(controller.getState().results?.histogram?.counts).toEqual([1, 2, 3]);

    // Open: the next search asks for it in the same request, and answers it.
    const next = addCode(emptySearch(), "location", "01");
    void controller.run(next);
    expect(pending[2]?.histogram).toBe("scoring");
    pending[2]?.resolve(withHistogram(answerFor(next, 0, 2), "scoring", [4, 5, 6]));
    await settle();
    expect(pending).toHaveLength(3);
    expect(controller.getState().results?.histogram?.counts).toEqual([4, 5, 6]);

    // Closed: the request is as before; a field that worksites lack is not asked for them.
    controller.hideHistogram(["scoring", "createdDate"]);
    void controller.run(emptySearch());
    expect(pending[3]?.histogram).toBeUndefined();
    controller.showHistogram("scoring");
    void controller.run(emptySearch("WORKSITE"));
    expect(pending.slice(4).map((p) => p.histogram)).toEqual([undefined]);
  });

  it("drops a distribution whose search is no longer the latest, and asks again after a search that lacked it", async () => {
    const { controller, pending, settle } = harness();
    void controller.run(emptySearch());
    pending[0]?.resolve(answerFor(emptySearch(), 0, 1));
    await settle();
    controller.showHistogram("turnover");
    const next = addCode(emptySearch(), "location", "01");
    void controller.run(next);
    pending[1]?.resolve(withHistogram(answerFor(emptySearch(), 0, 1), "turnover", [9, 9, 9]));
    await settle();
    expect(controller.getState().results?.histogram).toBeUndefined();

    // The panel switched while the search was on its way: its answer has the old field's, so one more call.
    controller.showHistogram("earnings");
    pending[2]?.resolve(withHistogram(answerFor(next, 0, 2), "turnover"));
    await settle();
    expect(pending.map((p) => p.histogram)).toEqual([undefined, "turnover", "turnover", "earnings"]);
    pending[3]?.resolve(withHistogram(answerFor(next, 0, 2), "earnings", [7, 8, 9]));
    await settle();
    expect(controller.getState().results?.histogram).toMatchObject({ field: "earnings", counts: [7, 8, 9] });
  });
});

/** An answer whose tree counts go as deep as `facets` says: `deep` counts a municipality, the top level a county. */
function withFacets(answer: SearchPageAnswer, facets: FacetLevels, municipality = 5): SearchPageAnswer {
  const location: Record<string, number> = facets === "all" ? { "01": 9, "0180": municipality } : { "01": 9 };
  return { ...answer, facetLevels: facets, results: { ...answer.results, aggregations: { location } } };
}

describe("SearchController: tree counts below the top level only while an editor or the map shows them (issue 48)", () => {
  it("asks for the top level while nothing shows the deeper counts, every level while something does", async () => {
    const { controller, pending, settle } = harness();
    void controller.run(emptySearch());
    expect(pending[0]?.facets).toBe("top");
    pending[0]?.resolve(withFacets(answerFor(emptySearch(), 0, 1), "top"));
    await settle();
    expect(controller.getState().facetLevels).toBe("top");

    // An editor opened after the answer: one call for the search on screen (asked once however often it is told).
    controller.showDeepFacets("tree", true);
    controller.showDeepFacets("tree", true);
    expect(pending.map((p) => [p.requestId, p.facets])).toEqual([
      [1, "top"],
      [1, "all"],
    ]);
    pending[1]?.resolve(withFacets(answerFor(emptySearch(), 0, 1), "all"));
    await settle();
    expect(controller.getState().facetLevels).toBe("all");
    expect(controller.getState().results?.aggregations.location).toEqual({ "01": 9, "0180": 5 });

    // While the editor and then the map are open, each search asks for every level; with both closed, the top again.
    const next = addCode(emptySearch(), "location", "01");
    controller.showDeepFacets("map", true);
    void controller.run(next);
    controller.showDeepFacets("tree", false);
    void controller.run(next);
    controller.showDeepFacets("map", false);
    void controller.run(next);
    expect(pending.slice(2).map((p) => p.facets)).toEqual(["all", "all", "top"]);
    // 'Visa fler' needs no counts.
    pending[4]?.resolve(withFacets(answerFor(next, 0, 4), "top"));
    await settle();
    void controller.loadMore();
    expect(pending[5]).toMatchObject({ page: 1, facets: "top" });
  });

  it("drops deeper counts of a search that is no longer the latest, and asks after an answer that lacked them", async () => {
    const { controller, pending, settle } = harness();
    void controller.run(emptySearch());
    pending[0]?.resolve(withFacets(answerFor(emptySearch(), 0, 1), "top"));
    await settle();
    controller.showDeepFacets("map", true);
    const next = addCode(emptySearch(), "location", "01");
    void controller.run(next);
    pending[1]?.resolve(withFacets(answerFor(emptySearch(), 0, 1), "all", 77));
    await settle();
    expect(controller.getState().results?.aggregations.location?.["0180"]).toBeUndefined();
    // Closed and opened again while the search was on its way with every level: no further call.
    pending[2]?.resolve(withFacets(answerFor(next, 0, 2), "all", 6));
    await settle();
    expect(pending).toHaveLength(3);
    expect(controller.getState().results?.aggregations.location).toEqual({ "01": 9, "0180": 6 });
  });
});

describe("SearchController", () => {
  it("starts with the server's failure as its error card, not loading, and 'Försök igen' runs the search", async () => {
    const pending: Pending[] = [];
    const search = addCode(emptySearch(), "location", "01");
    const controller = new SearchController(
      {
        fetchPage: (s, page, requestId) => new Promise((resolve, reject) => pending.push({ search: s, page, requestId, resolve, reject })),
        onRoute: () => undefined,
        messageOf: () => "Något gick fel. Prova gärna igen.",
        log: () => undefined,
      },
      search,
      null,
      "Något gick fel. Prova gärna igen.",
    );
    expect(controller.getState()).toMatchObject({ loading: false, error: "Något gick fel. Prova gärna igen.", results: null });
    void controller.retry();
    expect(pending.map((p) => p.search)).toEqual([search]);
    pending[0]?.resolve(answerFor(search, 0, 1, 7));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(controller.getState()).toMatchObject({ loading: false, error: null, results: { hitCount: 7 } });
    controller.dispose();
  });

  it("uses only the answer to the latest request, whatever order answers arrive in", async () => {
    const { controller, pending, routes, settle } = harness();
    const first = addCode(emptySearch(), "location", "01");
    const second = addCode(emptySearch(), "location", "14");
    void controller.run(first);
    void controller.run(second);
    expect(pending.map((p) => p.requestId)).toEqual([1, 2]);
    pending[1]?.resolve(answerFor(second, 0, 2, 7));
    await settle();
    pending[0]?.resolve(answerFor(first, 0, 1, 99));
    await settle();
    expect(controller.getState().results?.hitCount).toBe(7);
    expect(controller.getState().search.codeSet.location).toEqual(["14"]);
    expect(routes).toEqual([`push:${serializeSearch(second)}`]);
  });

  it("writes no address for a search once a newer one has started before the answer's frames were painted", async () => {
    // The address waits for two frames after the answer; a click in between starts a newer search.
    const frames: (() => void)[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => frames.push(callback));
    const paint = () => frames.splice(0).forEach((frame) => frame());
    const { controller, pending, routes, advance, settle } = harness();
    const switched = { ...addCode(emptySearch(), "location", "01"), resultType: "WORKSITE" as const };
    const cleared = { ...emptySearch(), resultType: "WORKSITE" as const };
    void controller.run(switched);
    pending[0]?.resolve(answerFor(switched, 0, 1, 40));
    await settle();
    paint();
    void controller.run(cleared);
    paint();
    advance(0);
    expect(routes).toEqual([]);
    pending[1]?.resolve(answerFor(cleared, 0, 2, 90));
    await settle();
    paint();
    paint();
    advance(0);
    expect(routes).toEqual([`push:${serializeSearch(cleared)}`]);
    expect(controller.getState().search).toEqual(cleared);
  });

  it("runs a text that finds nothing as meant at once, routes only that search, and says what was typed (issue 48)", async () => {
    const { controller, pending, routes, settle } = harness();
    const typed = { ...emptySearch(), text: "malmo" };
    void controller.run(typed);
    const empty = answerFor(typed, 0, 1, 0);
    pending[0]?.resolve({ ...empty, results: { ...empty.results, records: [], didYouMean: "malmö" } });
    await settle();
    expect(pending[1]?.search.text).toBe("malmö");
    expect(controller.getState().results).toBeNull();
    pending[1]?.resolve(answerFor(pending[1].search, 0, 2, 12));
    await settle();
    const shown = controller.getState().search;
    expect(shown.text).toBe("malmö");
    expect(controller.getState().results?.hitCount).toBe(12);
    expect(correctedFrom(shown)).toBe("malmo");
    expect(routes).toEqual([`push:${serializeSearch(shown)}`]);

    // "Sök i stället efter malmo": as typed, the empty answer stays.
    void controller.run({ ...shown, text: "malmo" }, "push", { asTyped: true });
    pending[2]?.resolve({ ...empty, requestId: 3, results: { ...empty.results, records: [], didYouMean: "malmö" } });
    await settle();
    expect(pending).toHaveLength(3);
    expect(controller.getState().results?.hitCount).toBe(0);
    expect(correctedFrom(controller.getState().search)).toBeNull();
  });

  it("drops an answer that names another request id", async () => {
    const { controller, pending, settle } = harness();
    void controller.run(emptySearch());
    pending[0]?.resolve(answerFor(emptySearch(), 0, 41));
    await settle();
    expect(controller.getState().results).toBeNull();
  });

  it("stores a failure as the error, and the next success clears it", async () => {
    const { controller, pending, settle } = harness();
    void controller.run(emptySearch());
    pending[0]?.reject(new Error("boom"));
    await settle();
    expect(controller.getState().error).toBe("Något gick fel. Prova gärna igen.");
    void controller.retry();
    pending[1]?.resolve(answerFor(emptySearch(), 0, 2));
    await settle();
    expect(controller.getState().error).toBeNull();
    expect(controller.getState().results?.hitCount).toBe(45);
  });

  it("marks the results of an earlier search outdated when the search on screen fails, until an answer arrives", async () => {
    const { controller, pending, settle } = harness();
    void controller.run(emptySearch());
    pending[0]?.resolve(answerFor(emptySearch(), 0, 1));
    await settle();
    expect(controller.getState().resultsOutdated).toBe(false);
    void controller.run(addCode(emptySearch(), "location", "01"));
    pending[1]?.reject(new Error("boom"));
    await settle();
    expect(controller.getState()).toMatchObject({ resultsOutdated: true, error: "Något gick fel. Prova gärna igen." });
    void controller.retry();
    pending[2]?.resolve(answerFor(addCode(emptySearch(), "location", "01"), 0, 3, 7));
    await settle();
    expect(controller.getState()).toMatchObject({ resultsOutdated: false, error: null, results: { hitCount: 7 } });
  });

  it("appends the next page and logs a hit count that changed between pages", async () => {
    const { controller, pending, logs, settle } = harness();
    void controller.run(emptySearch());
    pending[0]?.resolve(answerFor(emptySearch(), 0, 1));
    await settle();
    void controller.loadMore();
    expect(pending[1]?.page).toBe(1);
    pending[1]?.resolve(answerFor(emptySearch(), 1, 1, 46));
    await settle();
    const state = controller.getState();
    expect(state.page).toBe(1);
    expect(state.results?.records.map((r) => ("orgSeqNo" in r ? r.orgSeqNo : 0))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(state.results?.hitCount).toBe(45);
    expect(logs).toContain("hit count changed between pages");
  });

  it("ignores a page that arrives after a newer search started", async () => {
    const { controller, pending, settle } = harness();
    void controller.run(emptySearch());
    pending[0]?.resolve(answerFor(emptySearch(), 0, 1));
    await settle();
    void controller.loadMore();
    void controller.run(addCode(emptySearch(), "sni", "A"));
    pending[1]?.resolve(answerFor(emptySearch(), 1, 1));
    await settle();
    expect(controller.getState().results?.records).toHaveLength(20);
  });

  it("shows the spinner only after the slow-search delay, and for at least the minimum time", async () => {
    const { controller, pending, advance, settle } = harness();
    void controller.run(emptySearch());
    advance(SLOW_SEARCH_DELAY_MS - 1);
    expect(controller.getState().spinner).toBe(false);
    advance(1);
    expect(controller.getState().spinner).toBe(true);
    advance(100);
    pending[0]?.resolve(answerFor(emptySearch(), 0, 1));
    await settle();
    expect(controller.getState().spinner).toBe(true);
    advance(SPINNER_MIN_MS - 100);
    expect(controller.getState().spinner).toBe(false);

    // A fast search never shows it.
    void controller.run(emptySearch());
    pending[1]?.resolve(answerFor(emptySearch(), 0, 2));
    await settle();
    advance(SLOW_SEARCH_DELAY_MS * 2);
    expect(controller.getState().spinner).toBe(false);
  });

  it("keeps marks within a type and clears them when the type changes", async () => {
    const { controller } = harness();
    controller.dispatch({ type: "toggleMarked", id: "5" });
    expect(controller.getState().selection.ids).toEqual([]);
    controller.dispatch({ type: "selectionMode", active: true });
    controller.dispatch({ type: "toggleMarked", id: "5" });
    controller.dispatch({ type: "toggleMarked", id: "6" });
    controller.dispatch({ type: "toggleMarked", id: "5" });
    expect(controller.getState().selection.ids).toEqual(["6"]);
    void controller.run(addCode(emptySearch(), "sni", "A"));
    expect(controller.getState().selection.ids).toEqual(["6"]);
    void controller.run(emptySearch("WORKSITE"));
    expect(controller.getState().selection).toEqual({ active: false, ids: [], exclude: false });
    controller.dispatch({ type: "selectionMode", active: true });
    controller.dispatch({ type: "toggleMarked", id: "7" });
    controller.dispatch({ type: "selectionMode", active: false });
    expect(controller.getState().selection.ids).toEqual([]);
  });
});
