// --cwd that names no folder (missing, or a file) is a usage error for every command that works in
// an existing project: exit 2 with the path named, never an internal error from deep inside.
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
