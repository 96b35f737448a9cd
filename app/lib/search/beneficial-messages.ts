/** The beneficial-owner status messages of spec §8, chosen from a company detail's flags. */
import type { CompanyDetail } from "../../../workers/shared/search/result-schemas";

export const BENEFICIAL_MESSAGES = {
  notObliged: "Företaget är inte anmälningspliktigt för verklig huvudman",
  NOT_REPORTED: "Verklig huvudman är ej rapporterad",
  UNSPECIFIED: "Verklig huvudman har ej gått att fastställa",
  MISSING: "Verklig huvudman saknas",
  REMOVED: "Information om verklig huvudman har gallrats då företaget avregistrerades för 5 år sedan eller mer",
  suspicion: "Det finns misstanke om att uppgifterna kan vara felaktiga",
} as const;

type BeneficialFlags = Pick<CompanyDetail, "beneficialReportingObligationStatus" | "beneficialStatus" | "beneficialSuspicion">;

export function beneficialMessages(detail: BeneficialFlags): string[] {
  const messages: string[] = [];
  if (!detail.beneficialReportingObligationStatus) messages.push(BENEFICIAL_MESSAGES.notObliged);
  else if (detail.beneficialStatus) messages.push(BENEFICIAL_MESSAGES[detail.beneficialStatus]);
  if (detail.beneficialSuspicion) messages.push(BENEFICIAL_MESSAGES.suspicion);
  return messages;
}
