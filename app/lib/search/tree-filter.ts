/**
 * The tree editors' search (spec §2 "a search text filters it"): a node matches when its title contains the text,
 * its code starts with it (dots ignored, so "01.1" finds "011"), or, for SNI detail groups, one of its keywords
 * starts with it. Matches are shown with their ancestors, so the tree keeps its shape.
 */
import { normalizeQuery } from "./facet-entries";
import { ancestorsOf, type TreeIndex } from "./search-refdata";

export interface TreeMatch {
  /** Nodes that match the text themselves. */
  matches: Set<string>;
  /** Matches and all their ancestors: the nodes to show. */
  visible: Set<string>;
}

/** At most this many matching nodes are shown; more means the text should be longer. */
export const MAX_TREE_MATCHES = 300;

export function matchTree(tree: TreeIndex, query: string, keywords: Record<string, string[]> | null): TreeMatch {
  const q = normalizeQuery(query);
  const matches = new Set<string>();
  const visible = new Set<string>();
  if (!q) return { matches, visible };
  const code = q.replace(/\./g, "");
  for (const node of tree.byCode.values()) {
    if (matches.size >= MAX_TREE_MATCHES) break;
    const byTitle = node.text.toLocaleLowerCase("sv").includes(q);
    const byCode = code !== "" && node.code.toLowerCase().startsWith(code);
    const byKeyword = keywords?.[node.code]?.some((word) => word.toLocaleLowerCase("sv").startsWith(q)) ?? false;
    if (byTitle || byCode || byKeyword) matches.add(node.code);
  }
  for (const match of matches) {
    visible.add(match);
    for (const ancestor of ancestorsOf(tree, match)) visible.add(ancestor);
  }
  return { matches, visible };
}
