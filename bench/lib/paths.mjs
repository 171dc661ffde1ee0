// Where things are: the repository, the bench folder, its scratch space and the corpus.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const REPO_DIR = dirname(BENCH_DIR);
/** Scratch space of a run: temporary projects, outputs, profiles. Git-ignored (bench/.gitignore). */
export const WORK_DIR = join(BENCH_DIR, ".work");
export const MCP_GEN_BIN = join(REPO_DIR, "bin", "mcp-gen.js");
export const TSC_BIN = join(REPO_DIR, "node_modules", "typescript", "bin", "tsc");
export const BENCH_MODULES = join(BENCH_DIR, "node_modules");

/** The tool corpus, inside the repository (test/data/corpus; its README gives sources and licences). */
export function corpusDir() {
  return join(REPO_DIR, "test", "data", "corpus");
}

export function githubToolsFile() {
  const file = join(corpusDir(), "bench", "github-rest-tools.json");
  if (!existsSync(file)) throw new Error(`The GitHub tool corpus is missing: ${file}.`);
  return file;
}

/** The GitHub REST OpenAPI document (from the @octokit/openapi baseline dependency). */
export const GITHUB_OPENAPI_FILE = join(BENCH_MODULES, "@octokit", "openapi", "generated", "api.github.com.json");
export const OPENAPI_TYPESCRIPT_BIN = join(BENCH_MODULES, "openapi-typescript", "bin", "cli.js");
export const OPENAPI_MCP_GENERATOR_BIN = join(BENCH_MODULES, "openapi-mcp-generator", "bin", "openapi-mcp-generator.js");

/** A path inside the scratch space; refuses anything else so cleanup can never reach outside it. */
export function workPath(...parts) {
  const path = resolve(WORK_DIR, ...parts);
  if (!path.startsWith(WORK_DIR + "/")) throw new Error(`not inside ${WORK_DIR}: ${path}`);
  return path;
}
