import { z } from "zod";
import { DEFAULT_ERROR_MESSAGE } from "./error-message";

export { DEFAULT_ERROR_MESSAGE };

export const ErrorTypeSchema = z.enum([
  "USER_MESSAGE",
  "VALIDATION",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "NEW_VERSION",
  "RATE_LIMITED",
  "ERROR",
]);
export type ErrorType = z.infer<typeof ErrorTypeSchema>;

export const FieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** The one error body every API answer uses: { type, message, code, requestId } (+ field issues for VALIDATION). */
export const ErrorBodySchema = z.object({
  type: ErrorTypeSchema,
  message: z.string(),
  code: z.string(),
  requestId: z.string(),
  issues: z.array(FieldIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

interface AppErrorOptions {
  type?: ErrorType;
  issues?: FieldIssue[];
  /** Whether `message` may be shown to the user; unexposed errors answer with DEFAULT_ERROR_MESSAGE. */
  expose?: boolean;
  /** Headers the answer carries besides the body, e.g. a 416's Content-Range. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** A typed, coded error. Thrown anywhere; serialised in exactly one place per worker. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly type: ErrorType;
  readonly issues: FieldIssue[] | undefined;
  readonly expose: boolean;
  readonly headers: Record<string, string> | undefined;

  constructor(code: string, status: number, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = status;
    this.type = options.type ?? defaultTypeForStatus(status);
    this.issues = options.issues;
    this.expose = options.expose ?? status < 500;
    this.headers = options.headers;
  }
}

function defaultTypeForStatus(status: number): ErrorType {
  if (status === 400) return "USER_MESSAGE";
  if (status === 401) return "UNAUTHORIZED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 418) return "NEW_VERSION";
  if (status === 429) return "RATE_LIMITED";
  return "ERROR";
}

export const userMessage = (code: string, message: string) => new AppError(code, 400, message, { type: "USER_MESSAGE" });

export const validationError = (issues: FieldIssue[], message = "Ogiltiga uppgifter.") =>
  new AppError("VALIDATION_FAILED", 400, message, { type: "VALIDATION", issues });

export const notFound = (code = "NOT_FOUND", message = "Hittades inte.") => new AppError(code, 404, message);

export const unauthorized = (code = "UNAUTHENTICATED", message = "Du behöver logga in.") => new AppError(code, 401, message);

export const forbidden = (code = "FORBIDDEN", message = "Du saknar behörighet.") => new AppError(code, 403, message);

/** zod issues → field issues with dotted paths. */
export function issuesFromZod(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

/** Parse with a schema or throw a VALIDATION AppError naming the fields. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown, prefix?: string): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = issuesFromZod(result.error).map((i) => (prefix ? { ...i, path: i.path ? `${prefix}.${i.path}` : prefix } : i));
  throw validationError(issues);
}
