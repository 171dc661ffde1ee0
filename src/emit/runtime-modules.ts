// The runtime modules generated code imports, and the specifier each import is written with: a
// subpath of the @mcp-gen/runtime package (`runtime: package`, the default), or a relative path into
// the copy a build writes into `out`/runtime/ (`runtime: vendored`). Templates receive specifiers, so
// both modes share every template line but the imports.
import { posix } from "node:path";
import runtimePackage from "@mcp-gen/runtime/package.json" with { type: "json" };
import type { Config, RuntimeMode, Target } from "../config/config.js";

/** The runtime package generated code imports in package mode. */
export const RUNTIME_PACKAGE = "@mcp-gen/runtime";

/**
 * The versions of @mcp-gen/runtime this mcp-gen generates code for: the package of the same commit
 * and any later release with the same API (a caret range; for 0.x, the same minor version).
 */
export const RUNTIME_RANGE = `^${runtimePackage.version}`;

export type RuntimeModule = "tool-table" | "validators" | "patterns" | "validation-messages" | "server" | "http" | "node" | "client" | "testing";

interface ModulePlace {
  /** The source file in the runtime (packages/runtime/src/, copied into `out`/runtime/), without `.ts`. */
  readonly file: string;
  /** Its subpath export in @mcp-gen/runtime. */
  readonly subpath: string;
}

/** Modules both targets share. */
const SHARED: Readonly<Record<"tool-table" | "validators" | "patterns" | "validation-messages", ModulePlace>> = {
  "tool-table": { file: "tool-table", subpath: "tool-table" },
  validators: { file: "validator-runtime", subpath: "validators" },
  patterns: { file: "pattern-runtime", subpath: "patterns" },
  "validation-messages": { file: "validation-messages", subpath: "validation-messages" },
};

/** Modules that hold a target's SDK imports: the SDK v1 ones sit in v1/ (a subpath `v1/…` of the package). */
const BY_TARGET: Readonly<Record<"server" | "http" | "node" | "client" | "testing", string>> = {
  server: "server-runtime",
  http: "http-runtime",
  node: "node-runtime",
  client: "client-runtime",
  testing: "testing-runtime",
};

function placeOf(module: RuntimeModule, target: Target): ModulePlace {
  if (module in SHARED) return SHARED[module as keyof typeof SHARED];
  const file = BY_TARGET[module as keyof typeof BY_TARGET];
  return target === "sdk-v1" ? { file: `v1/${file}`, subpath: `v1/${module}` } : { file, subpath: module };
}

/**
 * Every subpath of @mcp-gen/runtime that generated code can import, for both targets (the package's
 * `exports` must list each; a test checks it).
 */
export function runtimeSubpaths(): string[] {
  const modules = [...Object.keys(SHARED), ...Object.keys(BY_TARGET)] as RuntimeModule[];
  return [...new Set((["sdk-v2", "sdk-v1"] as const).flatMap((target) => modules.map((module) => placeOf(module, target).subpath)))].sort();
}

/**
 * The runtime source file (packages/runtime/src/, copied into `out`/runtime/) that `module` is for `target`.
 * @example runtimeFile("server", "sdk-v1") === "v1/server-runtime.ts"
 */
export function runtimeFile(module: RuntimeModule, target: Target): string {
  return `${placeOf(module, target).file}.ts`;
}

/** What decides the runtime's specifiers: the config's runtime mode, target and generated folder. */
export type RuntimeSettings = Pick<Config, "out" | "target"> & { readonly runtime: RuntimeMode };

/**
 * The specifier a generated file in `fromFolder` (a project path) imports `module` with.
 * @example runtimeSpecifier({ runtime: "package", target: "sdk-v1", out: "src/generated" }, "src/generated", "server") === "@mcp-gen/runtime/v1/server"
 * @example runtimeSpecifier({ runtime: "vendored", target: "sdk-v2", out: "src/generated" }, "src/generated/tools", "tool-table") === "../runtime/tool-table.js"
 */
export function runtimeSpecifier(settings: RuntimeSettings, fromFolder: string, module: RuntimeModule): string {
  const place = placeOf(module, settings.target);
  if (settings.runtime === "package") return `${RUNTIME_PACKAGE}/${place.subpath}`;
  const relative = posix.relative(fromFolder, posix.join(settings.out, "runtime", `${place.file}.js`));
  return relative.startsWith("../") ? relative : `./${relative}`;
}
