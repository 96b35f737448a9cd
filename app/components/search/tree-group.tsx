/**
 * The sidebar's industry and place groups (spec §2): the SNI sections or the counties with their counts, any deeper
 * codes chosen in the tree editor at the top, and 'Redigera bransch' / 'Redigera plats', which opens the tree editor
 * (one at a time), fetching the editor's code ahead when pointed at, touched or focused.
 */
import { useCallback, useMemo } from "react";
import type { TreeCodeSet } from "#shared/search/search-fields";
import { facetEntries } from "../../lib/search/facet-entries";
import { toggleCode, toggleExcluded } from "../../lib/search/search-edit";
import { ancestorsOf, codeLabel, partlySelected } from "../../lib/search/search-refdata";
import { CodeFacet } from "./code-facet";
import { FilterGroup } from "./filter-group";
import { TreeEditor } from "./tree-editor-lazy";
import { useSearchScreen, useSearchStates } from "./search-context";

const EDIT_TEXT = { sni: "Redigera bransch", location: "Redigera plats" } as const;

export function TreeGroup({ set, title }: { set: TreeCodeSet; title: string }) {
  const { edit, refdata, wantFullRefdata, panel, setPanel } = useSearchScreen();
  const { current, deferred } = useSearchStates();
  const { search } = current;
  const { results, spinner, resultsOutdated } = deferred;
  const aggregations = results?.aggregations;
  const chosen = search.codeSet[set];
  const selected = useMemo(() => chosen ?? [], [chosen]);
  const left = search.excludeCodeSet[set];
  const excluded = useMemo(() => left ?? [], [left]);
  const rows = useMemo(() => {
    if (!refdata) return [];
    const top = set === "sni" ? refdata.sniSections : refdata.location.roots.map(({ code, text }) => ({ code, text }));
    const topCodes = new Set(top.map((entry) => entry.code));
    const deeper = [...selected, ...excluded]
      .filter((code) => !topCodes.has(code))
      .map((code) => ({ code, text: codeLabel(refdata, set, code) }));
    const tree = set === "sni" ? refdata.sni : refdata.location;
    const partly = tree ? partlySelected(tree, selected) : new Set<string>();
    const rows = facetEntries([...deeper, ...top], selected, aggregations?.[set], aggregations?.[`${set}_all`], excluded);
    return rows.map((row) => (partly.has(row.code) ? { ...row, partly: true } : row));
  }, [refdata, set, selected, excluded, aggregations]);
  // A chosen code un-excludes the codes above it, an excluded one unchooses those below (search-edit.ts).
  const tree = set === "sni" ? refdata?.sni : refdata?.location;
  const ancestors = useMemo(() => (tree ? (code: string) => ancestorsOf(tree, code) : undefined), [tree]);
  const onToggle = useCallback((code: string) => edit((s) => toggleCode(s, set, code, ancestors)), [edit, set, ancestors]);
  const onExclude = useCallback((code: string) => edit((s) => toggleExcluded(s, set, code, ancestors)), [edit, set, ancestors]);
  const isOpen = panel === set;
  // The editor's code and its tree (for the industries with their keywords), fetched ahead of the click.
  const preload = useCallback(() => {
    TreeEditor.preload();
    wantFullRefdata(set);
  }, [set, wantFullRefdata]);
  return (
    <FilterGroup title={title} active={selected.length + excluded.length} defaultOpen>
      <button
        type="button"
        className={isOpen ? "button button--small button--secondary is-active" : "button button--small button--secondary"}
        aria-expanded={isOpen}
        aria-controls={isOpen ? `tree-editor-${set}` : undefined}
        data-tree-opener={set}
        onClick={() => setPanel(isOpen ? null : set)}
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
      >
        {EDIT_TEXT[set]}
      </button>
      <CodeFacet
        label={set === "sni" ? "Branscher" : "Län"}
        rows={rows}
        onToggle={onToggle}
        onExclude={onExclude}
        stale={spinner}
        outdated={resultsOutdated}
      />
    </FilterGroup>
  );
}
