/** A node of a reference tree (SNI or location): code, Swedish text, children. */
export interface RefNode {
  code: string;
  text: string;
  children: RefNode[];
}

/** A code-list entry (company form, fiscal year, employee range). */
export interface RefEntry {
  code: string;
  text: string;
}

/** Builds a forest from flat [code, parentCode, text] rows given parents before children; "" marks a root. */
export function buildForest(rows: readonly (readonly [string, string, string])[]): RefNode[] {
  const roots: RefNode[] = [];
  const byCode = new Map<string, RefNode>();
  for (const [code, parent, text] of rows) {
    const node: RefNode = { code, text, children: [] };
    byCode.set(code, node);
    if (parent === "") roots.push(node);
    else {
      const parentNode = byCode.get(parent);
      if (!parentNode) throw new Error(`reference data: parent ${parent} of ${code} is missing`);
      parentNode.children.push(node);
    }
  }
  return roots;
}

/** Ancestor codes from the top for every code in the rows ([] for roots). */
export function buildAncestors(rows: readonly (readonly [string, string, string])[]): Map<string, readonly string[]> {
  const ancestors = new Map<string, readonly string[]>();
  for (const [code, parent] of rows) {
    ancestors.set(code, parent === "" ? [] : [...(ancestors.get(parent) ?? []), parent]);
  }
  return ancestors;
}
