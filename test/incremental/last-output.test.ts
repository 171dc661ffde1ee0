// The last build's lock and validator modules copied beside the build cache
// (src/incremental/last-output.ts): copies, so that a file rewritten in place does not change them;
// trusted only for the hashes the cache's lock records; and a copy that cannot be made leaves
// nothing behind.
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { keepLastOutput, lastLockPath, lastOutputReader, readLastLock } from "../../src/incremental/last-output.js";
import { hashFileText } from "../../src/lock/sha256.js";
import type { LockFile } from "../../src/model/lock.js";
import { sha256Hex } from "../../src/lock/sha256.js";
import { tempProject } from "../support/temp-project.js";

const NO_FILES = { files: {} } as unknown as LockFile;
const PAST = new Date("2026-01-01T00:00:00Z");

describe("the last build's lock beside the cache", () => {
  it("is a copy: the lock rewritten in place later leaves it as it was", async () => {
    const root = tempProject({ "mcp-tools.lock.json": '{ "tools": {} }\n', "cache/0123456789abcdef.json": "{}\n" });
    const cachePath = join(root, "cache/0123456789abcdef.json");
    const lockFile = join(root, "mcp-tools.lock.json");
    await keepLastOutput(cachePath, root, lockFile, NO_FILES, []);
    expect(lastLockPath(cachePath)).toBe(join(root, "cache/0123456789abcdef.last-lock.json"));
    const kept = readFileSync(lastLockPath(cachePath));
    writeFileSync(lockFile, '{ "tools": { "edited": {} } }\n');
    expect(readFileSync(lastLockPath(cachePath))).toEqual(kept);
    expect(readLastLock(cachePath, sha256Hex(kept))).toEqual(kept);
    // Kept again: now the new text, with no temporary file left beside it.
    await keepLastOutput(cachePath, root, lockFile, NO_FILES, []);
    expect(readFileSync(lastLockPath(cachePath), "utf8")).toBe('{ "tools": { "edited": {} } }\n');
    expect(readdirSync(join(root, "cache")).sort()).toEqual(["0123456789abcdef.json", "0123456789abcdef.last-lock.json", "0123456789abcdef.last-modules"]);
  });

  it("is trusted only for the SHA-256 the cache records", async () => {
    const root = tempProject({ "mcp-tools.lock.json": "{}\n" });
    const cachePath = join(root, "0123456789abcdef.json");
    await keepLastOutput(cachePath, root, join(root, "mcp-tools.lock.json"), NO_FILES, []);
    expect(readLastLock(cachePath, sha256Hex(Buffer.from("{}\n")))).toBeDefined();
    expect(readLastLock(cachePath, sha256Hex(Buffer.from("{ }\n")))).toBeUndefined();
    expect(readLastLock(join(root, "none.json"), sha256Hex(Buffer.from("{}\n")))).toBeUndefined();
    expect(readLastLock(undefined, sha256Hex(Buffer.from("{}\n")))).toBeUndefined();
  });

  it("makes nothing, and leaves nothing, without a lock, a cache or a folder it can write in", async () => {
    const root = tempProject({ blocker: "" });
    const missing = { files: { "src/generated/validators/2020-12.ts": hashFileText("") } } as unknown as LockFile;
    await expect(keepLastOutput(join(root, "c", "0123456789abcdef.json"), root, join(root, "mcp-tools.lock.json"), missing, ["src/generated/validators/2020-12.ts"])).resolves.toBeUndefined();
    await expect(keepLastOutput(undefined, root, join(root, "blocker"), NO_FILES, [])).resolves.toBeUndefined();
    // The cache's folder cannot exist: a file stands where it would be.
    await expect(keepLastOutput(join(root, "blocker", "0123456789abcdef.json"), root, join(root, "blocker"), NO_FILES, ["blocker"])).resolves.toBeUndefined();
    expect(readdirSync(root).sort()).toEqual(["blocker", "c"]);
    expect(readdirSync(join(root, "c"))).toEqual(["0123456789abcdef.last-modules"]);
    expect(readdirSync(join(root, "c", "0123456789abcdef.last-modules"))).toEqual([]);
  });

  it("reads a validator module as the last build wrote it: on disk while it is, else its copy, else not at all", async () => {
    const module = "src/generated/validators/2020-12.ts";
    const written = "export const validateA = 1;\n";
    const root = tempProject({ [module]: written, "src/generated/validators/draft-07.ts": "export {};\n", "mcp-tools.lock.json": "{}\n" });
    const cachePath = join(root, "cache", "0123456789abcdef.json");
    const copies = join(root, "cache", "0123456789abcdef.last-modules");
    const lock = { files: { [module]: hashFileText(written), "src/generated/validators/draft-07.ts": hashFileText("export {};\n") } } as unknown as LockFile;
    await keepLastOutput(cachePath, root, join(root, "mcp-tools.lock.json"), lock, [module, "src/generated/validators/draft-07.ts"]);
    expect(readdirSync(copies)).toHaveLength(2);
    // A module no longer generated: its copy goes. One that did not change is not copied again.
    const [kept] = readdirSync(copies).filter((name) => readFileSync(join(copies, name), "utf8") === written);
    utimesSync(join(copies, kept!), PAST, PAST);
    await keepLastOutput(cachePath, root, join(root, "mcp-tools.lock.json"), lock, [module]);
    expect(readdirSync(copies)).toEqual([kept]);
    expect(statSync(join(copies, kept!)).mtime).toEqual(PAST);
    const disk = (text: string | undefined) => ({ text: () => text, hash: () => (text === undefined ? undefined : hashFileText(text)) });
    // On disk as written.
    expect(lastOutputReader(cachePath, lock, disk(written)).text(module)).toBe(written);
    // Replaced on disk (a teammate's module, pulled): the copy.
    const theirs = disk("export const validateB = 2;\n");
    expect(lastOutputReader(cachePath, lock, theirs).text(module)).toBe(written);
    expect(lastOutputReader(cachePath, lock, theirs).hash(module)).toBe(hashFileText(written));
    // A copy that is not what the lock records is not read; nor is anything without a cache.
    writeFileSync(join(copies, kept!), "export const validateA = 3;\n");
    expect(lastOutputReader(cachePath, lock, theirs).text(module)).toBeUndefined();
    expect(lastOutputReader(cachePath, lock, theirs).hash(module)).toBe(hashFileText("export const validateB = 2;\n"));
    expect(lastOutputReader(undefined, lock, theirs).text(module)).toBeUndefined();
    // A file the lock does not record: from disk, never from a copy.
    expect(lastOutputReader(cachePath, lock, theirs).text("src/generated/other.ts")).toBeUndefined();
  });
});
