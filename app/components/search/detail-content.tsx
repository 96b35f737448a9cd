/**
 * What the detail pane (detail-pane.tsx) shows of a loaded record: a company or a worksite. Fetched when a pane first
 * opens (issue 48 point 6), at the same time as the record itself, so it costs no round trip of its own.
 */
import type { Entity } from "#shared/search/result-schemas";
import { CompanyDetail } from "./company-detail";
import { WorksiteDetail } from "./worksite-detail";

export function DetailContent({ id, entity }: { id: string; entity: Entity }) {
  return entity.type === "COMPANY" ? <CompanyDetail key={id} detail={entity} /> : <WorksiteDetail detail={entity} />;
}
