// The modules of src/ load in one order: no module imports, directly or through others, a module
// that imports it (a cycle makes what a module sees at load time depend on who was loaded first).
// And schema compilation (src/compile/), which both validation and the emitter use, imports neither
// them nor anything that uses them, so that it stays a stage of its own: validate/schema-compiler.ts
// and emit/validators/ imported each other before it had a folder.
import { describe, expect, it } from "vitest";
import { moduleImports, sourceModules } from "../support/source-modules.js";

const modules = sourceModules();
/** Each module's value imports (a type-only import is gone at run time) among src/ modules. */
const graph = new Map(modules.map((module) => [module.path, moduleImports(module).filter((entry) => !entry.typeOnly && entry.target?.startsWith("src/"))]));

/** The folders of src/ that import src/compile/: compile must import none of them. */
const COMPILE_USERS = ["cli", "diff", "emit", "live", "project", "report", "validate"];

/** Strongly connected groups of more than one module (Tarjan), each as a path through its imports. */
function cycles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (path: string) => {
    index.set(path, index.size);
    low.set(path, index.get(path)!);
    stack.push(path);
    onStack.add(path);
    for (const { target } of graph.get(path) ?? []) {
      if (!graph.has(target!)) continue;
      if (!index.has(target!)) {
        visit(target!);
        low.set(path, Math.min(low.get(path)!, low.get(target!)!));
      } else if (onStack.has(target!)) {
        low.set(path, Math.min(low.get(path)!, index.get(target!)!));
      }
    }
    if (low.get(path) !== index.get(path)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== path);
    if (group.length > 1) found.push(group.sort());
  };
  for (const path of graph.keys()) if (!index.has(path)) visit(path);
  return found;
}

describe("imports between the modules of src/", () => {
  it("form no cycle", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles()).toEqual([]);
  });

  it("leave src/compile/ importing none of the stages that use it", () => {
    const back = [...graph]
      .filter(([path]) => path.startsWith("src/compile/"))
      .flatMap(([path, imports]) => imports.filter(({ target }) => COMPILE_USERS.some((folder) => target!.startsWith(`src/${folder}/`))).map(({ target, line }) => `${path}:${line} imports ${target}`));
    expect(back).toEqual([]);
  });
});
