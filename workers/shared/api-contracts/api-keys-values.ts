/** Plain values of the API key calls (api-keys.ts), without zod for the browser's first load (decision 0063). */
export const MAX_API_KEYS = 5;
export const MAX_API_KEY_NAME = 60;

/** How long a new key is valid: a number of days, or null for no end date (the account's own expiry still applies). */
export const API_KEY_LIFETIMES = [30, 90, 365] as const;
