// --cwd that names no folder (missing, or a file) is a usage error for every command that works in
// an existing project: exit 2 with the path named, never an internal error from deep inside. So is a
// --config that names no file.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";

const COMMANDS: readonly (readonly string[])[] = [["build"], ["check"], ["validate"], ["diff"], ["verify", "--command", "node server.js"], ["watch"]];

describe("--cwd", () => {
  for (const command of COMMANDS) {
    it(`${command[0]}: a missing folder or a file is exit 2, naming it`, async () => {
      const root = tempProject({});
      const missing = await runInProcess(root, [...command, "--cwd", "nowhere"]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain(`--cwd: no folder ${JSON.stringify(join(root, "nowhere"))}.`);
      writeFileSync(join(root, "file.txt"), "not a folder\n");
      const file = await runInProcess(root, [...command, "--cwd", "file.txt"]);
      expect(file.code).toBe(2);
      expect(file.stderr).toContain("is not a folder.");
      expect(missing.stdout + file.stdout).toBe("");
    });
  }
});

// --config names the project (its folder is the root): one that names no file (missing, or a folder)
// is a usage error too, never a run on whatever project the current folder is.
const CONFIG_COMMANDS: readonly (readonly string[])[] = [...COMMANDS, ["import", "--command", "node server.js"], ["proxy"]];

describe("--config", () => {
  for (const command of CONFIG_COMMANDS) {
    it(`${command[0]}: a missing file or a folder is exit 2, naming it`, async () => {
      const root = tempProject({ "mcp-gen.config.yaml": "tools: [tools/*.yaml]\n" });
      // Before proxy's `--`, which hands the rest to the server.
      const run = (...args: string[]) => runInProcess(root, [...command, ...args, ...(command[0] === "proxy" ? ["--", "node", "server.js"] : [])]);
      const missing = await run("--config", "nowhere/mcp-gen.config.yaml");
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain(`--config: no file ${JSON.stringify(join(root, "nowhere/mcp-gen.config.yaml"))}.`);
      for (const [config, message] of [
        ["", "--config: the path is empty."],
        ["mcp-gen.config.yaml/", '--config: "mcp-gen.config.yaml/" ends with a slash, as a folder does; name the config file itself.'],
      ]) {
        const refused = await run(`--config=${config}`);
        expect(refused.code, `--config=${config}`).toBe(2);
        expect(refused.stderr).toContain(message);
      }
      const folder = await run("--config", ".");
      expect(folder.code).toBe(2);
      expect(folder.stderr).toContain(`--config: ${JSON.stringify(root)} is a folder, not a file.`);
      expect(missing.stdout + folder.stdout).toBe("");
    });
  }
});
