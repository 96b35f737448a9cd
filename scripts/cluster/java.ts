/** Finds the Java and Maven the launcher needs, with one clear error when either is missing or too old. */
import { spawnSync } from "node:child_process";
import { accessSync, constants, realpathSync } from "node:fs";
import path from "node:path";
import { ClusterError } from "./cluster-error";

/** OpenSearch 2.19 runs on Java 17 and later. */
export const MIN_JAVA_MAJOR = 17;

const INSTALL_HINT = "install a JDK 17+ (Debian: apt-get install openjdk-17-jdk-headless) or set URVAL_JAVA to a java binary";

/** The java binary: URVAL_JAVA, else $JAVA_HOME/bin/java, else `java` on PATH. */
export function javaCommand(env: NodeJS.ProcessEnv = process.env): string {
  if (env.URVAL_JAVA) return env.URVAL_JAVA;
  if (env.JAVA_HOME) return path.join(env.JAVA_HOME, "bin", "java");
  return "java";
}

/** The major version in `java -version` output ("17.0.15" → 17, "1.8.0_392" → 8), or null. */
export function parseJavaMajor(versionOutput: string): number | null {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

/** Checks that Java >= 17 runs; returns its command and major version. */
export function checkJava(env: NodeJS.ProcessEnv = process.env): { java: string; major: number } {
  const java = javaCommand(env);
  const result = spawnSync(java, ["-version"], { encoding: "utf8", timeout: 30_000, env });
  if (result.error || result.status !== 0) {
    const reason = (result.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT" ? "not found" : "does not run";
    throw new ClusterError("JAVA_MISSING", `Java ${reason} (${java}): ${INSTALL_HINT}`);
  }
  const major = parseJavaMajor(`${result.stderr}${result.stdout}`);
  if (major === null) throw new ClusterError("JAVA_MISSING", `${java} -version did not print a Java version: ${INSTALL_HINT}`);
  if (major < MIN_JAVA_MAJOR)
    throw new ClusterError("JAVA_TOO_OLD", `Java ${major} (${java}) is too old for OpenSearch 2.19: ${INSTALL_HINT}`);
  return { java, major };
}

/** Checks that Maven runs (needed only to build the launcher). */
export function checkMaven(env: NodeJS.ProcessEnv = process.env): string {
  const mvn = env.URVAL_MVN ?? "mvn";
  const result = spawnSync(mvn, ["-v"], { encoding: "utf8", timeout: 60_000, env });
  if (result.error || result.status !== 0) {
    throw new ClusterError(
      "MAVEN_MISSING",
      `Maven not found (${mvn}); it builds the cluster launcher once: install it (Debian: apt-get install maven) or set URVAL_MVN`,
    );
  }
  return mvn;
}

/** The JDK folder a java binary belongs to (so Maven compiles with the same Java), or undefined when unclear. */
export function javaHomeOf(java: string): string | undefined {
  try {
    const binary = java.includes("/") ? java : whichSync(java);
    if (!binary) return undefined;
    const real = realpathSync(binary);
    return path.basename(path.dirname(real)) === "bin" ? path.dirname(path.dirname(real)) : undefined;
  } catch {
    return undefined;
  }
}

function whichSync(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}
