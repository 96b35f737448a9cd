/**
 * Suggestions as the user types in the header's search box (issue 26): GET /sapi/search/suggest?text=…&type=…
 * answers the records whose text matches best (as the free-text search ranks them), and the industries and places
 * whose names match, which the box offers as filters instead of the text. The client debounces and keeps only the
 * answer to its latest request.
 */
import { z } from "zod";
import { MAX_TEXT_LENGTH, ResultTypeSchema } from "../search/search-schema";

export const SUGGEST_MAX_RECORDS = 5;
export const SUGGEST_MAX_INDUSTRIES = 3;
export const SUGGEST_MAX_PLACES = 3;

export const SuggestQuerySchema = z.strictObject({
  text: z
    .string()
    .max(MAX_TEXT_LENGTH, `Söktexten får vara högst ${MAX_TEXT_LENGTH} tecken`)
    .transform((text) => text.trim()),
  type: ResultTypeSchema.default("COMPANY"),
});
export type SuggestQuery = z.infer<typeof SuggestQuerySchema>;

/** A company (id: orgSeqNo) or a worksite (id: cfarNo; orgNo is its company's). */
export const SuggestedRecordSchema = z.object({
  id: z.string().regex(/^\d{1,15}$/),
  name: z.string(),
  city: z.string().nullable(),
  orgNo: z.string(),
  /** Issue 38: the street a word of the text matched, shown beside the city; absent when none did. */
  street: z.string().optional(),
});
/**
 * An SNI code (any level) or a location code (county: 2 digits, municipality: 4) with its Swedish text, and the search
 * text without the word it matched: choosing it searches for the code with that text (empty: the code alone).
 */
export const SuggestedCodeSchema = z.object({ code: z.string(), text: z.string(), remainingText: z.string() });

export const SuggestAnswerSchema = z.object({
  text: z.string(),
  type: ResultTypeSchema,
  records: z.array(SuggestedRecordSchema).max(SUGGEST_MAX_RECORDS),
  industries: z.array(SuggestedCodeSchema).max(SUGGEST_MAX_INDUSTRIES),
  places: z.array(SuggestedCodeSchema).max(SUGGEST_MAX_PLACES),
  /**
   * Issue 38: when no record matches the text as typed, the text its forgiving retry offers ("Menade du …?", å/ä/ö
   * and a genitive -s as the user probably meant them); `records` are then that retry's.
   */
  didYouMean: z.string().min(1).optional(),
});
export type SuggestAnswer = z.infer<typeof SuggestAnswerSchema>;
export type SuggestedRecord = z.infer<typeof SuggestedRecordSchema>;
export type SuggestedCode = z.infer<typeof SuggestedCodeSchema>;
