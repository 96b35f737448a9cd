/**
 * The sign-in contract's plain values, in a module without zod: the sign-in page needs them before any call, and its
 * first load must not fetch the contracts (decision 0063). auth.ts re-exports them beside its schemas.
 */
export const IDENTITY_REQUIRED_MESSAGE = "Ange e-post, personnummer eller telefonnummer";
