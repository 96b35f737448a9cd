/**
 * The free-text search's stop words (docs/decisions/0033), shared by both indexes, the query and the header box: words
 * left out of the index and of every query, legal-form words that half of all names carry and Swedish (and a few
 * English) function words. A text of nothing but these finds nothing.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  "ab",
  "abp",
  "aktiebolag",
  "aktiebolaget",
  "publ",
  "hb",
  "kb",
  "handelsbolag",
  "handelsbolaget",
  "kommanditbolag",
  "kommanditbolaget",
  "i",
  "och",
  "på",
  "av",
  "för",
  "med",
  "till",
  "vid",
  "om",
  "från",
  "samt",
  "eller",
  "en",
  "ett",
  "den",
  "det",
  "de",
  "som",
  "the",
  "of",
  "and",
]);
