import type { z } from "zod";

/** One non-blank source line parsed and validated: the record, or what is wrong with it (for a file:line message). */
export function validateLine<T>(schema: z.ZodType<T>, line: string): { record: T } | { problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return { problem: "not JSON" };
  }
  const result = schema.safeParse(raw);
  if (result.success) return { record: result.data };
  return {
    problem: result.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join(".")}: ${i.message}`)
      .join("; "),
  };
}
