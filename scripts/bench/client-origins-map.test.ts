import { SourceMapGenerator, SourceMapConsumer } from "source-map-js";
import { describe, expect, it } from "vitest";
import { bytesByOrigin, originOf } from "./client-origins-map";

describe("originOf", () => {
  it("sorts a source map's module paths by origin", () => {
    expect(originOf("../../node_modules/react-dom/cjs/react-dom.production.min.js")).toBe("React DOM");
    expect(originOf("../../node_modules/scheduler/cjs/scheduler.production.min.js")).toBe("React DOM");
    expect(originOf("../../node_modules/react/cjs/react.production.min.js")).toBe("React");
    expect(originOf("../../node_modules/@remix-run/router/dist/router.js")).toBe("Remix and React Router");
    expect(originOf("../../node_modules/react-router-dom/dist/index.js")).toBe("Remix and React Router");
    expect(originOf("../../node_modules/turbo-stream/dist/turbo-stream.mjs")).toBe("Remix and React Router");
    expect(originOf("../../node_modules/fflate/esm/browser.js")).toBe("other packages");
    expect(originOf("../../app/components/site-menu.tsx")).toBe("Urval");
    expect(originOf("../../workers/shared/format.ts")).toBe("Urval");
    expect(originOf("\u0000vite/preload-helper.js")).toBe("other packages");
  });
});

describe("bytesByOrigin", () => {
  it("gives each segment's bytes to its source's origin, to its line's end, and the rest to unmapped", () => {
    // Line 1: "AAAABBBBBB" (4 bytes of React DOM, then 6 of ours); line 2: "xxCCC" (2 unmapped, 3 of React).
    const code = "AAAABBBBBB\nxxCCC";
    const generator = new SourceMapGenerator({ file: "out.js" });
    const at = (line: number, column: number, source: string) =>
      generator.addMapping({ generated: { line, column }, original: { line: 1, column: 0 }, source });
    at(1, 0, "node_modules/react-dom/index.js");
    at(1, 4, "app/root.tsx");
    at(2, 2, "node_modules/react/index.js");
    const bytes = bytesByOrigin(code, new SourceMapConsumer(JSON.parse(generator.toString())));
    expect(Object.fromEntries(bytes)).toEqual({ "React DOM": 4, Urval: 6, React: 3, unmapped: 3 });
    expect([...bytes.values()].reduce((sum, n) => sum + n, 0)).toBe(code.length);
  });
});
