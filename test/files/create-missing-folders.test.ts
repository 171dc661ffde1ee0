// Scaffolds whose folder does not exist are created a folder at a time (staged, then renamed into
// place); a folder that appears in the meantime keeps every file it holds.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMissingFolder, planScaffoldCreation } from "../../src/files/create-missing-folders.js";
import type { GeneratedFile } from "../../src/model/generated-file.js";

let root = "";
beforeEach(() => void (root = mkdtempSync(join(tmpdir(), "mcp-gen-folders-"))));
afterEach(() => rmSync(root, { recursive: true, force: true }));

const file = (path: string): GeneratedFile => ({ path, contents: `// ${path}\n` });

/** Every entry below `dir`, folders with a trailing slash, sorted. */
function entries(dir: string, prefix = ""): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? [`${prefix}${entry.name}/`, ...entries(join(dir, entry.name), `${prefix}${entry.name}/`)] : [`${prefix}${entry.name}`]))
    .sort();
}

describe("planScaffoldCreation", () => {
  it("groups files under the highest folder that does not exist", () => {
    const files = [file("src/handlers/a.ts"), file("src/handlers/b.ts"), file("test/tools/a.test.ts"), file("test/tools/deep/b.test.ts")];
    const plan = planScaffoldCreation(root, files);
    expect(plan.folders.map(({ folder, files: below }) => [folder, below.map((f) => f.path)])).toEqual([
      ["src", ["src/handlers/a.ts", "src/handlers/b.ts"]],
      ["test", ["test/tools/a.test.ts", "test/tools/deep/b.test.ts"]],
    ]);
    expect(plan.loose).toEqual([]);
  });

  it("stops below a shared folder's parents: the generated folder's swap makes src/ at the same time", () => {
    const plan = planScaffoldCreation(root, [file("src/handlers/a.ts"), file("src/gen/x/b.ts")], ["src/gen"]);
    expect(plan.folders.map(({ folder }) => folder)).toEqual(["src/handlers"]);
    // Inside the shared folder itself nothing is created whole either.
    expect(plan.loose.map((f) => f.path)).toEqual(["src/gen/x/b.ts"]);
  });

  it("leaves files one by one where their folder exists, and files at the root", () => {
    mkdirSync(join(root, "src/handlers"), { recursive: true });
    const plan = planScaffoldCreation(root, [file("src/handlers/a.ts"), file("top.ts"), file("src/handlers/new/c.ts")]);
    expect(plan.folders.map(({ folder }) => folder)).toEqual(["src/handlers/new"]);
    expect(plan.loose.map((f) => f.path)).toEqual(["src/handlers/a.ts", "top.ts"]);
  });
});

describe("createMissingFolder", () => {
  it("creates the folder with every file, and leaves nothing beside it", () => {
    const files = [file("test/tools/a.test.ts"), file("test/tools/deep/b.test.ts")];
    expect(createMissingFolder(root, "test", files, new Set())).toEqual([true, true]);
    expect(entries(".")).toEqual(["test/", "test/tools/", "test/tools/a.test.ts", "test/tools/deep/", "test/tools/deep/b.test.ts"]);
    expect(readFileSync(join(root, "test/tools/deep/b.test.ts"), "utf8")).toBe("// test/tools/deep/b.test.ts\n");
  });

  it("a folder that appeared since with a user's file in it keeps that file; the others are created beside it", () => {
    mkdirSync(join(root, "src/handlers"), { recursive: true });
    writeFileSync(join(root, "src/handlers/a.ts"), "// mine\n");
    const made = createMissingFolder(root, "src/handlers", [file("src/handlers/a.ts"), file("src/handlers/b.ts")], new Set());
    expect(made).toEqual([false, true]);
    expect(readFileSync(join(root, "src/handlers/a.ts"), "utf8")).toBe("// mine\n");
    expect(entries("src")).toEqual(["handlers/", "handlers/a.ts", "handlers/b.ts"]);
  });

  it("a user's file deeper in a folder that appeared since is kept too", () => {
    mkdirSync(join(root, "test/tools"), { recursive: true });
    writeFileSync(join(root, "test/tools/a.test.ts"), "// mine\n");
    expect(createMissingFolder(root, "test", [file("test/tools/a.test.ts"), file("test/tools/b.test.ts")], new Set())).toEqual([false, true]);
    expect(readFileSync(join(root, "test/tools/a.test.ts"), "utf8")).toBe("// mine\n");
    expect(entries(".")).toEqual(["test/", "test/tools/", "test/tools/a.test.ts", "test/tools/b.test.ts"]);
  });

  it("a file where the folder should go is left alone, and the refusal is the one creating beside it gives", () => {
    writeFileSync(join(root, "test"), "not a folder\n");
    const [outcome] = createMissingFolder(root, "test", [file("test/a.ts")], new Set());
    expect(outcome).toMatchObject({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/) });
    expect(readFileSync(join(root, "test"), "utf8")).toBe("not a folder\n");
    expect(entries(".")).toEqual(["test"]);
  });
});
