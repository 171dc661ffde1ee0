// The repository is self-contained: a clone with nothing beside it runs `npm test` and `npm run bench`
// (fresh-clone CI proves it end to end; this finds a new path out of the repository before CI does).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./support/spec-paths.js";

/** Source files of the tests, the bench and the build scripts (not fixtures, data or generated projects). */
function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(REPO_ROOT, folder), { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || /[\\/](node_modules|fixtures|data|\.work)[\\/]/.test(path)) continue;
    if (/\.(ts|mts|mjs|js|json|sh)$/.test(entry.name)) files.push(path);
  }
  return files;
}

describe("the repository is self-contained", () => {
  it("no test, bench, script or CI file names a folder beside the repository", () => {
    const files = [...sourceFiles("test"), ...sourceFiles("bench"), ...sourceFiles("scripts"), ...sourceFiles(".ci"), join(REPO_ROOT, "package.json"), join(REPO_ROOT, "vitest.config.ts")];
    const outside = files.filter((file) => /\.\.\/+shared\b|\/shared\/(spec|corpus)\b|MCP_(SPEC|CORPUS)_DIR/.test(readFileSync(file, "utf8")));
    expect(outside.map((file) => relative(REPO_ROOT, file))).toEqual([]);
  });
});
