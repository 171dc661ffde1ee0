// The source tree keeps its layers, read from the import statements of src/**/*.ts (static, dynamic
// and `import("…")` types alike): the pure stages (load → resolve → validate → hash → emit, and what
// they share) know nothing of the command line or of the incremental build; the incremental build
// knows nothing of the command line that drives it; schema compilation (src/compile/), which both
// validation and the emitter use, imports neither them nor anything that uses them (before it had a
// folder, validate/schema-compiler.ts and emit/validators/ imported each other); the language server
// (src/lsp/) is a stage above project/ and validate/, beside the command line: it reads projects with
// the command line's readers but imports no command, and nothing but its own command imports it;
// and no module reaches itself through its imports.
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";

/** Folders of src/ that are pure pipeline stages: text and plain data in, plain data out. */
const PURE_STAGES = ["load", "resolve", "compile", "precompiled", "validate", "lock", "diff", "emit", "report", "model", "config", "project"] as const;

/** The folders of src/ that use src/compile/: compile imports none of them. */
const COMPILE_USERS = ["cli", "diff", "emit", "incremental", "live", "lsp", "project", "report", "validate"] as const;

/** Each module of src/ (project path) → the modules of src/ it imports, in the order written. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(join(REPO_ROOT, "src"), { recursive: true, encoding: "utf8" })
    .map((path) => `src/${path.split("\\").join("/")}`)
    .filter((path) => path.endsWith(".ts"))
    .sort();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importedSpecifiers(readFileSync(join(REPO_ROOT, file), "utf8"), file)
      .filter((specifier) => specifier.startsWith("."))
      .map((specifier) => posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.js$/, ".ts"));
    const missing = targets.filter((target) => target.endsWith(".ts") && !known.has(target));
    if (missing.length > 0) throw new Error(`${file} imports ${missing.join(", ")}, which is not a module of src/.`);
    graph.set(file, [...new Set(targets.filter((target) => known.has(target)))]);
  }
  return graph;
}

/** Every module specifier `text` imports: import and export declarations, import() calls and import("…") types. */
function importedSpecifiers(text: string, file: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The strongly connected components of `graph` that hold a cycle (Tarjan), each sorted. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (module: string): void => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(module, Math.min(low.get(module)!, index.get(target)!));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = top === module ? undefined : stack.pop()) {
      onStack.delete(top);
      component.push(top);
    }
    if (component.length > 1 || graph.get(module)!.includes(module)) found.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) connect(module);
  return found.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** One cycle through `component`, as a path from its first module back to it, for the failure message. */
function cyclePath(graph: ReadonlyMap<string, readonly string[]>, component: readonly string[]): string {
  const inside = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let module = queue.shift(); module !== undefined; module = queue.shift()) {
    for (const target of graph.get(module) ?? []) {
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = module; at !== start && at !== undefined; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start].join(" → ");
      }
      if (inside.has(target) && !previous.has(target)) previous.set(target, module), queue.push(target);
    }
  }
  return component.join(", ");
}

const folderOf = (module: string) => module.split("/")[1]!;

/** Every import from a module of `from` folders into a module of `to` folders, as "a → b". */
function importsBetween(graph: ReadonlyMap<string, readonly string[]>, from: readonly string[], to: readonly string[]): string[] {
  const edges: string[] = [];
  for (const [module, targets] of graph) {
    if (!from.includes(folderOf(module))) continue;
    for (const target of targets) if (to.includes(folderOf(target))) edges.push(`${module} → ${target}`);
  }
  return edges;
}

describe("the import graph of src/", () => {
  const graph = importGraph();

  it("is read from every kind of import", () => {
    // Guards the reader itself: a static import, an export from, an import() call and an import type.
    expect(
      importedSpecifiers(
        'import a from "./a.js";\nimport type { B } from "./b.js";\nexport { c } from "./c.js";\nconst d = () => import("./d.js");\nlet e: typeof import("./e.js");\n// import f from "./f.js";\nconst g = `import h from "./h.js"`;\n',
        "x.ts",
      ),
    ).toEqual(["./a.js", "./b.js", "./c.js", "./d.js", "./e.js"]);
    expect(graph.get("src/cli/full-build.ts")).toContain("src/project/analyze-project.ts");
    expect(graph.get("src/cli/commands/build.ts")).toContain("src/cli/full-build.ts");
    expect(graph.get("src/cli/main.ts")).toContain("src/cli/commands/build.ts");
  });

  it("has the pure stages import nothing from the command line, the incremental build or the language server", () => {
    expect(importsBetween(graph, PURE_STAGES, ["cli", "incremental", "lsp"])).toEqual([]);
  });

  it("has the language server import no command, and only its command import it", () => {
    const commands = (module: string) => module.startsWith("src/cli/commands/") || module === "src/cli/main.ts";
    expect(importsBetween(graph, ["lsp"], ["cli"]).filter((edge) => commands(edge.split(" → ")[1]!))).toEqual([]);
    expect(importsBetween(graph, ["cli", "incremental", "live"], ["lsp"]).filter((edge) => !edge.startsWith("src/cli/commands/lsp.ts "))).toEqual([]);
    expect(graph.get("src/cli/commands/lsp.ts")).toContain("src/lsp/server.ts");
    expect(importsBetween(graph, ["lsp"], ["project", "validate"]).length).toBeGreaterThan(0);
  });

  it("has the incremental build import nothing from the command line", () => {
    expect(importsBetween(graph, ["incremental"], ["cli"])).toEqual([]);
    expect(importsBetween(graph, ["cli"], ["incremental"]).length).toBeGreaterThan(0);
  });

  it("has schema compilation import none of the stages that use it", () => {
    expect(importsBetween(graph, ["compile"], COMPILE_USERS)).toEqual([]);
    expect(importsBetween(graph, ["validate", "emit"], ["compile"]).length).toBeGreaterThan(0);
  });

  it("has no import cycle", () => {
    expect(cycles(graph).map((component) => cyclePath(graph, component))).toEqual([]);
  });

  it("finds a cycle where there is one", () => {
    const looped = new Map([
      ["src/a.ts", ["src/b.ts"]],
      ["src/b.ts", ["src/c.ts"]],
      ["src/c.ts", ["src/a.ts", "src/d.ts"]],
      ["src/d.ts", []],
      ["src/e.ts", ["src/e.ts"]],
    ]);
    expect(cycles(looped)).toEqual([["src/a.ts", "src/b.ts", "src/c.ts"], ["src/e.ts"]]);
    expect(cyclePath(looped, ["src/a.ts", "src/b.ts", "src/c.ts"])).toBe("src/a.ts → src/b.ts → src/c.ts → src/a.ts");
  });
});
