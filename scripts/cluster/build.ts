/**
 * Builds the Java launcher (scripts/cluster/node) once with Maven into .tools/opensearch/: the jar, the resolved
 * classpath (classpath.txt) and a local Maven repository (m2/, ~65 MB of OpenSearch jars from Maven Central).
 * A stamp holds the sha256 of the pom and the Java sources; while it matches, nothing is built again.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ClusterError } from "./cluster-error";
import { checkJava, checkMaven, javaHomeOf } from "./java";
import { logTail } from "./log-tail";

export const ROOT = path.resolve(import.meta.dirname, "../..");
/** Build output, Maven repository and clusters' data; URVAL_OPENSEARCH_DIR moves it (a CI cache, a second checkout). */
export const TOOLS_DIR = path.resolve(ROOT, process.env.URVAL_OPENSEARCH_DIR ?? ".tools/opensearch");
export const MAIN_CLASS = "se.urval.cluster.UrvalNode";

const PROJECT_DIR = path.join(import.meta.dirname, "node");
const JAR = path.join(TOOLS_DIR, "target", "urval-cluster-node-1.jar");
const CLASSPATH_FILE = path.join(TOOLS_DIR, "classpath.txt");
const STAMP_FILE = path.join(TOOLS_DIR, "build.stamp");
const BUILD_LOG = path.join(TOOLS_DIR, "build.log");
const LOCK_DIR = path.join(TOOLS_DIR, "build.lock");

/** A path relative to the repository when inside it, for messages. */
export const displayPath = (file: string) => (file.startsWith(`${ROOT}${path.sep}`) ? path.relative(ROOT, file) : file);

/** sha256 of pom.xml and every file under src/, in path order. */
export function launcherSourceHash(): string {
  const hash = createHash("sha256");
  const files = ["pom.xml", ...listFiles(path.join(PROJECT_DIR, "src")).map((file) => path.relative(PROJECT_DIR, file))].sort();
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(PROJECT_DIR, file)))
      .update("\0");
  return hash.digest("hex");
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

function isBuilt(hash: string): boolean {
  return existsSync(JAR) && existsSync(CLASSPATH_FILE) && existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, "utf8").trim() === hash;
}

function classpath(): string {
  return `${JAR}${path.delimiter}${readFileSync(CLASSPATH_FILE, "utf8").trim()}`;
}

/**
 * Checks Java (>= 17), builds the launcher unless the stamp says it is current, and returns the java classpath.
 * Maven is needed only when a build runs. Concurrent callers (a test run and `npm start`) build once: the others wait.
 */
export async function ensureLauncher(onProgress?: (message: string) => void, signal?: AbortSignal): Promise<string> {
  const { java } = checkJava();
  const hash = launcherSourceHash();
  if (isBuilt(hash)) return classpath();
  const mvn = checkMaven();
  mkdirSync(TOOLS_DIR, { recursive: true });
  await withBuildLock(signal, onProgress, async () => {
    if (isBuilt(hash)) return;
    onProgress?.(`building the cluster launcher with Maven (first time downloads ~65 MB; log in ${displayPath(BUILD_LOG)})`);
    rmSync(STAMP_FILE, { force: true });
    await runMaven(mvn, javaHomeOf(java), signal);
    writeFileSync(STAMP_FILE, `${hash}\n`);
  });
  return classpath();
}

async function runMaven(mvn: string, javaHome: string | undefined, signal?: AbortSignal): Promise<void> {
  const args = [
    "-B",
    `-Dmaven.repo.local=${path.join(TOOLS_DIR, "m2")}`,
    `-Durval.buildDir=${path.join(TOOLS_DIR, "target")}`,
    "package",
    "dependency:build-classpath",
    `-Dmdep.outputFile=${CLASSPATH_FILE}`,
  ];
  const log = openSync(BUILD_LOG, "w");
  const env = javaHome ? { ...process.env, JAVA_HOME: javaHome } : process.env;
  const child = spawn(mvn, args, { cwd: PROJECT_DIR, stdio: ["ignore", log, log], env });
  closeSync(log);
  const onAbort = () => child.kill("SIGTERM");
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (status) => resolve(status));
    });
    if (signal?.aborted) throw new ClusterError("ABORTED", "launcher build interrupted");
    if (code !== 0) {
      throw new ClusterError("BUILD_FAILED", `the Maven build of the cluster launcher failed (log: ${BUILD_LOG})`, logTail(BUILD_LOG, 40));
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}

/** Runs `build` while holding .tools/opensearch/build.lock (a folder holding the owner's pid); waits for another holder. */
async function withBuildLock(
  signal: AbortSignal | undefined,
  onProgress: ((message: string) => void) | undefined,
  build: () => Promise<void>,
) {
  for (let waiting = false; ;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(path.join(LOCK_DIR, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (isStaleLock()) {
      rmSync(LOCK_DIR, { recursive: true, force: true });
      continue;
    }
    if (signal?.aborted) throw new ClusterError("ABORTED", "launcher build interrupted");
    if (!waiting) onProgress?.("waiting for another process building the cluster launcher");
    waiting = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  try {
    await build();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

function isStaleLock(): boolean {
  try {
    const pid = Number(readFileSync(path.join(LOCK_DIR, "pid"), "utf8"));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EPERM") return false;
    // No pid file yet (its owner is between mkdir and write) unless the folder is old; or the owner is gone.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") return true;
    const lock = statSync(LOCK_DIR, { throwIfNoEntry: false });
    return lock !== undefined && Date.now() - lock.mtimeMs > 10_000;
  }
}
