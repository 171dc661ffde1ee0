// replaceTree takes the files its caller found byte for byte on disk as they are: linked into the
// new tree (inode kept), never read again to compare; every other file is compared as before.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { recoverInterruptedBuild, replaceTree, stagingFolder, type TreeReplacement } from "../../src/incremental/replace-tree.js";
import { fitsStagingAhead, STAGE_AHEAD_MAX_CHARS } from "../../src/incremental/build-threads.js";
import { tempProject } from "../support/temp-project.js";

it("links the files the caller vouches for without reading them, and compares the others", async () => {
  const root = tempProject({ "gen/a.ts": "export const a = 1;\n", "gen/b.ts": "export const b = 1;\n", "gen/c.ts": "export const c = 1;\n", "lock.json": "{}\n" });
  const inode = (path: string) => statSync(join(root, path)).ino;
  const before = { a: inode("gen/a.ts"), b: inode("gen/b.ts") };
  const reads: string[] = [];
  const summary = await replaceTree({
    root,
    out: "gen",
    lock: "lock.json",
    files: [
      { path: "gen/a.ts", contents: "export const a = 1;\n" },
      { path: "gen/b.ts", contents: "export const b = 1;\n" },
      { path: "gen/c.ts", contents: "export const c = 2;\n" },
    ],
    drop: new Set(),
    lockBytes: [Buffer.from('{"v":2}\n')],
    read: (path) => {
      reads.push(path);
      return readFileSync(join(root, path), "utf8");
    },
    same: new Set(["gen/a.ts"]),
  });
  expect(summary.unchanged).toEqual(["gen/a.ts", "gen/b.ts"]);
  expect(summary.written).toEqual(["gen/c.ts"]);
  // a.ts is taken on the caller's word; b.ts and c.ts are compared by their text.
  expect(reads.sort()).toEqual(["gen/b.ts", "gen/c.ts"]);
  expect({ a: inode("gen/a.ts"), b: inode("gen/b.ts") }).toEqual(before);
  expect(readFileSync(join(root, "gen/c.ts"), "utf8")).toBe("export const c = 2;\n");
  expect(readFileSync(join(root, "lock.json"), "utf8")).toBe('{"v":2}\n');
});

it("writes a vouched path that is not in the old tree", async () => {
  // `same` speaks of files on disk: a path the folder lacks is written whatever the caller says.
  const root = tempProject({ "lock.json": "{}\n" });
  mkdirSync(join(root, "gen"));
  writeFileSync(join(root, "gen", "other.ts"), "// kept\n");
  const summary = await replaceTree({
    root,
    out: "gen",
    lock: "lock.json",
    files: [{ path: "gen/a.ts", contents: "export const a = 1;\n" }],
    drop: new Set(),
    lockBytes: [Buffer.from("{}\n")],
    same: new Set(["gen/a.ts"]),
  });
  expect(summary.written).toEqual(["gen/a.ts"]);
  expect(readFileSync(join(root, "gen/a.ts"), "utf8")).toBe("export const a = 1;\n");
  expect(readFileSync(join(root, "gen/other.ts"), "utf8")).toBe("// kept\n");
});

it("swaps in a generated folder staged ahead without writing its files again, then the lock", async () => {
  // A first build's worker wrote the whole folder into staging while the lock was rendered.
  const root = tempProject({ "lock.json": "{}\n" });
  const staging = stagingFolder(root, "gen");
  mkdirSync(join(staging, "tools"), { recursive: true });
  // The staged bytes stand for the file: replaceTree only renames the folder.
  writeFileSync(join(staging, "a.ts"), "// staged a\n");
  writeFileSync(join(staging, "tools", "b.ts"), "// staged b\n");
  let settled = false;
  const staged = new Promise<void>((resolve) => setTimeout(() => resolve(void (settled = true)), 20));
  const summary = await replaceTree({
    root,
    out: "gen",
    lock: "lock.json",
    files: [
      { path: "gen/a.ts", contents: "export const a = 1;\n" },
      { path: "gen/tools/b.ts", contents: "export const b = 1;\n" },
    ],
    drop: new Set(),
    lockBytes: [Buffer.from('{"v":2}\n')],
    staged,
  });
  expect(settled).toBe(true);
  expect(summary).toEqual({ written: ["gen/a.ts", "gen/tools/b.ts"], unchanged: [], removed: [] });
  expect(readFileSync(join(root, "gen/a.ts"), "utf8")).toBe("// staged a\n");
  expect(readFileSync(join(root, "gen/tools/b.ts"), "utf8")).toBe("// staged b\n");
  expect(readFileSync(join(root, "lock.json"), "utf8")).toBe('{"v":2}\n');
  expect(existsSync(staging)).toBe(false);
});

