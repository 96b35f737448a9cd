// The repository's import graph, resolved the way TypeScript resolves it (relative paths and package.json `imports`).
// Every edge is kept, type-only ones included: a type-only edge still ties two modules together for a reader.
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly specifier: string;
  readonly typeOnly: boolean;
}

export interface ImportGraph {
  readonly root: string;
  readonly files: readonly string[];
  readonly edges: readonly ImportEdge[];
}

/** Loads tsconfig.json's file list and compiler options from the repository root. */
function loadProject(root: string): { files: string[]; options: ts.CompilerOptions } {
  const configPath = join(root, "tsconfig.json");
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root);
  const files = parsed.fileNames.filter((file) => !file.endsWith(".d.ts")).map((file) => resolve(file));
  return { files, options: parsed.options };
}

interface RawImport {
  readonly specifier: string;
  readonly typeOnly: boolean;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  if (clause.name || !bindings || !ts.isNamedImports(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

/** Static imports, re-exports and `import()` calls of one source file. */
function rawImports(file: string): RawImport[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found: RawImport[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyImport(node) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyExport(node) });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Builds the graph of every TypeScript file tsconfig.json includes; edges only between files of the repository. */
export function buildImportGraph(root: string): ImportGraph {
  const absoluteRoot = resolve(root);
  const { files, options } = loadProject(absoluteRoot);
  const host = ts.createCompilerHost(options);
  const edges: ImportEdge[] = [];
  for (const file of files) {
    for (const raw of rawImports(file)) {
      const resolved = ts.resolveModuleName(raw.specifier, file, options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = resolve(resolved.resolvedFileName);
      const inRepo = relative(absoluteRoot, target);
      // Packages, declarations and build output (the web worker's entry imports the built Remix server) are not ours.
      if (inRepo.includes("node_modules/") || inRepo.startsWith("build/") || target.endsWith(".d.ts")) continue;
      edges.push({
        from: relative(absoluteRoot, file),
        to: relative(absoluteRoot, target),
        specifier: raw.specifier,
        typeOnly: raw.typeOnly,
      });
    }
  }
  return { root: absoluteRoot, files: files.map((file) => relative(absoluteRoot, file)), edges };
}

/** The part of the repository a file belongs to, as the boundary rules name them. */
export function partOf(file: string): string {
  for (const part of ["workers/api", "workers/export", "workers/shared", "search-index", "scripts", "tests", "app"]) {
    if (file === part || file.startsWith(`${part}/`)) return part;
  }
  if (["server.ts", "load-context.ts", "worker-configuration.ts"].includes(file)) return "app";
  return "root";
}

/** How many directory levels an import climbs (`../../x` climbs two). */
export function levelsClimbed(specifier: string): number {
  let levels = 0;
  for (const segment of specifier.split("/")) {
    if (segment === "..") levels += 1;
    else if (segment !== ".") break;
  }
  return levels;
}

/** Strongly connected components with more than one file (or a self-import): every import cycle. */
export function findCycles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of graph.edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    const selfLoop = (next.get(node) ?? []).includes(node);
    if (component.length > 1 || selfLoop) cycles.push(component.sort());
  };
  for (const file of graph.files) if (!index.has(file)) connect(file);
  return cycles;
}

export function dirOf(file: string): string {
  return dirname(file);
}
