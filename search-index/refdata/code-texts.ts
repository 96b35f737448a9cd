/** The Swedish text of a search's codes, per code set, for describing a search in words (#shared/search/search-description). */
import { formatSniCode } from "#shared/format";
import type { CodeTexts } from "#shared/search/search-description";
import { FLAT_CODE_SETS } from "#shared/search/search-fields";
import { CODE_SET_ENTRIES } from "./entries";
import { locationCodeToText } from "./locations";
import { sniCodeToText } from "./sni";

const entryText = (entries: readonly { code: string; text: string }[]) => {
  const byCode = new Map(entries.map((e) => [e.code, e.text]));
  return (code: string) => byCode.get(code) ?? code;
};

export const searchCodeTexts: CodeTexts = {
  ...(Object.fromEntries(FLAT_CODE_SETS.map((name) => [name, entryText(CODE_SET_ENTRIES[name])])) as Pick<
    CodeTexts,
    (typeof FLAT_CODE_SETS)[number]
  >),
  sni: (code) => `${formatSniCode(code)} ${sniCodeToText[code] ?? ""}`.trim(),
  location: (code) => locationCodeToText[code] ?? code,
};
