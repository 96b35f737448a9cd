/** Resident memory of process trees, read from /proc (Linux): what benchmarks and the resilience suite report. */
import { readdirSync, readFileSync } from "node:fs";

interface ProcessEntry {
  pid: number;
  parent: number;
  command: string;
}

function processes(): ProcessEntry[] {
  const found: ProcessEntry[] = [];
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      found.push({ pid: Number(name), parent, command: readFileSync(`/proc/${name}/cmdline`, "utf8") });
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/**
 * Resident memory (MB) of `rootPid` and every process below it, or only of those whose command line contains
 * `commandIncludes` (e.g. "workerd").
 */
export function treeRssMb(rootPid: number, commandIncludes?: string): number {
  const all = processes();
  const parent = new Map(all.map((p) => [p.pid, p.parent]));
  const below = (pid: number) => {
    for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 0 && hops < 64; p = parent.get(p), hops++) {
      if (p === rootPid) return true;
    }
    return false;
  };
  let kb = 0;
  for (const p of all) {
    if (!below(p.pid) || (commandIncludes !== undefined && !p.command.includes(commandIncludes))) continue;
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p.pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return Math.round(kb / 1024);
}

/** Samples treeRssMb(rootPid) every `everyMs` until stopped; `peak()` is the largest sum seen. */
export function peakRssSampler(rootPid: number, everyMs = 250) {
  let peak = treeRssMb(rootPid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssMb(rootPid));
  }, everyMs);
  timer.unref();
  return {
    peak: () => Math.max(peak, treeRssMb(rootPid)),
    stop: () => clearInterval(timer),
  };
}
