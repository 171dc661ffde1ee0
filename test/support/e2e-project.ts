// A throwaway mcp-gen project for the end-to-end tests: descriptors written to a temp folder, built
// with `mcp-gen build` (in process), compiled with tsc against the repository's node_modules, and
// imported from its dist/ the way a user's program would load it.
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Client } from "@modelcontextprotocol/client";
import { compileProject } from "./e2e-processes.js";
import { REPO_ROOT } from "./spec-paths.js";
import { runInProcess, writeFiles } from "./temp-project.js";

/** What a compiled project's src/generated/index.js exports, as far as these tests use it. */
export interface GeneratedModule {
  readonly TOOL_ENTRIES: readonly { readonly name: string; readonly descriptor: Readonly<Record<string, unknown>>; validateInput(args: unknown): boolean }[];
  createToolHttpHandler(handlers: Readonly<Record<string, (args: never, ctx: never) => unknown>>, options?: object): GeneratedHttpHandler;
  readonly ToolsClient: new (client: Client, options?: { readonly onDrift?: "throw" | "warn" | "ignore" }) => Readonly<Record<string, (args: unknown) => Promise<ToolOutcomeLike>>>;
  readonly ToolArgumentsError: new (...args: never[]) => Error;
}

export interface GeneratedHttpHandler {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export type ToolOutcomeLike = { readonly isError: false; readonly output: unknown; readonly result: unknown } | { readonly isError: true; readonly message: string; readonly result: unknown };

export interface CompiledProject {
  readonly root: string;
  /** Build output of the CLI, for failure messages. */
  readonly buildOutput: string;
  /** Imports src/generated/index.js from the compiled dist/. */
  importGenerated(): Promise<GeneratedModule>;
  /** Deletes the folder. */
  remove(): void;
}

/** The tsconfig of a generated project that e2e tests compile to dist/ and run. */
export const E2E_TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2023"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    types: ["node"],
    rootDir: ".",
    outDir: "dist",
  },
  include: ["src"],
};

/**
 * Writes `files` (descriptors and config) into a new temp folder, runs `mcp-gen build`, links the
 * repository's node_modules, and compiles the result with `tsc --strict`. Throws with the build or
 * compiler output when either fails. The caller removes the folder (in afterAll).
 */
export async function buildCompiledProject(files: Readonly<Record<string, string>>): Promise<CompiledProject> {
  const root = mkdtempSync(join(tmpdir(), "mcp-gen-e2e-"));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    writeFiles(root, { "package.json": JSON.stringify({ name: "e2e-project", private: true, type: "module" }), "tsconfig.json": JSON.stringify(E2E_TSCONFIG, null, 2), ...files });
    const build = await runInProcess(root, ["build"]);
    const buildOutput = build.stdout + build.stderr;
    if (build.code !== 0) throw new Error(`mcp-gen build failed with exit code ${build.code}:\n${buildOutput}`);
    symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
    await compileProject(join(root, "tsconfig.json"));
    return {
      root,
      buildOutput,
      importGenerated: () => import(pathToFileURL(join(root, "dist", "src", "generated", "index.js")).href) as Promise<GeneratedModule>,
      remove,
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/** One descriptor file per tool, named after its index: `tools/00-<safe name>.json`. */
export function descriptorFiles(tools: readonly { readonly name: string }[]): Record<string, string> {
  const files: Record<string, string> = {};
  tools.forEach((tool, index) => {
    files[`tools/${String(index).padStart(2, "0")}-${tool.name.replace(/[^A-Za-z0-9_.-]/g, "_")}.json`] = JSON.stringify(tool, null, 2);
  });
  return files;
}
