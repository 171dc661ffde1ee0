// The file handling under `mcp-gen wrap` and `unwrap`: a file system that refuses a write is a usage
// error naming the file, with whatever was written already put back. The file that cannot be written
// is stood in for by a path under a regular file, or a folder where the config should be: these tests
// run as root, whom permissions do not stop.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/cli/args.js";
import { backupChange, configChange, writeChanges, type HostConfigFile } from "../../src/cli/host-config-file.js";
import { tempProject } from "../support/temp-project.js";

/** A config file as wrap read it, at `real`, with its backup at `backupPath`. */
function configFile(real: string, backupPath: string, backupText: string | undefined): HostConfigFile {
  return { path: real, real, text: "{}", mode: 0o644, backupPath, backupText };
}

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
