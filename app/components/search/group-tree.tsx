/** The company group tree (spec §2, §3): each company with its owner share, turnover and employees; the company in the
 * pane is highlighted, the others link to their own detail (issue 25). */
import { countOf, formatMoney, formatNumber } from "#shared/format";
import type { CompanyGroupNode } from "#shared/search/result-schemas";
import { CompanyLink } from "./company-link";

function GroupNode({ node }: { node: CompanyGroupNode }) {
  const facts = [
    node.ownerShare === null ? null : `ägarandel ${formatNumber(node.ownerShare, 1)} %`,
    node.turnover === null ? null : `omsättning ${formatMoney(node.turnover)}`,
    node.numEmployees === null ? null : countOf(node.numEmployees, "anställd", "anställda"),
  ].filter(Boolean);
  return (
    <li>
      <div className={node.isTarget ? "group-node group-node--target" : "group-node"} aria-current={node.isTarget ? "true" : undefined}>
        <span className="group-node__name">
          {node.isTarget ? node.name : <CompanyLink orgNo={node.orgNo}>{node.name}</CompanyLink>}
          {node.isTarget ? <span className="visually-hidden"> (detta företag)</span> : null}
        </span>
        <span className="group-node__org">{node.orgNo}</span>
        {facts.length ? <span className="group-node__facts">{facts.join(" · ")}</span> : null}
      </div>
      {node.children.length ? (
        <ul>
          {node.children.map((child) => (
            <GroupNode key={child.orgNo} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function GroupTree({ root }: { root: CompanyGroupNode }) {
  return (
    <ul className="group-tree" aria-label="Koncernträd">
      <GroupNode node={root} />
    </ul>
  );
}
