/** The beneficial-owner status messages of spec §8, chosen from a company detail's flags. */
import { BENEFICIAL_MESSAGES } from "#shared/beneficial-messages";
import type { CompanyDetail } from "#shared/search/result-schemas";

export { BENEFICIAL_MESSAGES };

type BeneficialFlags = Pick<CompanyDetail, "beneficialReportingObligationStatus" | "beneficialStatus" | "beneficialSuspicion">;

export function beneficialMessages(detail: BeneficialFlags): string[] {
  const messages: string[] = [];
  if (!detail.beneficialReportingObligationStatus) messages.push(BENEFICIAL_MESSAGES.notObliged);
  else if (detail.beneficialStatus) messages.push(BENEFICIAL_MESSAGES[detail.beneficialStatus]);
  if (detail.beneficialSuspicion) messages.push(BENEFICIAL_MESSAGES.suspicion);
  return messages;
}
