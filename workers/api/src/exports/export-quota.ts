/**
 * How many records an export may contain (spec §5, recomputed on the server exactly as the popup does):
 * no marked rows: min(hits, records left); marked rows included: min(marked, records left);
 * marked rows excluded: min(hits − marked, records left). A count outside 1..max is refused with a USER_MESSAGE.
 */
import { AppError, userMessage } from "#shared/errors";
import { formatNumber } from "#shared/format";

export interface QuotaInput {
  hits: number;
  recordsLeft: number;
  marked: number;
  exclude: boolean;
}

export function maxExportCount({ hits, recordsLeft, marked, exclude }: QuotaInput): number {
  const left = Math.max(0, recordsLeft);
  if (marked === 0) return Math.min(hits, left);
  return exclude ? Math.min(Math.max(0, hits - marked), left) : Math.min(marked, left);
}

export function assertExportCount(count: number, input: QuotaInput): void {
  if (input.recordsLeft <= 0) throw userMessage("EXPORT_QUOTA_EMPTY", "Din prenumeration har inga poster kvar att exportera.");
  const max = maxExportCount(input);
  if (max === 0) throw userMessage("EXPORT_NOTHING_TO_EXPORT", "Urvalet innehåller inga poster att exportera.");
  if (count < 1 || count > max) throw userMessage("EXPORT_COUNT_OUT_OF_RANGE", `Ange ett antal mellan 1 och ${formatNumber(max)}.`);
}

/**
 * The count against the allowance (issue 17): records already paid for in the period are free, so the maximum is the
 * longest run of the selection whose unpaid records fit in the records left.
 */
export function assertAllowedCount(count: number, allowance: { maxCount: number; recordsLeft: number }): void {
  if (allowance.maxCount === 0 && allowance.recordsLeft <= 0)
    throw userMessage("EXPORT_QUOTA_EMPTY", "Din prenumeration har inga poster kvar att exportera.");
  if (allowance.maxCount === 0) throw userMessage("EXPORT_NOTHING_TO_EXPORT", "Urvalet innehåller inga poster att exportera.");
  if (count < 1 || count > allowance.maxCount)
    throw userMessage("EXPORT_COUNT_OUT_OF_RANGE", `Ange ett antal mellan 1 och ${formatNumber(allowance.maxCount)}.`);
}

/** Another export took the records between the check and the reservation (the CHECK on users refused the debit). */
export const quotaExceeded = () =>
  userMessage("EXPORT_QUOTA_EXCEEDED", "Din prenumeration har inte tillräckligt många poster kvar för den här exporten.");

export const keyReused = () =>
  new AppError("IDEMPOTENCY_KEY_REUSED", 409, "Den här exporten har redan begärts med andra uppgifter.", { type: "USER_MESSAGE" });
