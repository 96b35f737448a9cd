import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, DEFAULT_ERROR_MESSAGE, parseOrThrow, userMessage } from "./errors";

describe("AppError", () => {
  it("derives the error type from the status", () => {
    expect(userMessage("QUOTA_EXCEEDED", "Slut").type).toBe("USER_MESSAGE");
    expect(new AppError("X", 401, "m").type).toBe("UNAUTHORIZED");
    expect(new AppError("X", 418, "m").type).toBe("NEW_VERSION");
  });

  it("does not expose messages of server errors", () => {
    expect(new AppError("X", 500, "secret detail").expose).toBe(false);
    expect(DEFAULT_ERROR_MESSAGE).toBe("Något gick fel. Prova gärna igen.");
  });

  it("carries the headers its answer needs besides the body", () => {
    const headers = { "Content-Range": "bytes */10" };
    expect(new AppError("RANGE_NOT_SATISFIABLE", 416, "m", { headers }).headers).toEqual(headers);
    expect(new AppError("X", 400, "m").headers).toBeUndefined();
  });

  it("turns zod failures into VALIDATION errors naming each field", () => {
    const schema = z.object({ count: z.number().int().min(1), name: z.string() });
    try {
      parseOrThrow(schema, { count: 0 }, "body");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const appError = error as AppError;
      expect(appError.type).toBe("VALIDATION");
      expect(appError.status).toBe(400);
      expect(appError.issues?.map((i) => i.path).sort()).toEqual(["body.count", "body.name"]);
    }
  });
});
