/**
 * A record's id in GET /sapi/details/entity/{id}: a company's orgSeqNo (below 2^30: up to 10 digits; the register's are
 * the first nine digits of the organisation number, decision 0007) or a worksite's 8-digit cfarNo. Without zod, for the
 * browser's first load (decision 0063); EntityIdSchema (search-api.ts) checks with it.
 */
export const ENTITY_ID_PATTERN = /^[1-9]\d{0,9}$/;
