// A named pipe (FIFO) where mcp-gen reads a file: opening one for reading waits for a writer, and
// none comes, so a `$ref` to a FIFO hung validate, and a FIFO at the lock, package.json or
// tsconfig.json hung build, for ever. Every such read now opens without waiting (src/files/read-now.ts):
// the command ends, with a diagnostic where the file matters. Run as child processes with a time
// limit, since a hung synchronous read would take the test runner's thread with it.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";
import { tempProject } from "../support/temp-project.js";

const BIN = join(REPO_ROOT, "bin", "mcp-gen.js");
const TOOL = "name: ping\ndescription: Answers.\ninputSchema:\n  type: object\n  properties:\n    a: { $ref: '../schemas/shared.json' }\n  additionalProperties: false\n";

function mcpGen(root: string, command: string) {
  const run = spawnSync(process.execPath, [BIN, command], { cwd: root, encoding: "utf8", timeout: 30_000 });
  return { code: run.status, signal: run.signal, output: `${run.stdout}${run.stderr}` };
}

function makeFifo(path: string): void {
  rmSync(path, { force: true });
  const made = spawnSync("mkfifo", [path]);
  if (made.status !== 0) throw new Error(`mkfifo ${path} failed: ${made.stderr}`);
}

describe.skipIf(process.platform === "win32")("named pipes where files are read", () => {
  it("a $ref to a named pipe is reported, not waited on", () => {
    const root = tempProject({ "tools/ping.yaml": TOOL, "schemas/README.md": "" });
    makeFifo(join(root, "schemas", "shared.json"));
    const run = mcpGen(root, "validate");
    expect(run.signal, run.output).toBeNull();
    expect(run.code).toBe(1);
    expect(run.output).toContain('names "schemas/shared.json", which is not a regular file (a named pipe, socket or device).');
  });

  it.each(["mcp-tools.lock.json", "package.json", "tsconfig.json", "mcp-gen.config.yaml"])("build and check end with %s a named pipe", (victim) => {
    const root = tempProject({
      "tools/ping.yaml": TOOL,
      "schemas/shared.json": '{ "type": "string" }\n',
      "mcp-gen.config.yaml": "server:\n  name: ping\n",
      "package.json": '{ "name": "p", "type": "module" }\n',
      "tsconfig.json": "{}\n",
    });
    expect(mcpGen(root, "build").code).toBe(0);
    makeFifo(join(root, victim));
    for (const command of ["build", "check"]) {
      const run = mcpGen(root, command);
      expect(run.signal, `${command}: ${run.output}`).toBeNull();
      expect(run.code === 0 || run.code === 1, `${command}: ${run.output}`).toBe(true);
      expect(run.output).not.toMatch(/\n\s+at .+:\d+:\d+/);
    }
  });
});
