/**
 * A reference tree (SNI or location) as flat arrays: node ids in pre-order, so a parent's id is always below its
 * children's. Selections propagate down (a code selects everything below it), counts roll up.
 */
import type { RefNode } from "../refdata";

/** Id used for a code the tree does not know: one past the last node, so count arrays of size + 1 absorb it. */
export const unknownNode = (tree: TreeIndex) => tree.codes.length;

export interface TreeIndex {
  /** Code of each node id. */
  codes: string[];
  /** Parent node id, -1 for a root. */
  parent: Int32Array;
}

export function buildTreeIndex(roots: readonly RefNode[]): TreeIndex {
  const codes: string[] = [];
  const parents: number[] = [];
  const visit = (node: RefNode, parent: number) => {
    const id = codes.length;
    codes.push(node.code);
    parents.push(parent);
    for (const child of node.children) visit(child, id);
  };
  for (const root of roots) visit(root, -1);
  if (codes.length >= 0xffff) throw new Error("tree too large for 16-bit node ids");
  return { codes, parent: Int32Array.from(parents) };
}

export function codeToNodeMap(tree: TreeIndex): Map<string, number> {
  return new Map(tree.codes.map((code, id) => [code, id]));
}

/** The node and its ancestors, nearest first. */
export function pathToRoot(tree: TreeIndex, node: number): number[] {
  const path: number[] = [];
  for (let id = node; id >= 0; id = tree.parent[id] ?? -1) path.push(id);
  return path;
}

/** 1 for every node that is selected or lies below a selected node. */
export function selectionMask(tree: TreeIndex, selected: Iterable<number>): Uint8Array {
  const mask = new Uint8Array(tree.codes.length);
  for (const id of selected) mask[id] = 1;
  for (let id = 0; id < mask.length; id++) {
    const parent = tree.parent[id] ?? -1;
    if (parent >= 0 && mask[parent] === 1) mask[id] = 1;
  }
  return mask;
}

/** Adds every node's count to its parent, bottom-up, in place. */
export function rollUp(tree: TreeIndex, counts: Float64Array): Float64Array {
  for (let id = counts.length - 1; id > 0; id--) {
    const parent = tree.parent[id] ?? -1;
    if (parent >= 0) counts[parent] = (counts[parent] ?? 0) + (counts[id] ?? 0);
  }
  return counts;
}

/** Non-zero counts keyed by code. */
export function countsByCode(tree: TreeIndex, counts: Float64Array): Record<string, number> {
  const out: Record<string, number> = {};
  const n = Math.min(counts.length, tree.codes.length);
  for (let id = 0; id < n; id++) {
    const count = counts[id] ?? 0;
    if (count > 0) out[tree.codes[id] ?? ""] = count;
  }
  return out;
}
