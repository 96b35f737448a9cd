/**
 * What the API worker offers its operator scripts, benchmarks and test factories: scripts/ imports the worker only
 * through here (scripts/arch/check.ts). The account CLI's identity rules and password hashing, the API keys' hashing (the
 * rotation test), the list-file parser
 * (bench:listfiles), Bevakning's run dispatch (the remote reindex, bench:monitoring), the call limits (their config check).
 */
export { authConfig, AuthConfigSchema } from "./auth/auth-config";
export { normalizeEmail, normalizePersonalId, normalizePhone } from "./auth/identity";
export { hashPassword, verifyPassword, type Pepper } from "./auth/password-hash";
export { checkNewPassword, PASSWORD_PROBLEM_MESSAGES } from "./auth/password-policy";
export { parseListFile } from "./list-files/parse-list-file";
export { CALL_LIMITS } from "./rate-limits/call-limits";
export { API_KEY_BURST } from "./api-keys/api-key-auth";
export { apiKeyHmacKey, hashApiKey } from "./api-keys/api-key-secret";
export { dispatchMonitoringRuns } from "./monitoring/dispatch-runs";
export type { ApiEnv } from "./env";
