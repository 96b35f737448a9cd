import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { globalConfig } from "zod/v4/core";
import { ZOD_JITLESS_SCRIPT } from "./zod-csp";

describe("ZOD_JITLESS_SCRIPT", () => {
  it("writes jitless into the object zod reads its configuration from", () => {
    expect(globalConfig).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
    const sandbox: { globalThis?: unknown; __zod_globalConfig?: { jitless?: boolean; locale?: string } } = {
      __zod_globalConfig: { locale: "sv" },
    };
    sandbox.globalThis = sandbox;
    runInNewContext(ZOD_JITLESS_SCRIPT, sandbox);
    expect(sandbox.__zod_globalConfig).toEqual({ locale: "sv", jitless: true });
  });
});
