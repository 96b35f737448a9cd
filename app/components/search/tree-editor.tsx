/**
 * The industry and place tree editors (spec §2 'Redigera bransch', 'Redigera plats'): counts per node, expand, drill
 * into a node with a breadcrumb back, and a search box matching titles, codes and (SNI) keywords. Only one of the two
 * panels is open at a time. Keyboard: Tab reaches every control; in the tree, ↑/↓ move between rows, → expands,
 * ← collapses or moves to the parent, Home/End go to the first/last row. 'Stäng', or Escape (after emptying the search
 * box), gives the focus back to the button that opened the editor (issues 38 and 48). Opened over the phone's filter drawer, it is a sheet of its own: the system Back
 * closes it and leaves the drawer open (issue 38, as the drawer itself closes on Back).
 */
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import type { RefNode } from "#shared/api-contracts/search-api";
import { countOf } from "#shared/format";
import { toggleCode, toggleExcluded } from "../../lib/search/search-edit";
import { ancestorsOf, partlySelected, type TreeIndex } from "../../lib/search/search-refdata";
import { matchTree, MAX_TREE_MATCHES } from "../../lib/search/tree-filter";
import { useBackToClose } from "../../lib/use-back-to-close";
import { useSearchScreen, useSearchState } from "./search-context";
import { TreeRow } from "./tree-node";

const TEXTS = {
  sni: { heading: "Redigera bransch", search: "Sök bransch", hint: "namn, SNI-kod eller sökord", root: "Alla branscher" },
  location: { heading: "Redigera plats", search: "Sök plats", hint: "län, kommun eller kod", root: "Hela Sverige" },
} as const;

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const target = event.target as HTMLElement;
  if (!target.classList.contains("tree-row__check")) return;
  const checks = [...event.currentTarget.querySelectorAll<HTMLInputElement>(".tree-row__check")];
  const index = checks.indexOf(target as HTMLInputElement);
  const row = target.closest(".tree-row");
  const expand = row?.querySelector<HTMLButtonElement>("button.tree-row__expand");
  const go = (i: number) => checks[Math.max(0, Math.min(checks.length - 1, i))]?.focus();
  if (event.key === "ArrowDown") go(index + 1);
  else if (event.key === "ArrowUp") go(index - 1);
  else if (event.key === "Home") go(0);
  else if (event.key === "End") go(checks.length - 1);
  else if (event.key === "ArrowRight" && expand?.getAttribute("aria-expanded") === "false") expand.click();
  else if (event.key === "ArrowLeft" && expand?.getAttribute("aria-expanded") === "true") expand.click();
  else if (event.key === "ArrowLeft")
    row?.parentElement?.closest("li")?.parentElement?.closest("li")?.querySelector<HTMLElement>(".tree-row__check")?.focus();
  else return;
  event.preventDefault();
}