it("drops a staged copy when the generated folder appeared since, and writes the folder as usual", async () => {
  const root = tempProject({ "lock.json": "{}\n", "gen/other.ts": "// someone else's\n" });
  const staging = stagingFolder(root, "gen");
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, "a.ts"), "// staged a\n");
  const summary = await replaceTree({
    root,
    out: "gen",
    lock: "lock.json",
    files: [{ path: "gen/a.ts", contents: "export const a = 1;\n" }],
    drop: new Set(),
    lockBytes: [Buffer.from('{"v":2}\n')],
    staged: Promise.resolve(),
  });
  expect(summary.written).toEqual(["gen/a.ts"]);
  expect(readFileSync(join(root, "gen/a.ts"), "utf8")).toBe("export const a = 1;\n");
  expect(readFileSync(join(root, "gen/other.ts"), "utf8")).toBe("// someone else's\n");
  expect(existsSync(staging)).toBe(false);
});

it("stages a generated folder ahead only up to a size, since the worker's copy costs it again in memory", () => {
  const files = [
    { path: "gen/a.ts", contents: "x".repeat(600) },
    { path: "gen/b.ts", contents: "", pieces: [Buffer.alloc(500)] },
  ];
  expect(fitsStagingAhead(files, 1100)).toBe(true);
  expect(fitsStagingAhead(files, 1099)).toBe(false);
  // The GitHub corpus's 16 MB folder is staged; a 10,000-tool project's 300 MB is not.
  expect(STAGE_AHEAD_MAX_CHARS).toBeGreaterThanOrEqual(32 * 2 ** 20);
  expect(STAGE_AHEAD_MAX_CHARS).toBeLessThan(300 * 2 ** 20);
});

describe("a build stopped just before its output goes in (beforeCommit throws)", () => {
  /** Every file below `root` with its text. */
  const tree = (root: string) =>
    Object.fromEntries(
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => !entry.isDirectory())
        .map((entry) => {
          const path = join(entry.parentPath, entry.name);
          return [relative(root, path), readFileSync(path, "utf8")];
        }),
    );
  const many = (n: number, text: string) => Array.from({ length: n }, (_, i) => ({ path: `gen/f${i}.ts`, contents: `${text} ${i}\n` }));

  // Each way replaceTree writes: the whole folder swapped, a few files through the journal, only the
  // lock, and a folder staged ahead where there was none.
  const ways: [string, Record<string, string>, Partial<TreeReplacement>, boolean][] = [
    ["a new folder swapped in whole", { "lock.json": "{}\n", ...Object.fromEntries(many(80, "old").map((f) => [f.path, f.contents])) }, { files: many(80, "new") }, false],
    [
      "a few files through the journal",
      { "lock.json": "{}\n", ...Object.fromEntries(many(80, "old").map((f) => [f.path, f.contents])) },
      { files: [...many(80, "old").slice(1), { path: "gen/f0.ts", contents: "new 0\n" }] },
      false,
    ],
    ["only the lock", { "lock.json": "{}\n", "gen/a.ts": "a\n" }, { files: [{ path: "gen/a.ts", contents: "a\n" }] }, false],
    ["a folder staged ahead", { "lock.json": "{}\n" }, { files: [{ path: "gen/a.ts", contents: "// staged a\n" }] }, true],
  ];

  it.each(ways)("leaves the folder and the lock as they were: %s", async (_, files, replacement, ahead) => {
    const root = tempProject(files);
    const before = tree(root);
    if (ahead) {
      mkdirSync(stagingFolder(root, "gen"), { recursive: true });
      writeFileSync(join(stagingFolder(root, "gen"), "a.ts"), "// staged a\n");
    }
    let calls = 0;
    const stopped = new Error("stopped");
    const replacing = replaceTree({
      root,
      out: "gen",
      lock: "lock.json",
      files: [],
      drop: new Set(),
      lockBytes: [Buffer.from('{"v":2}\n')],
      ...(ahead ? { staged: Promise.resolve() } : {}),
      ...replacement,
      beforeCommit: async () => {
        calls++;
        throw stopped;
      },
    });
    await expect(replacing).rejects.toBe(stopped);
    expect(calls).toBe(1);
    // What was staged is left for the recovery, which takes it away; nothing else changed.
    await recoverInterruptedBuild(root, "gen", "lock.json");
    expect(tree(root)).toEqual(before);
    expect(existsSync(stagingFolder(root, "gen"))).toBe(false);
  });
});
