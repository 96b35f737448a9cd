// Checks the module boundaries (boundaries.ts) on the repository's import graph; part of `npm run lint`.
// One line per broken rule and exit code 1 when any is broken.
import { boundaryProblems } from "./boundaries";
import { buildImportGraph } from "./import-graph";

const graph = buildImportGraph(process.cwd());
const problems = boundaryProblems(graph);
for (const problem of problems) console.error(`✗ ${problem}`);
if (problems.length > 0) {
  console.error(`${problems.length} boundary problem(s) in ${graph.files.length} files (scripts/arch/boundaries.ts)`);
  process.exit(1);
}
console.log(`✓ module boundaries hold: ${graph.files.length} files, ${graph.edges.length} imports, no cycle`);
