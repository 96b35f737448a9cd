import { z } from "zod";
import { AppError } from "#shared/errors";

/** Development secrets in workers/api/wrangler.toml start with this marker; production refuses them. */
export const DEV_SECRET_MARKER = "dev-only-";

/** A secret of the API worker (a key, a pepper): at least 32 characters. */
export const SecretSchema = z.string().min(32, "must be at least 32 characters");
const flag = z.enum(["true", "false"]).optional();
const pepperId = z.string().regex(/^[a-z0-9]{1,16}$/);

/**
 * The API worker's auth settings, read from vars and secrets and validated at the edge.
 * Secrets (wrangler secret put): JWT_SIGNING_KEY, PASSWORD_PEPPER, SMS_GATEWAY_PASSWORD; PASSWORD_PEPPER_PREVIOUS during a
 * rotation of the pepper.
 */
export const AuthConfigSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]),
    JWT_SIGNING_KEY: SecretSchema,
    PASSWORD_PEPPER: SecretSchema,
    /** Identifies the pepper inside stored hashes so a new one can be rolled in. */
    PASSWORD_PEPPER_ID: pepperId.default("p1"),
    /**
     * The pepper before the last rotation and its id, while hashes made with it remain: a password that verifies under it
     * is rehashed with the current pepper at sign-in (password-sign-in.ts). Both or neither (checked below).
     */
    PASSWORD_PEPPER_PREVIOUS: z.union([z.literal(""), SecretSchema]).optional(),
    PASSWORD_PEPPER_PREVIOUS_ID: z.union([z.literal(""), pepperId]).optional(),
    DEV_MAILBOX: flag,
    MAIL_FROM: z.email().default("noreply@urval.se"),
    STAFF_EMAIL: z.email().default("kundtjanst@urval.se"),
    SMS_GATEWAY_URL: z.url().default("https://api.46elks.com/a1/sms"),
    SMS_GATEWAY_USER: z.string().optional(),
    SMS_GATEWAY_PASSWORD: z.string().optional(),
    SMS_SENDER: z.string().default("Urval"),
    /** Public site origin for links in messages (/e/{codeId}); default: the origin the request came to. */
    PUBLIC_ORIGIN: z.url().optional(),
    /** Failed sign-ins per account and hour before 429 (the 100; tests lower it). */
    AUTH_ACCOUNT_FAILURES_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(100),
    /** Sign-in attempts per client IP and minute. */
    AUTH_IP_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  })
  .refine(
    (config) =>
      !config.PASSWORD_PEPPER_PREVIOUS === !config.PASSWORD_PEPPER_PREVIOUS_ID &&
      (!config.PASSWORD_PEPPER_PREVIOUS_ID || config.PASSWORD_PEPPER_PREVIOUS_ID !== config.PASSWORD_PEPPER_ID),
    { message: "PASSWORD_PEPPER_PREVIOUS and PASSWORD_PEPPER_PREVIOUS_ID go together, under another id than PASSWORD_PEPPER_ID" },
  );
export type AuthConfig = z.infer<typeof AuthConfigSchema>;

const cache = new WeakMap<object, AuthConfig>();

/** Parses and checks the auth settings once per env object; misconfiguration fails closed with a 500. */
export function authConfig(env: object): AuthConfig {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = AuthConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new AppError("AUTH_MISCONFIGURED", 500, "auth configuration invalid", { expose: false, cause: parsed.error });
  }
  assertProductionSafe(parsed.data);
  cache.set(env, parsed.data);
  return parsed.data;
}

/** Production must not run with the development secrets or the development mailbox. */
export function assertProductionSafe(config: AuthConfig): void {
  if (config.APP_ENV !== "production") return;
  const problems: string[] = [];
  if (config.JWT_SIGNING_KEY.startsWith(DEV_SECRET_MARKER)) problems.push("JWT_SIGNING_KEY is the development value");
  if (config.PASSWORD_PEPPER.startsWith(DEV_SECRET_MARKER)) problems.push("PASSWORD_PEPPER is the development value");
  if (config.PASSWORD_PEPPER_PREVIOUS?.startsWith(DEV_SECRET_MARKER)) problems.push("PASSWORD_PEPPER_PREVIOUS is the development value");
  if (config.DEV_MAILBOX === "true") problems.push("DEV_MAILBOX is enabled");
  if (problems.length > 0) {
    throw new AppError("AUTH_MISCONFIGURED", 500, `refusing to run in production: ${problems.join("; ")}`, { expose: false });
  }
}
