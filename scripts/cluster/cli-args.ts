/** The arguments of `npm run cluster`, parsed strictly: any unknown flag or bad value is one BAD_ARGS line. */
import { parseArgs } from "node:util";
import { z } from "zod";
import { ClusterError } from "./cluster-error";

export const USAGE = [
  "usage: npm run cluster -- [--nodes 1|3] [--heap 512m|1g] [--port 9400] [--fresh]",
  "       npm run cluster -- --stop [--port 9400]",
  "  --nodes  1 (default) or 3 nodes, each its own JVM and data folder",
  "  --heap   heap per node, e.g. 512m (default) or 1g",
  "  --port   HTTP port of the first node (default 9400; node i uses port+i, transport port+100+i)",
  "  --fresh  wipe the nodes' data before starting",
  "  --stop   stop the cluster another process started on --port",
].join("\n");

const OPTIONS = {
  nodes: { type: "string" },
  heap: { type: "string" },
  port: { type: "string" },
  fresh: { type: "boolean" },
  stop: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

const MAX_HEAP_MB = 31 * 1024; // above this the JVM loses compressed pointers

/** "512m" → 512, "1g" → 1024. */
function heapToMb(size: string): number {
  const value = Number(size.slice(0, -1));
  return size.slice(-1).toLowerCase() === "g" ? value * 1024 : value;
}

export const CliArgsSchema = z.object({
  nodes: z
    .enum(["1", "3"], { error: "expected 1 or 3" })
    .default("1")
    .transform((value) => (value === "3" ? 3 : 1)),
  heap: z
    .string()
    .regex(/^[1-9]\d*[mg]$/i, { error: "expected a size like 512m or 1g" })
    .default("512m")
    .transform(heapToMb)
    .pipe(z.number().min(256, { error: "at least 256m" }).max(MAX_HEAP_MB, { error: "at most 31g" })),
  port: z
    .string()
    .regex(/^\d+$/, { error: "expected a port number" })
    .default("9400")
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1024, { error: "expected a port from 1024 to 65000" })
        .max(65_000, { error: "expected a port from 1024 to 65000" }),
    ),
  fresh: z.boolean().default(false),
  stop: z.boolean().default(false),
  help: z.boolean().default(false),
});
export type CliArgs = z.output<typeof CliArgsSchema>;

/** One line for node:util's parse errors ("Unknown option '--x'. To specify …" → "unknown option --x"). */
function parseErrorLine(error: unknown): string {
  const { code, message } = error as { code?: string; message: string };
  const quoted = /'(-[^' ]*)/.exec(message)?.[1] ?? /'([^']*)'/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${quoted}`;
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") return `unexpected argument ${quoted}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    return message.includes("does not take an argument") ? `${quoted} takes no value` : `${quoted} needs a value`;
  }
  return (message.split(". ")[0] ?? message).replace(/^./, (first) => first.toLowerCase());
}

/** Parses argv (without node and script); throws ClusterError BAD_ARGS with one line naming the flag. */
export function parseCliArgs(argv: string[]): CliArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new ClusterError("BAD_ARGS", `${parseErrorLine(error)} (see --help)`);
  }
  if (values.stop && (values.nodes !== undefined || values.heap !== undefined || values.fresh)) {
    throw new ClusterError("BAD_ARGS", "--stop takes only --port (see --help)");
  }
  const parsed = CliArgsSchema.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const flag = String(issue?.path[0] ?? "");
  throw new ClusterError("BAD_ARGS", `--${flag}: ${issue?.message ?? "invalid"}, got ${JSON.stringify(values[flag])} (see --help)`);
}
