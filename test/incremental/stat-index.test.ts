// The stat index (src/incremental/stat-index.ts): a file's recorded hash stands only while its stat is the
// one recorded with it, recently written files are never recorded, and the index survives nothing
// but its own format. Real files in a temporary folder; `now` is passed where a test needs a file to
// count as settled without waiting.
import { readFileSync, renameSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config/config.js";
import { lockSummary, StatIndex, statIndexPath } from "../../src/incremental/stat-index.js";
import { hasStat, isSettled, readWithStat, statValues } from "../../src/files/read-with-stat.js";
import { generatorFingerprint } from "../../src/incremental/build-cache.js";
import { sha256Hex } from "../../src/lock/sha256.js";
import type { LockFile } from "../../src/model/lock.js";
import { tempProject } from "../support/temp-project.js";

const LATER = () => Date.now() + 60_000;

function indexed(root: string, path: string, text: string): StatIndex {
  const index = StatIndex.empty();
  writeFileSync(join(root, path), text);
  const read = readWithStat(join(root, path), LATER())!;
  expect(read.settled).toBe(true);
  index.record("generated", path, read, sha256Hex(read.bytes));
  return index;
}

describe("StatIndex", () => {
  it("gives the recorded hash while the file's stat is unchanged", () => {
    const root = tempProject({});
    const index = indexed(root, "a.ts", "export const a = 1;\n");
    expect(index.lookup("generated", "a.ts", join(root, "a.ts"))).toBe(sha256Hex("export const a = 1;\n"));
    // Another kind of hash of the same file is not the one recorded.
    expect(index.lookup("input", "a.ts", join(root, "a.ts"))).toBeUndefined();
  });

  it("misses after a same-size edit whose modification time was put back (the change time moves)", async () => {
    const root = tempProject({ "a.ts": "export const a = 1;\n" });
    // A time that survives utimes exactly (half a second past a whole one).
    utimesSync(join(root, "a.ts"), 1_700_000_000.5, 1_700_000_000.5);
    const index = StatIndex.empty();
    const read = readWithStat(join(root, "a.ts"), LATER())!;
    index.record("generated", "a.ts", read, sha256Hex(read.bytes));
    expect(index.lookup("generated", "a.ts", join(root, "a.ts"))).toBe(sha256Hex("export const a = 1;\n"));
    const before = statSync(join(root, "a.ts"));
    await new Promise((done) => setTimeout(done, 20));
    writeFileSync(join(root, "a.ts"), "export const a = 2;\n");
    utimesSync(join(root, "a.ts"), 1_700_000_000.5, 1_700_000_000.5);
    expect(statSync(join(root, "a.ts")).mtimeMs).toBe(before.mtimeMs);
    expect(statSync(join(root, "a.ts")).size).toBe(before.size);
    expect(index.lookup("generated", "a.ts", join(root, "a.ts"))).toBeUndefined();
    expect(index.hash("generated", "a.ts", join(root, "a.ts"), sha256Hex)).toBe(sha256Hex("export const a = 2;\n"));
  });

  it("misses after a file was replaced by a rename, and when it is gone or a folder", () => {
    const root = tempProject({ "dir/x": "" });
    const index = indexed(root, "a.ts", "one\n");
    writeFileSync(join(root, "b.ts"), "two\n");
    renameSync(join(root, "b.ts"), join(root, "a.ts"));
    expect(index.lookup("generated", "a.ts", join(root, "a.ts"))).toBeUndefined();
    expect(index.lookup("generated", "gone.ts", join(root, "gone.ts"))).toBeUndefined();
    expect(readWithStat(join(root, "dir"))).toBeUndefined();
    expect(readWithStat(join(root, "gone.ts"))).toBeUndefined();
  });

  it("does not record a file written moments ago, and forgets what it knew of it", () => {
    const root = tempProject({});
    const index = indexed(root, "a.ts", "one\n");
    writeFileSync(join(root, "a.ts"), "two\n");
    const fresh = readWithStat(join(root, "a.ts"))!;
    expect(fresh.settled).toBe(false);
    index.record("generated", "a.ts", fresh, sha256Hex(fresh.bytes));
    expect(index.lookup("generated", "a.ts", join(root, "a.ts"))).toBeUndefined();
  });

  it("counts whole-second times as settled only seconds later (coarse file systems)", () => {
    const now = Date.UTC(2026, 10, 29, 12, 0, 0);
    expect(isSettled({ mtimeMs: now - 500.25, ctimeMs: now - 500.25 }, now)).toBe(true);
    expect(isSettled({ mtimeMs: now - 50.25, ctimeMs: now - 500.25 }, now)).toBe(false);
    expect(isSettled({ mtimeMs: now - 1000, ctimeMs: now - 1000 }, now)).toBe(false);
    expect(isSettled({ mtimeMs: now - 4000, ctimeMs: now - 4000 }, now)).toBe(true);
  });

  it("saves and reads back hashes, the lock summary and a configuration; anything else reads as empty", async () => {
    const root = tempProject({});
    const path = statIndexPath(join(root, "cache", "0123.json"))!;
    expect(path).toBe(join(root, "cache", "0123.stat.json"));
    const index = indexed(root, "a.ts", "one\n");
    const lock = { generator: { version: "0.1.0" }, tools: { a: {}, b: {} }, inputs: { "tools/a.yaml": "1".repeat(64) }, files: { "a.ts": sha256Hex("one\n") } } as unknown as LockFile;
    index.rememberLock("f".repeat(64), lockSummary(lock));
    const config = {
      tools: ["tools/**/*.yaml"],
      out: "src/generated",
      handlers: "src/handlers",
      tests: "test/tools",
      lock: "mcp-tools.lock.json",
      target: "sdk-v2",
      server: { name: "x" },
      load: { maxDepth: 64 },
      preset: "strict",
      rules: new Map(),
      packageJson: { name: "x" },
    } as unknown as Config;
    index.rememberConfig("k", config);
    index.rememberConfig("with-rules", { ...config, rules: new Map([["x", { severity: "off" }]]) } as unknown as Config);
    await index.save(path);
    const again = StatIndex.read(path);
    expect(again.lookup("generated", "a.ts", join(root, "a.ts"))).toBe(sha256Hex("one\n"));
    expect(again.lockSummary("f".repeat(64))).toEqual({ version: "0.1.0", tools: 2, inputs: lock.inputs, files: lock.files });
    expect(again.config("k")).toEqual(config);
    expect(again.config("k")?.rules).toBeInstanceOf(Map);
    expect(again.config("with-rules")).toBeUndefined();
    // A configuration remembered before presets existed names none: it is read again, not trusted.
    const older = StatIndex.empty();
    older.rememberConfig("k", { ...config, preset: undefined } as unknown as Config);
    await older.save(path);
    expect(StatIndex.read(path).config("k")).toBeUndefined();
    for (const text of ["{ not json", "[]", JSON.stringify({ version: 99, hashes: {}, locks: {} }), ""]) {
      writeFileSync(path, text);
      expect(StatIndex.read(path).lookup("generated", "a.ts", join(root, "a.ts"))).toBeUndefined();
    }
    expect(StatIndex.read(undefined).lockSummary("f".repeat(64))).toBeUndefined();
  });

  it("gives generatorFingerprint mcp-gen's file hashes: the same fingerprint, its files remembered, another copy's forgotten", async () => {
    const index = StatIndex.empty();
    const otherCopy = join(tempProject({ "dist/bundle/main.js": "export {};\n" }), "dist", "bundle", "main.js");
    const read = readWithStat(otherCopy, LATER())!;
    index.record("mcp-gen", otherCopy, read, sha256Hex(read.bytes));
    const plain = generatorFingerprint();
    expect(plain).toMatch(/^[0-9a-f]{64}$/);
    expect(generatorFingerprint(index)).toBe(plain);
    const path = join(tempProject({}), "index.stat.json");
    await index.save(path);
    const saved = StatIndex.read(path);
    expect(readFileSync(path, "utf8")).toMatch(/"mcp-gen\\u0000[^"]*build-cache\.ts"/);
    expect(readFileSync(path, "utf8")).not.toContain(otherCopy);
    expect(generatorFingerprint(saved)).toBe(plain);
  });

  it("drops entries of files no longer read, and writes nothing when nothing changed", async () => {
    const root = tempProject({});
    const path = join(root, "index.stat.json");
    const index = indexed(root, "a.ts", "one\n");
    const b = (writeFileSync(join(root, "b.ts"), "two\n"), readWithStat(join(root, "b.ts"), LATER())!);
    index.record("generated", "b.ts", b, sha256Hex(b.bytes));
    index.retain("generated", ["b.ts"]);
    await index.save(path);
    const saved = readFileSync(path, "utf8");
    expect(saved).not.toContain("a.ts");
    expect(saved).toContain("b.ts");
    writeFileSync(path, saved.replace("\n", " \n"));
    await StatIndex.read(path).save(path);
    expect(readFileSync(path, "utf8")).toBe(saved.replace("\n", " \n"));
  });

  it("saves the latest lock's files with the stats that vouch for the lock's hashes, and only when every generated file has one", async () => {
    const root = tempProject({});
    const path = join(root, "index.stat.json");
    const settled = (file: string, text: string) => (writeFileSync(join(root, file), text), readWithStat(join(root, file), LATER())!);
    const index = StatIndex.empty();
    const lockRead = settled("mcp-tools.lock.json", "{}\n");
    const lockHash = sha256Hex("{}\n");
    index.record("lock", "mcp-tools.lock.json", lockRead, lockHash);
    const a = settled("a.ts", "one\n");
    index.record("generated", "a.ts", a, sha256Hex("one\n"));
    const tool = settled("t.json", "{}");
    index.record("input", "t.json", tool, "1".repeat(64));
    const lock = {
      generator: { version: "0.1.0" },
      tools: { t: {} },
      inputs: { "t.json": "1".repeat(64), "mcp-gen.config.yaml": "2".repeat(64) },
      files: { "a.ts": sha256Hex("one\n") },
    } as unknown as LockFile;
    index.rememberLock(lockHash, lockSummary(lock));
    await index.save(path);
    const again = StatIndex.read(path);
    expect(again.vouchedLock()).toEqual({
      lock: ["mcp-tools.lock.json", statValues(lockRead.stat), lockHash],
      version: "0.1.0",
      tools: 1,
      inputs: { "t.json": statValues(tool.stat) },
      texts: { "mcp-gen.config.yaml": "2".repeat(64) },
      files: { "a.ts": statValues(a.stat) },
    });
    // The first line stands without the second: the hashes are read only when asked for.
    const [head, body] = readFileSync(path, "utf8").split("\n");
    writeFileSync(path, `${head}\n{ not json\n`);
    const headOnly = StatIndex.read(path);
    expect(headOnly.vouchedLock()).toEqual(again.vouchedLock());
    expect(headOnly.lookup("generated", "a.ts", join(root, "a.ts"))).toBeUndefined();
    writeFileSync(path, `${head}\n${body}\n`);
    expect(StatIndex.read(path).lookup("generated", "a.ts", join(root, "a.ts"))).toBe(sha256Hex("one\n"));
    // A generated file whose recorded hash is not the lock's: nothing vouched for.
    index.record("generated", "a.ts", a, "3".repeat(64));
    await index.save(path);
    expect(StatIndex.read(path).vouchedLock()).toBeUndefined();
    // The numbers stand for the fingerprint: the file matches them until its stat changes.
    expect(hasStat(join(root, "a.ts"), statValues(a.stat)!)).toBe(true);
    expect(statValues(a.stat)!.join(":")).toBe(a.stat);
    writeFileSync(join(root, "a.ts"), "two\n");
    expect(hasStat(join(root, "a.ts"), statValues(a.stat)!)).toBe(false);
    writeFileSync(join(root, "a.ts"), "one\n");
    expect(hasStat(join(root, "gone.ts"), statValues(a.stat)!)).toBe(false);
    expect(statValues("1:2:3")).toBeUndefined();
  });

  it("writes its first line again when the one on disk cannot be read, though nothing else changed", async () => {
    const root = tempProject({});
    const path = join(root, "index.stat.json");
    const settled = (file: string, text: string) => (writeFileSync(join(root, file), text), readWithStat(join(root, file), LATER())!);
    const index = StatIndex.empty();
    const lockRead = settled("mcp-tools.lock.json", "{}\n");
    const lockHash = sha256Hex("{}\n");
    index.record("lock", "mcp-tools.lock.json", lockRead, lockHash);
    const a = settled("a.ts", "one\n");
    index.record("generated", "a.ts", a, sha256Hex("one\n"));
    const lock = { generator: { version: "0.1.0" }, tools: {}, inputs: {}, files: { "a.ts": sha256Hex("one\n") } } as unknown as LockFile;
    index.rememberLock(lockHash, lockSummary(lock));
    await index.save(path);
    const vouched = StatIndex.read(path).vouchedLock();
    expect(vouched).toBeDefined();
    // A first line an earlier mcp-gen wrote (stats as fingerprint strings where this one keeps
    // numbers): unreadable, so check's fast path falls back to the hashes in the second line, which
    // answer as before and change nothing. Without a rewrite, every later check took that way.
    const [head, body] = readFileSync(path, "utf8").split("\n");
    const older = JSON.parse(head!) as { vouched: { lock: unknown[]; files: Record<string, unknown> } };
    older.vouched.lock[1] = lockRead.stat;
    older.vouched.files["a.ts"] = a.stat;
    writeFileSync(path, `${JSON.stringify(older)}\n${body}\n`);
    const reread = StatIndex.read(path);
    expect(reread.vouchedLock()).toBeUndefined();
    expect(reread.lookup("generated", "a.ts", join(root, "a.ts"))).toBe(sha256Hex("one\n"));
    await reread.save(path);
    expect(StatIndex.read(path).vouchedLock()).toEqual(vouched);
    // A first line that reads as it should is not written again by a run that changed nothing.
    const written = statSync(path).mtimeMs;
    utimesSync(path, 1_700_000_000, 1_700_000_000);
    await StatIndex.read(path).save(path);
    expect(statSync(path).mtimeMs).toBe(1_700_000_000_000);
    expect(written).toBeGreaterThan(0);
  });
});
