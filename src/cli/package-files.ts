// Reads mcp-gen's own templates and runtime sources, which ship in the package next to dist/ (the
// runtime's as packages/runtime/src, the sources of the @mcp-gen/runtime of the same commit).
import { readdirSync, readFileSync } from "node:fs";
import { sep } from "node:path";
import type { RuntimeSource } from "../emit/emit-project.js";
import { TEMPLATE_NAMES, type TemplateSources } from "../emit/templates.js";
import { PACKAGE_ROOT } from "./package-root.js";

export { PACKAGE_ROOT };

// Read synchronously: thirty small files, and a build has nothing else to do meanwhile (each await
// of fs/promises costs more than the read).
export async function readTemplates(): Promise<TemplateSources> {
  const entries = TEMPLATE_NAMES.map((name) => [name, readFileSync(`${PACKAGE_ROOT}templates/${name}.hbs`, "utf8")] as const);
  return Object.fromEntries(entries) as TemplateSources;
}

/** The runtime's sources in mcp-gen's package: what `runtime: vendored` copies. */
export const RUNTIME_SOURCES = `${PACKAGE_ROOT}packages/runtime/src/`;

/**
 * Every runtime module: each .ts file under packages/runtime/src (shared and SDK v2 modules at the
 * top, SDK v1 modules in v1/), by path relative to it. A vendored build copies only the ones its
 * target's generated code reaches (emit/select-runtime.ts), keeping the folder layout so relative
 * imports stay valid; a build that imports @mcp-gen/runtime copies none.
 */
export async function readRuntimeSources(): Promise<RuntimeSource[]> {
  const dir = RUNTIME_SOURCES;
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(sep).join("/"))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .sort();
  return files.map((file) => ({ file, contents: readFileSync(dir + file, "utf8") }));
}
