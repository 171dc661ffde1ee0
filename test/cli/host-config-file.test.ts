// The file handling under `mcp-gen wrap` and `unwrap`: one run at a time holds a config's lock (a
// second waits for it, or gives up with a usage error naming the lock), and a file system that refuses
// a write is a usage error naming the file or folder, with whatever was written already put back. The
// folder that cannot be written is stood in for by a path under a regular file, or a folder where the
// config should be: these tests run as root, whom permissions do not stop.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/cli/args.js";
import { backupChange, CONFIG_LOCK_SUFFIX, configChange, lockHostConfig, withHostConfig, writeChanges, type HostConfigFile } from "../../src/cli/host-config-file.js";
import { tempProject } from "../support/temp-project.js";

/** A config file as wrap read it, at `real`, with its backup at `backupPath`. */
function configFile(real: string, backupPath: string, backupText: string | undefined): HostConfigFile {
  return { path: real, real, text: "{}", mode: 0o644, backupPath, backupText };
}

describe("the lock of a host's config", () => {
  it("makes a second run wait until the first releases it, then lets it in", async () => {
    const root = tempProject({ "mcp.json": "{}" });
    const real = join(root, "mcp.json");
    const first = await lockHostConfig(real, "mcp.json", 0);
    expect(readFileSync(`${real}${CONFIG_LOCK_SUFFIX}`, "utf8")).toBe(String(process.pid));
    const order: string[] = [];
    const second = lockHostConfig(real, "mcp.json", 10_000).then((release) => (order.push("second"), release));
    await new Promise((r) => setTimeout(r, 200));
    order.push("first released");
    await first();
    await (await second)();
    expect(order).toEqual(["first released", "second"]);
    expect(existsSync(`${real}${CONFIG_LOCK_SUFFIX}`)).toBe(false);
  });

  it("gives up after its patience with a usage error naming the lock, and the holder keeps it", async () => {
    const root = tempProject({ "mcp.json": "{}" });
    const real = join(root, "mcp.json");
    const release = await lockHostConfig(real, "mcp.json", 0);
    const refused = await lockHostConfig(real, "mcp.json", 100).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as Error).message).toBe(
      `"mcp.json" is being rewritten by another mcp-gen (pid ${process.pid}); nothing was changed. Run this again once it is done (if no mcp-gen runs, remove ${JSON.stringify(`${real}${CONFIG_LOCK_SUFFIX}`)}).`,
    );
    expect(readFileSync(`${real}${CONFIG_LOCK_SUFFIX}`, "utf8")).toBe(String(process.pid));
    await release();
  });

  it("is released when the work fails", async () => {
    const root = tempProject({ "mcp.json": "{}" });
    await expect(withHostConfig(join(root, "mcp.json"), async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(existsSync(join(root, `mcp.json${CONFIG_LOCK_SUFFIX}`))).toBe(false);
  });

  it("is a usage error naming the folder when the folder cannot be written", async () => {
    const root = tempProject({ "plain.txt": "not a folder" });
    const refused = await lockHostConfig(join(root, "plain.txt", "mcp.json"), "mcp.json", 0).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as Error).message).toBe(
      `--client-config: cannot write in ${JSON.stringify(join(root, "plain.txt"))} (ENOTDIR: the file system refused it); wrap and unwrap write "mcp.json", its backup and a lock file in that folder; nothing was changed.`,
    );
  });
});

describe("writing the config and its backup", () => {
  it("a write the file system refuses is a usage error naming the file, and the backup written before it is put back", async () => {
    const root = tempProject({ "config.json.mcp-gen-wrap.json": "the backup before" });
    // A folder where the config should be: renaming the new text over it fails (EISDIR).
    mkdirSync(join(root, "config.json"));
    writeFileSync(join(root, "config.json", "keep"), "");
    const file = configFile(join(root, "config.json"), join(root, "config.json.mcp-gen-wrap.json"), "the backup before");
    const refused = await writeChanges([backupChange(file, "the backup after"), configChange(file, "{}")]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as Error).message).toBe(`--client-config: cannot write ${JSON.stringify(join(root, "config.json"))} (EISDIR: the file system refused it); nothing was changed.`);
    expect(readFileSync(join(root, "config.json.mcp-gen-wrap.json"), "utf8")).toBe("the backup before");
  });

  it("a backup that did not exist before is removed again", async () => {
    const root = tempProject({ "plain.txt": "not a folder" });
    const file = configFile(join(root, "plain.txt", "config.json"), join(root, "config.json.mcp-gen-wrap.json"), undefined);
    const refused = await writeChanges([backupChange(file, "new backup"), configChange(file, "{}")]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as Error).message).toContain(`cannot write ${JSON.stringify(join(root, "plain.txt", "config.json"))} (`);
    expect(existsSync(join(root, "config.json.mcp-gen-wrap.json"))).toBe(false);
  });
});
