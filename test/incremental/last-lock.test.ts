// The copy of the last build's lock beside the build cache (src/incremental/last-lock.ts): a copy,
// so that a lock rewritten in place does not change it; trusted only for the SHA-256 the cache
// records; and a copy that cannot be made leaves nothing behind.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { keepLastLock, lastLockPath, readLastLock } from "../../src/incremental/last-lock.js";
import { sha256Hex } from "../../src/lock/sha256.js";
import { tempProject } from "../support/temp-project.js";

describe("the last build's lock beside the cache", () => {
  it("is a copy: the lock rewritten in place later leaves it as it was", async () => {
    const root = tempProject({ "mcp-tools.lock.json": '{ "tools": {} }\n', "cache/0123456789abcdef.json": "{}\n" });
    const cachePath = join(root, "cache/0123456789abcdef.json");
    const lockFile = join(root, "mcp-tools.lock.json");
    await keepLastLock(cachePath, lockFile);
    expect(lastLockPath(cachePath)).toBe(join(root, "cache/0123456789abcdef.last-lock.json"));
    const kept = readFileSync(lastLockPath(cachePath));
    writeFileSync(lockFile, '{ "tools": { "edited": {} } }\n');
    expect(readFileSync(lastLockPath(cachePath))).toEqual(kept);
    expect(readLastLock(cachePath, sha256Hex(kept))).toEqual(kept);
    // Kept again: now the new text, with no temporary file left beside it.
    await keepLastLock(cachePath, lockFile);
    expect(readFileSync(lastLockPath(cachePath), "utf8")).toBe('{ "tools": { "edited": {} } }\n');
    expect(readdirSync(join(root, "cache")).sort()).toEqual(["0123456789abcdef.json", "0123456789abcdef.last-lock.json"]);
  });

  it("is trusted only for the SHA-256 the cache records", async () => {
    const root = tempProject({ "mcp-tools.lock.json": "{}\n" });
    const cachePath = join(root, "0123456789abcdef.json");
    await keepLastLock(cachePath, join(root, "mcp-tools.lock.json"));
    expect(readLastLock(cachePath, sha256Hex(Buffer.from("{}\n")))).toBeDefined();
    expect(readLastLock(cachePath, sha256Hex(Buffer.from("{ }\n")))).toBeUndefined();
    expect(readLastLock(join(root, "none.json"), sha256Hex(Buffer.from("{}\n")))).toBeUndefined();
    expect(readLastLock(undefined, sha256Hex(Buffer.from("{}\n")))).toBeUndefined();
  });

  it("makes nothing, and leaves nothing, without a lock, a cache or a folder it can write in", async () => {
    const root = tempProject({ blocker: "" });
    await expect(keepLastLock(join(root, "0123456789abcdef.json"), join(root, "mcp-tools.lock.json"))).resolves.toBeUndefined();
    await expect(keepLastLock(undefined, join(root, "blocker"))).resolves.toBeUndefined();
    // The cache's folder cannot exist: a file stands where it would be.
    await expect(keepLastLock(join(root, "blocker", "0123456789abcdef.json"), join(root, "blocker"))).resolves.toBeUndefined();
    expect(readdirSync(root)).toEqual(["blocker"]);
  });
});
