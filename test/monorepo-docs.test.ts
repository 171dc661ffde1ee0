// docs/monorepo.md's Turborepo and Nx blocks name the inputs and outputs of `mcp-gen build`: every
// file a build of each example read (the lock's `inputs`, and package.json) matches an input glob,
// every file it wrote (the lock's `files`, and the lock) matches an output glob, and no output glob
// matches an input (a cache hit would then restore a file the build reads). `check` gets both.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { globSync } from "tinyglobby";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./support/spec-paths.js";

const DOC = readFileSync(join(REPO_ROOT, "docs", "monorepo.md"), "utf8");
const EXAMPLES = readdirSync(join(REPO_ROOT, "examples")).sort();

/** The JSON code blocks of the page, in order. */
function jsonBlocks(): unknown[] {
  return [...DOC.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as unknown);
}

type Task = { readonly inputs: readonly (string | object)[]; readonly outputs: readonly string[] };

function tasks(): { turbo: Record<string, Task>; nx: Record<string, Task> } {
  const [turbo, nx] = jsonBlocks() as [{ tasks: Record<string, Task> }, { targets: Record<string, Task> }];
  // Nx globs are from the workspace; {projectRoot}/x is x in the package. An Nx output names a folder or a file.
  const fromRoot = (glob: string) => glob.replace(/^\{projectRoot\}\//, "");
  const nxTasks = Object.fromEntries(
    Object.entries(nx.targets).map(([name, task]) => [
      name,
      { inputs: task.inputs.filter((i) => typeof i === "string").map(fromRoot), outputs: task.outputs.map(fromRoot).flatMap((o) => [o, `${o}/**/*`]) },
    ]),
  );
  return { turbo: turbo.tasks, nx: nxTasks };
}

/** The files of `example` that `globs` match. */
function matched(example: string, globs: readonly (string | object)[]): Set<string> {
  const patterns = globs.filter((g): g is string => typeof g === "string");
  return new Set(globSync(patterns, { cwd: join(REPO_ROOT, "examples", example), dot: true, ignore: ["node_modules/**", "dist/**"] }));
}

describe("docs/monorepo.md", () => {
  for (const runner of ["turbo", "nx"] as const) {
    for (const example of EXAMPLES) {
      it(`${runner}: the generate task's inputs and outputs cover what a build of examples/${example} reads and writes`, () => {
        const lock = JSON.parse(readFileSync(join(REPO_ROOT, "examples", example, "mcp-tools.lock.json"), "utf8")) as { inputs: Record<string, string>; files: Record<string, string> };
        const { generate, check } = tasks()[runner];
        const read = [...Object.keys(lock.inputs), "package.json"];
        const written = [...Object.keys(lock.files), "mcp-tools.lock.json"];
        const inputs = matched(example, generate!.inputs);
        const outputs = matched(example, generate!.outputs);
        expect(read.filter((file) => !inputs.has(file))).toEqual([]);
        expect(written.filter((file) => !outputs.has(file))).toEqual([]);
        expect([...outputs].filter((file) => inputs.has(file))).toEqual([]);
        // Handler stubs and test scaffolds are the user's, never restored from a cache.
        expect([...outputs].filter((file) => file.startsWith("src/handlers/") || file.startsWith("test/"))).toEqual([]);
        const checked = matched(example, check!.inputs);
        expect([...read, ...written].filter((file) => !checked.has(file))).toEqual([]);
        expect(check!.outputs).toEqual([]);
      });
    }
  }
});
