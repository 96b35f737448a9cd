/** The one error type of the cluster scripts: a stable code, and a message that reads well as a single line. */

/** Codes the CLI answers with exit code 2: the caller's input or machine is at fault, not the cluster. */
export const INPUT_ERROR_CODES = ["BAD_ARGS", "PORT_BUSY", "JAVA_MISSING", "JAVA_TOO_OLD", "MAVEN_MISSING"] as const;

export type ClusterErrorCode =
  | (typeof INPUT_ERROR_CODES)[number]
  | "BUILD_FAILED"
  | "NODE_EXITED"
  | "START_TIMEOUT"
  | "MODULE_MISSING"
  | "NODE_RUNNING"
  | "NOT_RUNNING"
  | "ABORTED";

export class ClusterError extends Error {
  constructor(
    readonly code: ClusterErrorCode,
    message: string,
    /** Extra lines for a human (a log's tail); kept out of `message` so that stays one line. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = "ClusterError";
  }

  get isInputError(): boolean {
    return (INPUT_ERROR_CODES as readonly string[]).includes(this.code);
  }
}
