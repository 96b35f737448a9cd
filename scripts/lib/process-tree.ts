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

/** Child pids of a process, from each of its threads' /proc children list; null where the kernel has no such list. */
function childrenOf(pid: number): number[] | null {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children: number[] = [];
  for (const task of tasks) {
    let list: string;
    try {
      list = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT" && task === String(pid)) return null;
      continue; // the thread ended meanwhile
    }
    for (const child of list.split(" ")) if (child.trim() !== "") children.push(Number(child));
  }
  return children;
}

/**
 * `rootPid` and every process below it. Read from the tree's own children lists: scanning every process on the machine
 * (its stat and command line) every 250 ms blocked the sampling thread for seconds on a busy machine (reading another
 * process's command line waits for its memory lock), which in the reindex is the thread that feeds the parse threads.
 */
function treePids(rootPid: number): number[] {
  const pids = [rootPid];
  for (let i = 0; i < pids.length; i++) {
    const children = childrenOf(pids[i] as number);
    if (children === null) return scannedTreePids(rootPid);
    pids.push(...children);
  }
  return pids;
}

/** treePids by scanning every process (kernels without /proc children lists). */
function scannedTreePids(rootPid: number): number[] {
  const all = processes();
  const parent = new Map(all.map((p) => [p.pid, p.parent]));
  const below = (pid: number) => {
    for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 0 && hops < 64; p = parent.get(p), hops++) {
      if (p === rootPid) return true;
    }
    return false;
  };
  return all.filter((p) => below(p.pid)).map((p) => p.pid);
}

/** A /proc/<pid>/status memory line in MB (VmRSS: resident now; VmHWM: peak so far), or null when the process is gone. */
export function procStatusMb(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Resident memory (MB) of `rootPid` and every process below it, or only of those whose command line contains
 * `commandIncludes` (e.g. "workerd").
 */
export function treeRssMb(rootPid: number, commandIncludes?: string): number {
  let kb = 0;
  for (const pid of treePids(rootPid)) {
    try {
      if (commandIncludes !== undefined && !readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(commandIncludes)) continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
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