/** `overDrawer`: opened from the filter drawer, whose sheet it covers. */
export function TreeEditor({ set, overDrawer }: { set: "sni" | "location"; overDrawer: boolean }) {
  const { refdata, update, setPanel } = useSearchScreen();
  const { search, results, resultsOutdated, facetLevels } = useSearchState();
  // Until the counts of every level arrive (asked for when the editor opened), they show as outdated.
  const outdated = resultsOutdated || facetLevels === "top";
  // The places' editor waits for the whole place tree: the loader's names only the places the sidebar shows.
  const tree: TreeIndex | null = set === "sni" ? (refdata?.sni ?? null) : refdata?.locationWhole ? refdata.location : null;
  const [query, setQuery] = useState("");
  const [root, setRoot] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const searchRef = useRef<HTMLInputElement>(null);
  const texts = TEXTS[set];
  useEffect(() => searchRef.current?.focus(), []);
  const close = () => {
    setPanel(null);
    document.querySelector<HTMLButtonElement>(`[data-tree-opener="${set}"]`)?.focus();
  };
  useBackToClose(overDrawer, close);

  const match = useMemo(
    () => (tree ? matchTree(tree, query, set === "sni" ? (refdata?.sniKeywords ?? null) : null) : null),
    [tree, query, set, refdata],
  );
  const counts = results?.aggregations[set];
  const allCounts = results?.aggregations[`${set}_all`];
  const chosen = search.codeSet[set];
  const selected = new Set(chosen ?? []);
  const excluded = new Set(search.excludeCodeSet[set] ?? []);
  const partly = useMemo(() => (tree ? partlySelected(tree, chosen ?? []) : new Set<string>()), [tree, chosen]);
  const searching = query.trim() !== "";
  const ancestors = tree ? (code: string) => ancestorsOf(tree, code) : undefined;

  const isShown = (node: RefNode) =>
    (!searching || (match?.visible.has(node.code) ?? false)) &&
    (selected.has(node.code) || excluded.has(node.code) || !allCounts || (allCounts[node.code] ?? 0) > 0);

  const toggleExpand = (code: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  const renderNodes = (nodes: RefNode[], depth: number) => (
    <ul className="tree-list">
      {nodes.filter(isShown).map((node) => {
        const children = node.children.filter(isShown);
        const open = children.length > 0 && (searching || expanded.has(node.code));
        return (
          <li key={node.code}>
            <TreeRow
              node={node}
              set={set}
              depth={depth}
              expanded={open}
              selected={selected.has(node.code)}
              excluded={excluded.has(node.code)}
              partly={partly.has(node.code)}
              matched={searching && (match?.matches.has(node.code) ?? false)}
              count={counts?.[node.code] ?? 0}
              allCount={allCounts?.[node.code] ?? 0}
              childCount={children.length}
              onToggleExpand={toggleExpand}
              onToggleCode={(code) => update(toggleCode(search, set, code, ancestors))}
              onToggleExcluded={(code) => update(toggleExcluded(search, set, code, ancestors))}
              onDrill={(code) => {
                setRoot(code);
                setQuery("");
              }}
            />
            {open ? renderNodes(node.children, depth + 1) : null}
          </li>
        );
      })}
    </ul>
  );

  const rootNode = root && tree ? tree.byCode.get(root) : undefined;
  const trail = root && tree ? [...ancestorsOf(tree, root), root] : [];
  return (
    <section
      id={`tree-editor-${set}`}
      className={outdated ? "tree-editor tree-editor--outdated" : "tree-editor"}
      aria-labelledby={`tree-editor-${set}-heading`}
      onKeyDown={(event) => {
        // Escape empties the search box first, then closes the editor (issue 48 point 8), before the detail pane hears it.
        if (event.key !== "Escape" || event.defaultPrevented) return;
        event.preventDefault();
        if (event.target === searchRef.current && query !== "") setQuery("");
        else close();
      }}
    >
      <div className="tree-editor__header">
        <h2 id={`tree-editor-${set}-heading`}>{texts.heading}</h2>
        <button type="button" className="button button--small button--secondary" onClick={close}>
          Stäng
        </button>
      </div>
      <input
        ref={searchRef}
        type="search"
        className="tree-editor__search"
        aria-label={texts.search}
        placeholder={`${texts.search}: ${texts.hint}`}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {!searching ? (
        <nav aria-label="Sökväg" className="breadcrumb">
          <ol>
            <li>
              {root ? (
                <button type="button" className="link-button" onClick={() => setRoot(null)}>
                  {texts.root}
                </button>
              ) : (
                <span aria-current="location">{texts.root}</span>
              )}
            </li>
            {trail.map((code) => (
              <li key={code}>
                {code === root ? (
                  <span aria-current="location">{tree?.byCode.get(code)?.text}</span>
                ) : (
                  <button type="button" className="link-button" onClick={() => setRoot(code)}>
                    {tree?.byCode.get(code)?.text}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : (
        <p className="muted" role="status">
          {match && match.matches.size >= MAX_TREE_MATCHES
            ? "Många träffar – skriv mer för att begränsa."
            : countOf(match?.matches.size ?? 0, "träff", "träffar")}
        </p>
      )}
      <div className="facet-list__columns tree-editor__columns" aria-hidden="true">
        <span>Urval</span>
        <span>Sverige</span>
      </div>
      <div className="tree-editor__tree" onKeyDown={moveFocus}>
        {!tree ? <p className="muted">Laddar…</p> : renderNodes(searching ? tree.roots : (rootNode?.children ?? tree.roots), 0)}
      </div>
    </section>
  );
}
