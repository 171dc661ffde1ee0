// Where the test data lives: test/data/spec (the MCP 2026-07-28 spec digest) and test/data/corpus
// (tool definitions captured from published servers), both inside the repository, so that a clone
// with nothing beside it runs every test (see test/data/README.md for sources and licences).
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dirname, "..", "..");
export const TEST_DATA_ROOT = join(REPO_ROOT, "test", "data");
const SPEC_DIR = join(TEST_DATA_ROOT, "spec");
const CORPUS_DIR = join(TEST_DATA_ROOT, "corpus");

export function specPath(relativePath: string): string {
  const path = join(SPEC_DIR, relativePath);
  if (!existsSync(path)) throw new Error(`Spec file ${path} not found in the repository's test data.`);
  return path;
}

export function corpusPath(relativePath: string): string {
  return join(CORPUS_DIR, relativePath);
}
