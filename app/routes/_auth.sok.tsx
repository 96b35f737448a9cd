/**
 * The search route (spec §2: /sok with `vad` or `referens`). The search screen itself is built in its own issue; until
 * then this route requires sign-in, shows the signed-in header and keeps the result type the search asks for.
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { deserializeSearch } from "../../workers/shared/search/search-serialize";
import { setCurrentResultType } from "../lib/search-launch";

export const meta: MetaFunction = () => [{ title: "Sök – Urval" }];

export default function SearchScreen() {
  const [searchParams] = useSearchParams();
  const vad = searchParams.get("vad");
  useEffect(() => {
    if (!vad) return;
    const parsed = deserializeSearch(vad);
    if (parsed.success) setCurrentResultType(parsed.data.resultType);
  }, [vad]);
  return (
    <main className="page" id="main">
      <h1 className="visually-hidden">Sök</h1>
    </main>
  );
}
