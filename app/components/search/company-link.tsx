/**
 * A link to a company's detail from another detail (issue 25: a worksite's company, the group tree's companies). Its
 * address is a search for the company's org number (a new tab, or without JavaScript); a plain click opens the
 * company in the detail pane instead, finding its orgSeqNo by that search when only the org number is known. The
 * company gets a history entry of its own, so Back returns to the record the link was in (issue 38).
 */
import type { MouseEvent, ReactNode } from "react";
import { SearchSchema } from "#shared/search/search-schema";
import { serializeSearch } from "#shared/search/search-codec";
import { fetchSearchPage } from "../../lib/search/search-calls";
import { useSearchScreen } from "./search-context";

const companySearch = (orgNo: string) => SearchSchema.parse({ resultType: "COMPANY", text: orgNo });

async function findOrgSeqNo(orgNo: string): Promise<number | null> {
  const answer = await fetchSearchPage(companySearch(orgNo), 0, 0);
  const record = answer.results.records.find((r) => "orgSeqNo" in r && r.orgNo === orgNo && !("cfarNo" in r));
  return record && "orgSeqNo" in record ? record.orgSeqNo : null;
}

export function CompanyLink({ orgNo, orgSeqNo, children }: { orgNo: string; orgSeqNo?: number; children: ReactNode }) {
  const { openDetail } = useSearchScreen();
  const href = `/sok?vad=${serializeSearch(companySearch(orgNo))}`;
  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const id = orgSeqNo ?? (await findOrgSeqNo(orgNo).catch(() => null));
    if (id === null) window.location.assign(href);
    else openDetail(String(id), { push: true });
  };
  return (
    <a href={href} onClick={(event) => void open(event)}>
      {children}
    </a>
  );
}
