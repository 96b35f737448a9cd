/**
 * Code → Swedish text for SNI codes (all levels) and location codes. The two code spaces overlap (SNI division
 * "01" vs county "01", SNI class "0114" vs municipality "0114"), so the lookup is split by kind; see
 * docs/decisions (refdata code spaces).
 */
import { locationCodeToText } from "./locations";
import { sniCodeToText } from "./sni";

export const codeToText: Readonly<{ sni: Readonly<Record<string, string>>; location: Readonly<Record<string, string>> }> = {
  sni: sniCodeToText,
  location: locationCodeToText,
};
