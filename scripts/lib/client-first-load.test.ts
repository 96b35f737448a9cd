import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { firstLoadOf } from "./client-first-load";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function clientBuild(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), "urval-client-"));
  mkdirSync(path.join(dir, "assets"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, "assets", name), text);
  return dir;
}

const MANIFEST = {
  entry: { module: "/assets/entry.js", imports: [] },
  routes: {
    root: { module: "/assets/root.js", imports: ["/assets/entry.js"] },
    "routes/_auth.sok": { module: "/assets/sok.js", imports: ["/assets/entry.js", "/assets/shared.js"] },
    "routes/_auth.exporter": { module: "/assets/exporter.js", imports: ["/assets/contracts.js"] },
  },
};

describe("firstLoadOf", () => {
  it("lists the manifest, the entry and the page's routes with their imports, each once, and marks zod", () => {
    const root = clientBuild({
      "manifest-abc123.js": `window.__remixManifest=${JSON.stringify(MANIFEST)};`,
      "entry.js": "export const a = 1;",
      "root.js": "export const b = 2;",
      "sok.js": "export const c = 3;",
      "shared.js": 'const s = $constructor("ZodString", () => {});',
      "exporter.js": "",
      "contracts.js": "",
    });
    const files = firstLoadOf(root, ["root", "routes/_auth.sok"]);
    expect(files.map((file) => file.file)).toEqual([
      "/assets/manifest-abc123.js",
      "/assets/entry.js",
      "/assets/root.js",
      "/assets/sok.js",
      "/assets/shared.js",
    ]);
    expect(files.filter((file) => file.hasZod).map((file) => file.file)).toEqual(["/assets/shared.js"]);
    expect(files.every((file) => file.bytes > 0 && file.gzipBytes > 0)).toBe(true);
  });

  it("refuses a route the manifest lacks and a build without a manifest", () => {
    const root = clientBuild({ "manifest-abc123.js": `window.__remixManifest=${JSON.stringify(MANIFEST)};` });
    expect(() => firstLoadOf(root, ["routes/_auth.nothing"])).toThrow("no route routes/_auth.nothing");
    expect(() => firstLoadOf(clientBuild({}), ["root"])).toThrow("build the client first");
  });
});
