// Where the shared MCP spec digest lives: ../shared/spec next to the repository (as in CI), or the
// folder MCP_SPEC_DIR names.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dirname, "..", "..");
export const SHARED_ROOT = resolve(REPO_ROOT, "..", "shared");
const SPEC_DIR = process.env.MCP_SPEC_DIR ?? join(SHARED_ROOT, "spec");

export function specPath(relativePath: string): string {
  const path = join(SPEC_DIR, relativePath);
  if (!existsSync(path)) throw new Error(`Spec file ${path} not found; set MCP_SPEC_DIR to the spec digest folder.`);
  return path;
}

export function corpusPath(relativePath: string): string {
  return join(process.env.MCP_CORPUS_DIR ?? join(SHARED_ROOT, "corpus"), relativePath);
}
