/** Reference data as the index builders need it: trees as node ids, code lists as small indexes. */
import { FLAT_CODE_SETS } from "#shared/search/search-fields";
import { CODE_SET_ENTRIES, locationTree, sniTree } from "../../refdata";
import { NO_CODE, type SmallCodeSet } from "../../embedded/index-types";
import { buildTreeIndex, codeToNodeMap, pathToRoot, unknownNode, type TreeIndex } from "../../embedded/tree-index";

export interface BuildContext {
  sni: TreeIndex;
  location: TreeIndex;
  codeLists: Record<SmallCodeSet, string[]>;
  sniNode(code: string): number;
  locationNode(code: string): number;
  codeIndex(list: SmallCodeSet, code: string): number;
  /** Distinct nodes of the codes and all their ancestors. */
  withAncestors(tree: TreeIndex, nodes: readonly number[]): number[];
}

export function createBuildContext(): BuildContext {
  const sni = buildTreeIndex(sniTree);
  const location = buildTreeIndex(locationTree);
  const sniNodes = codeToNodeMap(sni);
  const locationNodes = codeToNodeMap(location);
  // Every node's path to the root, computed once (most records have one code).
  const sniPaths = sni.codes.map((_, id) => pathToRoot(sni, id));
  const locationPaths = location.codes.map((_, id) => pathToRoot(location, id));
  const codeLists = Object.fromEntries(FLAT_CODE_SETS.map((name) => [name, CODE_SET_ENTRIES[name].map((e) => e.code)])) as Record<
    SmallCodeSet,
    string[]
  >;
  const codeMaps = Object.fromEntries(
    Object.entries(codeLists).map(([name, codes]) => [name, new Map(codes.map((code, i) => [code, i]))]),
  ) as Record<SmallCodeSet, Map<string, number>>;
  return {
    sni,
    location,
    codeLists,
    sniNode: (code) => sniNodes.get(code) ?? unknownNode(sni),
    locationNode: (code) => locationNodes.get(code) ?? unknownNode(location),
    codeIndex: (list, code) => codeMaps[list].get(code) ?? NO_CODE,
    withAncestors(tree, nodes) {
      const paths = tree === sni ? sniPaths : locationPaths;
      const known = nodes.filter((node) => node < unknownNode(tree));
      if (known.length <= 1) return known.length === 0 ? [] : (paths[known[0] as number] ?? []);
      const out = new Set<number>();
      for (const node of known) for (const id of paths[node] ?? []) out.add(id);
      return [...out];
    },
  };
}
