/**
 * CPU time of the local runtime serving a stack: the workerd processes that `wrangler dev` started for the stack at a
 * URL (the one listening on its port and its siblings, which run our isolates, the asset router and local D1/R2).
 * Read from /proc before and after a benchmark run, it gives the runtime's CPU per request, which, unlike requests per
 * second, does not depend on how much of the machine other work leaves to the run.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** The parent process id of a process (from /proc), or undefined when it is gone. */
export function parentOf(pid: string): string | undefined {
  try {
    return /^\d+ \(.*\) \S (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, "utf8"))?.[1];
  } catch {
    return undefined;
  }
}

export interface WorkerdSocket {
  pid: string;
  port: string;
}

/** Every loopback port a workerd process listens on, with its pid (`ss -ltnpH`). */
export function workerdSockets(): WorkerdSocket[] {
  return execFileSync("ss", ["-ltnpH"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes('"workerd"'))
    .flatMap((line) => {
      const pid = /pid=(\d+)/.exec(line)?.[1];
      const port = /127\.0\.0\.1:(\d+)\s/.exec(line)?.[1];
      return pid && port ? [{ pid, port }] : [];
    });
}

/** The workerd processes of the stack at `url`: the one listening on its port and the other children of its wrangler. */
export function stackWorkerdPids(url: string): string[] {
  const port = new URL(url).port || "80";
  const sockets = workerdSockets();
  const entry = sockets.find((socket) => socket.port === port);
  if (!entry) throw new Error(`no workerd listens on port ${port}: is the stack at ${url} running?`);
  const wrangler = parentOf(entry.pid);
  return [...new Set(sockets.filter((socket) => parentOf(socket.pid) === wrangler).map((socket) => socket.pid))];
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU time (ms) the processes have used so far; a process that is gone counts as 0. */
export function cpuMs(pids: readonly string[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name: state is 3rd, utime 14th, stime 15th (1-based over the whole line).
      const afterName = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").pop() ?? "";
      const fields = afterName.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks * TICK_MS;
}
