// Writes emitted validator modules and the validator runtime into a temporary `out` folder and
// imports them, as a generated server would. The validator modules (JavaScript under `// @ts-nocheck`
// but for each export's declared type) and the runtime are transpiled, with pattern-runtime's `re2js`
// import pointed at mcp-gen's own copy (the folder has no node_modules).
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { ts } from "ts-morph";
import { REPO_ROOT } from "../support/spec-paths.js";

export const RUNTIME_SOURCE_PATH = join(REPO_ROOT, "packages", "runtime", "src", "validator-runtime.ts");
export const PATTERN_RUNTIME_SOURCE_PATH = join(REPO_ROOT, "packages", "runtime", "src", "pattern-runtime.ts");
const RE2JS_MODULE = pathToFileURL(join(REPO_ROOT, "node_modules", "re2js", "build", "index.js")).href;

export interface LoadedValidator {
  (data: unknown): boolean;
  errors?: readonly { instancePath: string; keyword: string; params: Record<string, unknown>; message?: string }[] | null;
}

export interface EmittedFolder {
  readonly root: string;
  /** Imports a module by its path relative to `out`, e.g. "validators/2020-12.js". */
  load(module: string): Promise<Record<string, LoadedValidator>>;
  remove(): void;
}

/** Lays out `out/` with the given files (".ts" written as ".js") and the transpiled runtime. */
export function writeEmittedFolder(files: readonly { path: string; contents: string }[]): EmittedFolder {
  const root = mkdtempSync(join(tmpdir(), "mcp-gen-validators-"));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write("package.json", '{ "type": "module" }\n');
  const toJs = (text: string) => ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  write("runtime/validator-runtime.js", toJs(readFileSync(RUNTIME_SOURCE_PATH, "utf8")));
  write("runtime/pattern-runtime.js", toJs(readFileSync(PATTERN_RUNTIME_SOURCE_PATH, "utf8")).replace('from "re2js"', `from ${JSON.stringify(RE2JS_MODULE)}`));
  for (const file of files) write(file.path.replace(/\.ts$/, ".js"), toJs(file.contents));
  return {
    root,
    load: async (module) => (await import(pathToFileURL(join(root, module)).href)) as Record<string, LoadedValidator>,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
