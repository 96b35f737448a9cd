/**
 * zod 4 compiles object parsers with `new Function` where it may, and finds out with a caught `new Function("")` when
 * the first object schema is built. Under the pages' Content-Security-Policy (no 'unsafe-eval') Chromium refuses the
 * probe and reports it as a securitypolicyviolation on every page load. zod's jitless mode skips the probe; it must be
 * set before any schema module runs, and Remix runs the route modules' imports before any of our code, so root.tsx
 * sets it with a classic inline script (carrying the nonce) ahead of the module scripts. zod keeps its configuration
 * on globalThis.__zod_globalConfig (zod/v4/core), which the unit test pins.
 */
export const ZOD_JITLESS_SCRIPT = "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
