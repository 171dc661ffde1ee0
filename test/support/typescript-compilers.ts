// The TypeScript compilers generated code must pass (docs/generated-code.md, "Supported TypeScript"): 7.0, the native
// compiler mcp-gen itself uses, and the JavaScript compilers most teams still run (typescript-eslint's
// type-aware rules need their API). All three are devDependencies, 5.9 and 6.0 as npm aliases.
import { execFile } from "node:child_process";
import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "./spec-paths.js";

export interface TypeScriptCompiler {
  /** The version as docs/generated-code.md states it, e.g. "5.9". */
  readonly version: string;
  /** The package folder under node_modules: `typescript`, or an alias such as `typescript-5.9`. */
  readonly packageName: string;
}

export const TYPESCRIPT_COMPILERS: readonly TypeScriptCompiler[] = [
  { version: "5.9", packageName: "typescript-5.9" },
  { version: "6.0", packageName: "typescript-6.0" },
  { version: "7.0", packageName: "typescript" },
];

/** The installed version of `compiler`'s package, e.g. "5.9.3". */
export function installedVersion(compiler: TypeScriptCompiler): string {
  return (JSON.parse(readFileSync(join(REPO_ROOT, "node_modules", compiler.packageName, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * The options of a strict project, as `init` and the examples write them. Every flag only adds
 * checks, so code that passes STRICTEST_OPTIONS passes these too, and under any subset of the flags
 * in between.
 */
export const STRICT_OPTIONS = {
  target: "ES2022",
  lib: ["ES2023"],
  module: "nodenext",
  moduleResolution: "nodenext",
  types: ["node"],
  strict: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  noEmit: true,
} as const;

/**
 * The strictest flags users turn on, which generated code (its runtime, handler stubs and test
 * scaffolds included) must pass: erasableSyntaxOnly for Node's type stripping, verbatimModuleSyntax
 * and isolatedModules for single-file transpilers, isolatedDeclarations (with declaration, which it
 * needs) for a monorepo's shared base tsconfig whose packages emit declarations file by file, and
 * the optional strictness flags.
 */
export const STRICTEST_OPTIONS = {
  ...STRICT_OPTIONS,
  declaration: true,
  isolatedDeclarations: true,
  exactOptionalPropertyTypes: true,
  noPropertyAccessFromIndexSignature: true,
  erasableSyntaxOnly: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noImplicitReturns: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
} as const;

/**
 * Writes the tsconfig `dir`/`name` (with `options` and `include`) and links the repository's
 * node_modules into `dir`, so that `types: ["node"]`, the SDK and vitest resolve from there and from
 * every project folder inside `dir`.
 */
export function writeTsconfig(dir: string, name: string, options: object, include: readonly string[]): string {
  if (!existsSync(join(dir, "node_modules"))) symlinkSync(join(REPO_ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ compilerOptions: options, include }, null, 2));
  return path;
}

export interface TypeCheck {
  /** Every file in the program, absolute. */
  readonly files: readonly string[];
  /** The compiler's messages, one string per diagnostic (with its continuation lines); a crash's stack. */
  readonly errors: readonly string[];
}

/** `tsc -p tsconfig --listFiles` with `compiler`; never rejects on the compiler's own failure. */
export async function typeCheck(compiler: TypeScriptCompiler, tsconfig: string): Promise<TypeCheck> {
  const tsc = join(REPO_ROOT, "node_modules", compiler.packageName, "bin", "tsc");
  const args = [tsc, "-p", tsconfig, "--listFiles", "--pretty", "false"];
  const run = await promisify(execFile)(process.execPath, args, { timeout: 600_000, maxBuffer: 256 * 1024 * 1024 }).catch((e: { stdout?: string; stderr?: string; message: string }) => ({
    stdout: e.stdout ?? "",
    stderr: e.stderr || (e.stdout ? "" : e.message),
  }));
  const files: string[] = [];
  const errors: string[] = [];
  for (const line of run.stdout.split("\n")) {
    if (line === "") continue;
    // A diagnostic's continuation lines are indented; a listed file is a bare absolute path.
    if (line.startsWith(" ") && errors.length > 0) errors[errors.length - 1] += `\n${line}`;
    else if (line.startsWith("/") && !/\(\d+,\d+\): /.test(line) && !line.includes(": error TS")) files.push(line);
    else errors.push(line);
  }
  if (run.stderr !== "") errors.push(run.stderr);
  return { files, errors };
}
