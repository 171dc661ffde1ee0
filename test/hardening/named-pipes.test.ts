// A named pipe (FIFO) where mcp-gen reads a file: opening one for reading waits for a writer, and
// none comes, so a `$ref` to a FIFO hung validate, a FIFO at the lock, package.json or
// tsconfig.json hung build, and one at a generated file or in the build cache hung check, for ever.
// Every such read now opens without waiting (src/files/read-now.ts), and a FIFO where a build
// writes a generated file is refused before anything is read (src/cli/confine-paths.ts): the command
// ends, with a diagnostic where the file matters. Run as child processes with a time limit, since a
// hung synchronous read would take the test runner's thread with it.
import { spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileCli } from "../support/compiled-cli.js";
import { tempProject } from "../support/temp-project.js";

const work = mkdtempSync(join(tmpdir(), "mcp-gen-pipes-"));
let cli = "";

beforeAll(() => {
  cli = compileCli(work);
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const TOOL = "name: ping\ndescription: Answers.\ninputSchema:\n  type: object\n  properties:\n    a: { $ref: '../schemas/shared.json' }\n  additionalProperties: false\n";

function mcpGen(root: string, ...argv: string[]) {
  const run = spawnSync(process.execPath, [cli, ...argv], { cwd: root, encoding: "utf8", timeout: 30_000 });
  return { code: run.status, signal: run.signal, output: `${run.stdout}${run.stderr}` };
}

function makeFifo(path: string): void {
  rmSync(path, { force: true });
  const made = spawnSync("mkfifo", [path]);
  if (made.status !== 0) throw new Error(`mkfifo ${path} failed: ${made.stderr}`);
}

/** Leaves a socket file at `path`: a server bound there and closed without removing it. */
function makeSocket(path: string): void {
  rmSync(path, { recursive: true, force: true });
  const made = spawnSync(process.execPath, ["-e", `require("net").createServer().listen(${JSON.stringify(path)}, () => process.exit(0))`], { timeout: 10_000 });
  if (made.status !== 0 || !lstatSync(path).isSocket()) throw new Error(`no socket at ${path}: ${made.stderr}`);
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
      // A config that is a pipe is the config's error (exit 2), saying what it is; so is a lock, which
      // a build would replace; the others are read as empty.
      if (victim === "mcp-gen.config.yaml") {
        expect(run.code, `${command}: ${run.output}`).toBe(2);
        expect(run.output, command).toContain("The config mcp-gen.config.yaml is a named pipe (FIFO), not a file");
      } else if (victim === "mcp-tools.lock.json") {
        expect(run.code, `${command}: ${run.output}`).toBe(2);
        expect(run.output, command).toContain(
          "mcp-tools.lock.json:1:1 error output-path-unsafe mcp-tools.lock.json is a named pipe (FIFO), so lock (mcp-tools.lock.json) cannot be a file; mcp-gen neither reads it nor writes over it.",
        );
        expect(run.output, command).toContain("hint: Move it away, or point the setting at a file.");
        expect(lstatSync(join(root, victim)).isFIFO(), `${command} left the pipe in place`).toBe(true);
      } else {
        // Ignored as one that is no JSON is, and said so.
        if (victim === "package.json") expect(run.output, command).toContain("warning package-json-invalid package.json is a named pipe (FIFO), not a file; mcp-gen ignores it");
        expect([0, 1], `${command}: ${run.output}`).toContain(run.code);
      }
      expect(run.output).not.toMatch(/\n\s+at .+:\d+:\d+/);
    }
  });

  it("a descriptor the tools glob matches that is a named pipe is reported by validate, build and check (fast and --full), never opened", () => {
    // node_modules/ gives the project a build cache, so check takes its fast path first.
    const root = tempProject({ "tools/ping.yaml": TOOL, "schemas/shared.json": '{ "type": "string" }\n' });
    mkdirSync(join(root, "node_modules"));
    expect(mcpGen(root, "build").code).toBe(0);
    makeFifo(join(root, "tools", "pipe.yaml"));
    // A link to another pipe, outside the globs (a link to tools/pipe.yaml is that file again, listed once).
    mkdirSync(join(root, "fifos"));
    makeFifo(join(root, "fifos", "other.yaml"));
    symlinkSync(join("..", "fifos", "other.yaml"), join(root, "tools", "linked.yaml"));
    for (const argv of [["validate"], ["check"], ["check", "--full"], ["build"], ["check"]]) {
      const run = mcpGen(root, ...argv);
      const what = `${argv.join(" ")}: ${run.output}`;
      expect(run.signal, what).toBeNull();
      expect(run.code, what).toBe(1);
      for (const [file, is] of [
        ["tools/pipe.yaml", "a named pipe (FIFO)"],
        ["tools/linked.yaml", "a symbolic link to a named pipe (FIFO)"],
      ]) {
        expect(run.output, what).toContain(`${file}:1:1 error load-not-a-file ${file} is ${is}, not a descriptor file, though a tools glob matches it; mcp-gen does not open it.`);
      }
      expect(run.output, what).toContain("hint: Replace it with the descriptor file, or move it out of the folders the tools globs in mcp-gen.config.yaml match.");
      expect(run.output).not.toMatch(/\n\s+at .+:\d+:\d+/);
    }
  });

  it("verify names a lock that is a named pipe, a socket or a folder, and reads nothing from it", () => {
    const root = tempProject({ "tools/ping.yaml": TOOL, "schemas/shared.json": '{ "type": "string" }\n', "answer.json": '{ "tools": [] }\n' });
    const lock = join(root, "mcp-tools.lock.json");
    const makers: [string, () => void][] = [
      ["a named pipe (FIFO)", () => makeFifo(lock)],
      ["a socket", () => makeSocket(lock)],
      ["a folder", () => (rmSync(lock, { force: true }), mkdirSync(lock))],
    ];
    for (const [what, make] of makers) {
      make();
      const run = mcpGen(root, "verify", "--file", "answer.json");
      expect(run.signal, `${what}: ${run.output}`).toBeNull();
      expect(run.code, `${what}: ${run.output}`).toBe(1);
      expect(run.output).toContain(`mcp-tools.lock.json:1:1 error lock-invalid mcp-tools.lock.json is ${what}, not a lock file; verify reads nothing from it.`);
      expect(run.output).not.toMatch(/\n\s+at .+:\d+:\d+/);
      rmSync(lock, { recursive: true, force: true });
    }
  });

  it("build and check refuse a socket where the lock goes, and leave it", () => {
    const root = tempProject({ "tools/ping.yaml": TOOL, "schemas/shared.json": '{ "type": "string" }\n' });
    makeSocket(join(root, "mcp-tools.lock.json"));
    for (const command of ["build", "check"]) {
      const run = mcpGen(root, command);
      expect(run.code, `${command}: ${run.output}`).toBe(2);
      expect(run.output).toContain("mcp-tools.lock.json:1:1 error output-path-unsafe mcp-tools.lock.json is a socket, so lock (mcp-tools.lock.json) cannot be a file");
      expect(lstatSync(join(root, "mcp-tools.lock.json")).isSocket(), `${command} left the socket in place`).toBe(true);
    }
  });

  it("check (fast, --full, and without the cache) and build name a generated file that is a named pipe", () => {
    // node_modules/ gives the project a build cache, which check's fast path reads.
    const root = tempProject({ "tools/ping.yaml": TOOL, "schemas/shared.json": '{ "type": "string" }\n' });
    mkdirSync(join(root, "node_modules"));
    expect(mcpGen(root, "build").code).toBe(0);
    makeFifo(join(root, "src", "generated", "tools.ts"));
    const runs = {
      check: mcpGen(root, "check"),
      "check --full": mcpGen(root, "check", "--full"),
      build: mcpGen(root, "build"),
      "check without a cache": (rmSync(join(root, "node_modules", ".cache"), { recursive: true }), mcpGen(root, "check")),
    };
    for (const [what, run] of Object.entries(runs)) {
      expect(run.signal, `${what}: ${run.output}`).toBeNull();
      expect(run.code, `${what}: ${run.output}`).toBe(2);
      expect(run.output).toContain("src/generated/tools.ts:1:1 error output-path-unsafe src/generated/tools.ts is not a regular file (a named pipe, socket or device)");
      expect(run.output).not.toMatch(/\n\s+at .+:\d+:\d+/);
    }
  });

  it("check and build take a named pipe in the build cache for no cache", () => {
    const root = tempProject({ "tools/ping.yaml": TOOL, "schemas/shared.json": '{ "type": "string" }\n' });
    mkdirSync(join(root, "node_modules"));
    expect(mcpGen(root, "build").code).toBe(0);
    const cache = join(root, "node_modules", ".cache", "mcp-gen");
    const files = readdirSync(cache).filter((name) => name.endsWith(".json"));
    // The stat index, the build cache, the last build's findings and its lock's copy.
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const name of files) {
      for (const command of ["check", "build"]) {
        makeFifo(join(cache, name));
        const run = mcpGen(root, command);
        expect(run.signal, `${command} with ${name} a pipe: ${run.output}`).toBeNull();
        expect(run.code, `${command} with ${name} a pipe: ${run.output}`).toBe(0);
      }
    }
  });
});
