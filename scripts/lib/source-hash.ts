/**
 * A short hash of source files' paths and contents: what a generated artefact was made by (the demo dataset and the
 * test run's shared datasets are made again when the generator's sources change).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./local-bindings";

export function hashFiles(files: string[]): string {
  const hash = createHash("sha256");
  for (const file of [...files].sort()) hash.update(path.relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex").slice(0, 12);
}

/** The .ts, .sql and .json files below `dir`, tests left out. */
export const sourcesOf = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|sql|json)$/.test(name) && !name.endsWith(".test.ts"))
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());

/** The dataset generator's sources (scripts/data), hashed. */
export const generatorSourceHash = (): string => hashFiles(sourcesOf(path.join(ROOT, "scripts/data")));
