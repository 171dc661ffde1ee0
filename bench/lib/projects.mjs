// Writes benchmark workloads out as mcp-gen projects (one descriptor file per tool), as a user's
// repository would hold them, and compiles built projects with tsc.
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { githubToolsFile, TSC_BIN, workPath } from "./paths.mjs";
import { runNode } from "./measure.mjs";

export function githubTools() {
  return JSON.parse(readFileSync(githubToolsFile(), "utf8")).tools;
}

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2023"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    types: ["node"],
    rootDir: "src",
    outDir: "dist",
  },
  include: ["src"],
};

function descriptorFile(dir, tool) {
  return join(dir, "tools", `${tool.name}.json`);
}

/**
 * A fresh project under bench/.work/<name>: tools/<tool>.json for every tool, a config and a
 * tsconfig (src → dist, so the generated code can be compiled and run). Projects live inside the
 * repository so that the generated code resolves @modelcontextprotocol/* from its node_modules.
 */
export async function writeProject(name, tools, serverName = name) {
  const dir = workPath(name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "tools"), { recursive: true });
  // A fresh clone has no build cache: what an earlier build of the same folder left (its cache, the
  // copies of its lock and validator modules) would let this build take its work over.
  await forgetBuildCache(dir);
  for (const tool of tools) writeFileSync(descriptorFile(dir, tool), `${JSON.stringify(tool, null, 2)}\n`);
  writeFileSync(join(dir, "mcp-gen.config.yaml"), `server:\n  name: ${serverName}\n  version: 1.0.0\n`);
  writeFileSync(join(dir, "tsconfig.json"), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  return dir;
}

/** Edits one descriptor the way a person would: its description changes (so its hash and its doc comments do). */
export function editDescriptor(dir, tool, revision) {
  const edited = { ...tool, description: `${tool.description ?? ""} (revision ${revision})`.trim() };
  writeFileSync(descriptorFile(dir, tool), `${JSON.stringify(edited, null, 2)}\n`);
}

/**
 * Adds an optional string property to `tool`'s inputSchema in its descriptor file (a new one per
 * revision): the commonest change to a tool's API, which changes its types and its validator.
 */
export function addSchemaProperty(dir, tool, revision) {
  const schema = tool.inputSchema ?? { type: "object" };
  const properties = { ...(schema.properties ?? {}), [`bench_revision_${revision}`]: { type: "string", description: `Added by revision ${revision}.` } };
  const edited = { ...tool, inputSchema: { ...schema, properties } };
  writeFileSync(descriptorFile(dir, tool), `${JSON.stringify(edited, null, 2)}\n`);
}

export function projectBytes(tools) {
  let bytes = 0;
  for (const tool of tools) bytes += Buffer.byteLength(JSON.stringify(tool));
  return bytes;
}

/**
 * tsc -p <dir> with the repository's TypeScript: src/generated + src/handlers → dist. Type errors
 * in generated code are a finding, not a reason to stop measuring: tsc still emits, and the
 * errors come back as a warning. Throws only when nothing runnable was emitted.
 */
export async function compileProject(dir) {
  const result = await runNode(TSC_BIN, ["-p", join(dir, "tsconfig.json")], { cwd: dir, label: `tsc -p ${dir}`, expectExit: null });
  if (result.exitCode === 0) return { warning: undefined };
  const errors = `${result.stdout}\n${result.stderr}`.split("\n").filter((line) => /error TS\d+/.test(line));
  if (!existsSync(join(dir, "dist", "generated", "server.js"))) throw new Error(`tsc -p ${dir} exited with ${result.exitCode} and emitted no server:\n${errors.slice(0, 10).join("\n")}`);
  return {
    warning: `the generated code of ${dir} does not type-check (${errors.length} tsc error${errors.length === 1 ? "" : "s"}; measured the JavaScript tsc emitted anyway), first: ${errors[0] ?? `exit ${result.exitCode}`}`,
  };
}

/**
 * Removes everything earlier builds of the project at `dir` left in its build cache folder: the
 * files mcp-gen names after its cache (buildCachePath, from dist/, which the bench builds first).
 */
export async function forgetBuildCache(dir) {
  const { buildCachePath } = await import("../../dist/incremental/build-cache.js");
  const cache = buildCachePath(realpathSync(dir));
  if (cache === undefined || !existsSync(dirname(cache))) return;
  const prefix = basename(cache).replace(/\.json$/, ".");
  for (const name of readdirSync(dirname(cache))) if (name.startsWith(prefix)) rmSync(join(dirname(cache), name), { recursive: true, force: true });
}
