/**
 * The industry and place tree editors (tree-editor.tsx) are fetched when first opened (issue 48 point 6): 'Redigera
 * bransch' and 'Redigera plats' fetch them ahead when pointed at, touched or focused. Until the code is there the panel
 * holds its place with "Laddar…", as the editor itself does while the tree is on its way.
 */
import { lazyWithPreload } from "../../lib/lazy-with-preload";

export const TreeEditor = lazyWithPreload(() => import("./tree-editor").then((m) => m.TreeEditor));

export function TreeEditorLoading({ set }: { set: "sni" | "location" }) {
  return (
    <section
      id={`tree-editor-${set}`}
      className="tree-editor"
      aria-busy="true"
      aria-label={set === "sni" ? "Redigera bransch" : "Redigera plats"}
    >
      <p className="muted" role="status">
        Laddar…
      </p>
    </section>
  );
}
