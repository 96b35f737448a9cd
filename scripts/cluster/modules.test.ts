import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findMissingModule, REQUIRED_MODULES } from "./modules";

const everyModule = (node: string) => REQUIRED_MODULES.map((component) => ({ name: node, component }));

describe("findMissingModule", () => {
  it("is satisfied when every node lists every module", () => {
    expect(findMissingModule([...everyModule("n1"), ...everyModule("n2")], ["n1", "n2"])).toBeUndefined();
  });

  it("names the node and the module it lacks", () => {
    const plugins = [
      ...everyModule("n1"),
      ...everyModule("n2").filter((p) => p.component !== "org.opensearch.percolator.PercolatorPlugin"),
    ];
    expect(findMissingModule(plugins, ["n1", "n2"])).toEqual({ node: "n2", module: "org.opensearch.percolator.PercolatorPlugin" });
  });

  it("counts a node missing from the answer as lacking everything", () => {
    expect(findMissingModule(everyModule("n1"), ["n1", "n3"])).toEqual({ node: "n3", module: REQUIRED_MODULES[0] });
  });
});

describe("REQUIRED_MODULES", () => {
  it("names exactly the plugin classes the launcher loads (UrvalNode.MODULES)", () => {
    const java = readFileSync(path.join(import.meta.dirname, "node/src/main/java/se/urval/cluster/UrvalNode.java"), "utf8");
    const imports = new Map([...java.matchAll(/^import ([\w.]+\.(\w+));$/gm)].map((match) => [match[2], match[1]]));
    const list = /MODULES = List\.of\(([^)]*)\)/.exec(java)?.[1] ?? "";
    const loaded = [...list.matchAll(/(\w+)\.class/g)].map((match) => imports.get(match[1] ?? ""));
    expect(loaded.sort()).toEqual([...REQUIRED_MODULES].sort());
  });
});
