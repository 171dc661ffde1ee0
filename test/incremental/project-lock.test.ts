// The lock file that keeps two builds out of one project, and two wraps off one host config: held, it
// refuses a second acquirer and names the owner; released, it is free; left by a process that is gone
// (killed with -9), it is taken over. It never exists without its owner's pid in it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireLockFile, type WriteNewFile } from "../../src/incremental/project-lock.js";
import { tempProject } from "../support/temp-project.js";

describe("acquireLockFile", () => {
  it("refuses a second acquirer while held, naming the owner; free again once released", async () => {
    const root = tempProject({});
    const path = join(root, "config.json.lock");
    const first = await acquireLockFile(path);
    expect(first.ok).toBe(true);
    expect(readFileSync(path, "utf8")).toBe(String(process.pid));
    expect(await acquireLockFile(path)).toEqual({ ok: false, owner: process.pid });
    if (first.ok) await first.release();
    expect(existsSync(path)).toBe(false);
    const again = await acquireLockFile(path);
    expect(again.ok).toBe(true);
    if (again.ok) await again.release();
    // No temporary file is left beside it.
    expect(readdirSync(root)).toEqual([]);
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const root = tempProject({});
    const path = join(root, "config.json.lock");
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(path, String(gone));
    const taken = await acquireLockFile(path);
    expect(taken.ok).toBe(true);
    expect(readFileSync(path, "utf8")).toBe(String(process.pid));
    if (taken.ok) await taken.release();
    expect(readdirSync(root)).toEqual([]);
  });

  it("of many acquirers taking over a stale lock at once, exactly one holds it", async () => {
    const root = tempProject({});
    const gone = String(spawnSync(process.execPath, ["-e", ""]).pid);
    // A race that went wrong about once in 20 rounds when a stale lock was removed by name.
    for (let round = 0; round < 40; round++) {
      const path = join(root, `config.json.${round}.lock`);
      writeFileSync(path, gone);
      const attempts = await Promise.all(Array.from({ length: 8 }, () => acquireLockFile(path)));
      expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(1);
      expect(readFileSync(path, "utf8")).toBe(String(process.pid));
    }
  });

  it("leaves no temporary file when the disk fills as it writes the pid, taking the lock or taking it over", async () => {
    // As a full disk fails: the file is created, its write is refused (from the `from`-th write on).
    const fullDiskFrom = (from: number): WriteNewFile => {
      let writes = 0;
      return async (path, text, options) => {
        if (++writes < from) return writeFile(path, text, options);
        await writeFile(path, "", options);
        throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: "ENOSPC" });
      };
    };
    const root = tempProject({});
    const path = join(root, ".mcp-gen.pid");
    await expect(acquireLockFile(path, fullDiskFrom(1))).rejects.toMatchObject({ code: "ENOSPC" });
    expect(readdirSync(root)).toEqual([]);
    // A stale lock: the first write is the lock's (refused by link), the second the takeover's claim, the third the new pid.
    const gone = String(spawnSync(process.execPath, ["-e", ""]).pid);
    writeFileSync(path, gone);
    await expect(acquireLockFile(path, fullDiskFrom(3))).rejects.toMatchObject({ code: "ENOSPC" });
    expect(readdirSync(root)).toEqual([".mcp-gen.pid"]);
    expect(readFileSync(path, "utf8")).toBe(gone);
  });
});
