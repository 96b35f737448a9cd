/**
 * The companies/worksites switch (spec §2): 'Urval på företag' with the link 'Byt till arbetsställen', or 'Urval på
 * arbetsställen' with 'Byt till företag'. The link is a real address (it opens in a new tab too); a plain click
 * switches in place (spec §4 "Switching result type").
 */
import { Link } from "@remix-run/react";
import { useMemo } from "react";
import type { Search } from "#shared/search/search-schema";
import { searchHref } from "../../lib/search-launch";
import { switchResultType } from "../../lib/search/search-edit";

export function TypeSwitch({ search, onSwitch }: { search: Search; onSwitch: (next: Search) => void }) {
  const isCompany = search.resultType === "COMPANY";
  const next = useMemo(() => switchResultType(search, search.resultType === "COMPANY" ? "WORKSITE" : "COMPANY"), [search]);
  const href = useMemo(() => searchHref(next), [next]);
  return (
    <div className="type-switch">
      <p className="type-switch__title">{isCompany ? "Urval på företag" : "Urval på arbetsställen"}</p>
      <Link
        to={href}
        className="type-switch__link"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onSwitch(next);
        }}
      >
        {isCompany ? "Byt till arbetsställen" : "Byt till företag"}
      </Link>
    </div>
  );
}
