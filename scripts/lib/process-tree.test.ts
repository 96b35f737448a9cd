/** Resident memory of a process tree from /proc: this process and what it starts. */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { treeRssMb } from "./process-tree";

describe("treeRssMb", () => {
  it("sums this process and its children, and filters them by command line", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000); // urval-tree-probe"]);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const probe = treeRssMb(process.pid, "urval-tree-probe");
      expect(probe).toBeGreaterThan(5);
      expect(treeRssMb(process.pid)).toBeGreaterThan(probe + 10);
      expect(treeRssMb(process.pid, "no-such-command-line")).toBe(0);
      expect(treeRssMb(child.pid as number)).toBe(probe);
    } finally {
      child.kill();
    }
  });
});
