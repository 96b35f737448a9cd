// Moves modules and rewrites every import so that it names its layer: within one part a relative path that climbs at
// most two levels, across parts (or deeper) the part's alias from package.json `imports` (#shared, #search-index, ...).
//   tsx scripts/arch/fix-imports.ts [--move <from> <to>]... [--dry-run]
// A move of a directory moves every file below it. Run with no moves to normalise the imports of the whole repository.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import ts from "typescript";
import { buildImportGraph, levelsClimbed, partOf } from "./import-graph";

const ALIASES: ReadonlyArray<readonly [string, string]> = [
  ["workers/api/src/", "#api/"],
  ["workers/export/src/", "#export/"],
  ["workers/shared/", "#shared/"],
  ["search-index/", "#search-index/"],
  ["scripts/", "#scripts/"],
  ["tests/", "#tests/"],
  ["app/", "#app/"],
];
const ENTRIES = new Map([
  ["search-index/index.ts", "#search-index"],
  ["search-index/engine.ts", "#search-index/engine"],
  ["search-index/indexing/index.ts", "#search-index/indexing"],
]);

function aliasFor(target: string): string | undefined {
  const entry = ENTRIES.get(target);
  if (entry) return entry;
  if (!target.endsWith(".ts") || target.endsWith(".d.ts")) return undefined;
  for (const [prefix, alias] of ALIASES) {
    if (target.startsWith(prefix)) return alias + target.slice(prefix.length, -".ts".length);
  }
  return undefined;
}

function relativeSpecifier(from: string, target: string): string {
  let path = relative(dirname(from), target).replace(/\.(ts|tsx)$/, "");
  if (path.endsWith("/index")) path = path.slice(0, -"/index".length);
  return path.startsWith(".") ? path : `./${path}`;
}

/** The specifier an import from `from` to `target` should use; undefined leaves it as written. */
export function specifierFor(from: string, target: string): string | undefined {
  if (!/\.tsx?$/.test(target)) return undefined;
  const local = relativeSpecifier(from, target);
  if (partOf(from) === partOf(target) && levelsClimbed(local) <= 2) return local;
  const alias = aliasFor(target);
  if (!alias) throw new Error(`no alias reaches ${target} (imported from ${from})`);
  return alias;
}

/** Merges the named imports of one module written as several declarations into one (after a rewrite joined them). */
export function mergeDuplicateImports(path: string, text: string): string {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const groups = new Map<string, ts.ImportDeclaration[]>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!statement.importClause || statement.importClause.name || !bindings || !ts.isNamedImports(bindings)) continue;
    groups.set(statement.moduleSpecifier.text, [...(groups.get(statement.moduleSpecifier.text) ?? []), statement]);
  }
  const edits: Array<{ start: number; end: number; value: string }> = [];
  for (const [specifier, declarations] of groups) {
    if (declarations.length < 2) continue;
    const names = declarations.flatMap((declaration) => {
      const clause = declaration.importClause!;
      return (clause.namedBindings as ts.NamedImports).elements.map((element) => {
        const written = element.getText(source).replace(/^type\s+/, "");
        return clause.isTypeOnly || element.isTypeOnly ? `type ${written}` : written;
      });
    });
    const unique = [...new Set(names)].sort((a, b) => a.replace(/^type /, "").localeCompare(b.replace(/^type /, "")));
    const [first, ...rest] = declarations;
    edits.push({ start: first!.getStart(source), end: first!.getEnd(), value: `import { ${unique.join(", ")} } from "${specifier}";` });
    for (const declaration of rest) {
      const end = text[declaration.getEnd()] === "\n" ? declaration.getEnd() + 1 : declaration.getEnd();
      edits.push({ start: declaration.getStart(source), end, value: "" });
    }
  }
  let next = text;
  for (const { start, end, value } of edits.sort((a, b) => b.start - a.start)) next = next.slice(0, start) + value + next.slice(end);
  return next;
}

function parseMoves(args: string[]): Array<[string, string]> {
  const moves: Array<[string, string]> = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--move") {
      moves.push([args[i + 1]!.replace(/\/$/, ""), args[i + 2]!.replace(/\/$/, "")]);
      i += 2;
    }
  }
  return moves;
}

function movedPath(file: string, moves: ReadonlyArray<[string, string]>): string {
  for (const [from, to] of moves) {
    if (file === from) return to;
    if (file.startsWith(`${from}/`)) return to + file.slice(from.length);
  }
  return file;
}

function main(): void {
  const args = process.argv.slice(2);
  const dryRun = args.includes("--dry-run");
  const moves = parseMoves(args);
  const root = process.cwd();
  const graph = buildImportGraph(root);
  const byFile = new Map<string, Map<string, string>>();
  for (const edge of graph.edges) {
    const targets = byFile.get(edge.from) ?? new Map<string, string>();
    targets.set(edge.specifier, edge.to);
    byFile.set(edge.from, targets);
  }
  if (!dryRun) {
    for (const [from, to] of moves) {
      execFileSync("mkdir", ["-p", dirname(to)]);
      execFileSync("git", ["mv", from, to], { stdio: "inherit" });
    }
  }
  let changed = 0;
  for (const [oldFile, targets] of byFile) {
    const file = movedPath(oldFile, moves);
    const path = dryRun ? oldFile : file;
    const text = readFileSync(path, "utf8");
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
    const replacements: Array<{ start: number; end: number; value: string }> = [];
    const visit = (node: ts.Node): void => {
      let literal: ts.StringLiteral | undefined;
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        literal = node.moduleSpecifier;
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        literal = node.arguments[0];
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        literal = node.argument.literal;
      }
      if (literal) {
        const target = targets.get(literal.text);
        if (target) {
          const wanted = specifierFor(file, movedPath(target, moves));
          if (wanted !== undefined && wanted !== literal.text)
            replacements.push({ start: literal.getStart(source) + 1, end: literal.getEnd() - 1, value: wanted });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    let next = text;
    for (const { start, end, value } of replacements.sort((a, b) => b.start - a.start))
      next = next.slice(0, start) + value + next.slice(end);
    next = mergeDuplicateImports(path, next);
    if (next === text) continue;
    changed += 1;
    if (dryRun) console.log(`${file}: ${replacements.map((r) => r.value).join(", ") || "imports merged"}`);
    else writeFileSync(path, next);
  }
  console.log(`${moves.length} moves, ${changed} files rewritten${dryRun ? " (dry run)" : ""}`);
}

main();
