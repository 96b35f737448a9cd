/** The Swedish text of a search's codes, per code set, for describing a search in words (#shared/search/search-description). */
import { formatSniCode } from "#shared/format";
import type { CodeTexts } from "#shared/search/search-description";
import { companyFormEntries, employeeRangeEntries, fiscalYearEntries } from "./entries";
import { locationCodeToText } from "./locations";
import { sniCodeToText } from "./sni";

const entryText = (entries: readonly { code: string; text: string }[]) => {
  const byCode = new Map(entries.map((e) => [e.code, e.text]));
  return (code: string) => byCode.get(code) ?? code;
};

export const searchCodeTexts: CodeTexts = {
  sni: (code) => `${formatSniCode(code)} ${sniCodeToText[code] ?? ""}`.trim(),
  location: (code) => locationCodeToText[code] ?? code,
  companyForm: entryText(companyFormEntries),
  fiscalYear: entryText(fiscalYearEntries),
  employeeRange: entryText(employeeRangeEntries),
};
