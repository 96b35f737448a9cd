/**
 * One row of a tree editor: expand/collapse, a checkbox with the code's title, its counts, "Uteslut" (issue 46) and
 * a drill-in button that makes the node the root of the view (spec §2 "expanded and drilled into with a breadcrumb").
 */
import type { RefNode } from "#shared/api-contracts/search-api";
import { formatNumber, formatSniCode } from "#shared/format";
import { hyphenateSv } from "../../lib/hyphenate-sv";
import { ExcludeToggle } from "./exclude-toggle";

export interface TreeRowProps {
  node: RefNode;
  set: "sni" | "location";
  depth: number;
  expanded: boolean;
  selected: boolean;
  /** Left out of the search, with everything below it ("Uteslut"). */
  excluded: boolean;
  /** Some codes below it are chosen, not the node itself: a mixed checkbox (issue 25). */
  partly: boolean;
  matched: boolean;
  count: number;
  allCount: number;
  /** Children that will be listed when expanded (after filtering). */
  childCount: number;
  onToggleExpand: (code: string) => void;
  onToggleCode: (code: string) => void;
  onToggleExcluded: (code: string) => void;
  onDrill: (code: string) => void;
}

export function TreeRow(props: TreeRowProps) {
  const { node, set, depth, expanded, selected, excluded, partly, matched, count, allCount, childCount } = props;
  const mixed = partly && !selected;
  const id = `tree-${set}-${node.code}`;
  const code = set === "sni" ? formatSniCode(node.code) : node.code;
  return (
    <div
      className={`tree-row tree-row--depth-${Math.min(depth, 4)}${matched ? " tree-row--match" : ""}${excluded ? " tree-row--excluded" : ""}`}
      data-code={node.code}
    >
      {childCount > 0 ? (
        <button
          type="button"
          className="tree-row__expand"
          aria-expanded={expanded}
          aria-label={`${expanded ? "Fäll ihop" : "Fäll ut"} ${node.text}`}
          onClick={() => props.onToggleExpand(node.code)}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d={expanded ? "M3 6l5 5 5-5" : "M6 3l5 5-5 5"} />
          </svg>
        </button>
      ) : (
        <span className="tree-row__expand tree-row__expand--leaf" aria-hidden="true" />
      )}
      <input
        id={id}
        type="checkbox"
        className="tree-row__check"
        checked={selected}
        aria-checked={mixed ? "mixed" : undefined}
        ref={(input) => {
          if (input) input.indeterminate = mixed;
        }}
        onChange={() => props.onToggleCode(node.code)}
        aria-describedby={`${id}-counts`}
      />
      <label htmlFor={id} className="tree-row__label">
        <span className="tree-row__code" aria-hidden="true">
          {code}
        </span>
        {hyphenateSv(node.text)}
      </label>
      <span className="tree-row__counts" aria-hidden="true">
        <span className="facet__count">{formatNumber(count)}</span>
        <span className="facet__all">{formatNumber(allCount)}</span>
      </span>
      <span
        id={`${id}-counts`}
        className="visually-hidden"
      >{`Kod ${code}. ${formatNumber(count)} i urvalet, ${formatNumber(allCount)} i hela Sverige${excluded ? ", utesluten" : ""}`}</span>
      <ExcludeToggle text={node.text} excluded={excluded} onToggle={() => props.onToggleExcluded(node.code)} />
      {childCount > 0 ? (
        <button type="button" className="tree-row__drill" aria-label={`Gå in i ${node.text}`} onClick={() => props.onDrill(node.code)}>
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M4 8h8M9 5l3 3-3 3" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
