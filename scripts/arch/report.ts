// Prints the import graph's figures: imports across parts, cycles, and imports that climb three or more levels.
import { buildImportGraph, findCycles, levelsClimbed, partOf } from "./import-graph";

const graph = buildImportGraph(process.cwd());
const cross = new Map<string, number>();
const targets = new Map<string, Set<string>>();
for (const edge of graph.edges) {
  const from = partOf(edge.from);
  const to = partOf(edge.to);
  if (from === to) continue;
  const key = `${from} -> ${to}`;
  cross.set(key, (cross.get(key) ?? 0) + 1);
  targets.set(key, (targets.get(key) ?? new Set()).add(edge.to));
}
console.log(`files ${graph.files.length}, imports ${graph.edges.length}`);
console.log("imports across parts (imports, distinct modules reached):");
for (const [key, count] of [...cross].sort())
  console.log(`  ${key.padEnd(36)} ${String(count).padStart(4)} ${String(targets.get(key)!.size).padStart(4)}`);
const climbs = (levels: number) => graph.edges.filter((edge) => levelsClimbed(edge.specifier) >= levels).length;
console.log(`imports climbing 3+ levels: ${climbs(3)}, 4+ levels: ${climbs(4)}`);
const cycles = findCycles(graph);
console.log(`cycles (type-only edges counted): ${cycles.length}`);
for (const cycle of cycles) console.log(`  ${cycle.join("  ")}`);
if (process.argv.includes("--list")) {
  const filter = process.argv[process.argv.indexOf("--list") + 1] ?? "";
  for (const edge of graph.edges) {
    const key = `${partOf(edge.from)} -> ${partOf(edge.to)}`;
    if (key === filter) console.log(`  ${edge.from} -> ${edge.to}${edge.typeOnly ? " (type)" : ""}`);
  }
}
