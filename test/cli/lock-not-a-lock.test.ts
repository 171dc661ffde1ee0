// A file at the lock path that is no mcp-gen lock, however damaged, is never replaced: build (and
// import, even with --force) stops with a lock-invalid error and writes nothing. Before, a build
// overwrote package.json, README.md or tsconfig.json named by `lock:` with the lock's JSON, exit 0,
// with only a warning that the lock "cannot be read; this build writes it again". A damaged lock
// (truncated, merge-conflicted, empty, of the wrong shape) is still rewritten as before.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mayBeLock } from "../../src/lock/lock-text.js";
import { FAKE_SERVER } from "../live/servers.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const TOOL = "name: echo\ndescription: Echo the text back.\ninputSchema:\n  type: object\n  additionalProperties: false\n";
const PACKAGE = '{\n  "name": "app",\n  "version": "1.0.0",\n  "type": "module",\n  "dependencies": { "@mcp-gen/runtime": "*" }\n}\n';

const USER_FILES: readonly [string, string][] = [
  ["package.json", PACKAGE],
  ["README.md", "# My server\n\nNotes I wrote.\n"],
  ["tsconfig.json", '{ "compilerOptions": { "strict": true }, "files": ["src/index.ts"] }\n'],
  ["package-lock.json", '{ "name": "app", "lockfileVersion": 3, "packages": {} }\n'],
  // A lock's own key, but not as a lock writes it: quoted in notes, or nested in another file.
  ["NOTES.md", '# Pins\n\nThe lock says `{ "specRevision": "2026-07-28" }`.\n'],
  ["servers.json", '{"servers":{"echo":{"pinned":{"specRevision":"2025-06-18"}}}}\n'],
];

describe("a file at the lock path that is not a lock", () => {
  it.each(USER_FILES)("lock: %s: build exits 1 with lock-invalid and writes nothing", async (path, text) => {
    const root = tempProject({ "tools/echo.yaml": TOOL, "package.json": PACKAGE, [path]: text, "mcp-gen.config.yaml": `lock: ${path}\n` });
    const run = await runInProcess(root, ["build", "--format", "json"]);
    expect(run.code, run.stdout).toBe(1);
    const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { ruleId: string; severity: string; file: string; message: string }[] };
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([
      expect.objectContaining({ ruleId: "lock-invalid", file: path, message: `${path} is not an mcp-gen lock, nor what is left of one; writing the lock would replace it, so nothing was written.` }),
    ]);
    expect(readFileSync(join(root, path), "utf8")).toBe(text);
    expect(existsSync(join(root, "src/generated"))).toBe(false);
    expect(existsSync(join(root, "src/handlers"))).toBe(false);
  });

  it("import --force does not replace it either", async () => {
    const root = tempProject({ "mcp-gen.config.yaml": "generate: client\nlock: README.md\n", "README.md": "# Notes\n" });
    const run = await runInProcess(root, ["import", "--force", "--command", `node ${JSON.stringify(FAKE_SERVER)} ok`, "--timeout", "5000"]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toBe("mcp-gen import: README.md is not an mcp-gen lock, so nothing was written.\n");
    expect(readFileSync(join(root, "README.md"), "utf8")).toBe("# Notes\n");
    expect(existsSync(join(root, "tools"))).toBe(false);
  });
});

describe("a damaged lock is still rewritten", () => {
  const DAMAGES: readonly [string, (lock: string) => string][] = [
    ["truncated early", (lock) => lock.slice(0, 30)],
    ["truncated to its first byte", (lock) => lock.slice(0, 1)],
    ["truncated inside its first key", (lock) => lock.slice(0, 8)],
    ["truncated before its first value", (lock) => lock.slice(0, 13)],
    ["with CRLF line ends and a conflict hunk at the top", (lock) => `<<<<<<< HEAD\r\n  "x": 1,\r\n=======\r\n>>>>>>> theirs\r\n${lock.slice(2).replace(/\n/g, "\r\n")}`],
    ["truncated halfway", (lock) => lock.slice(0, lock.length / 2)],
    ["with conflict markers at the top", (lock) => `<<<<<<< HEAD\n${lock}=======\n${lock.replace(/"mcp-gen"/, '"mcp-gen-x"')}>>>>>>> theirs\n`],
    ["with a conflict hunk inside", (lock) => lock.replace(/^( {2}"generator")/m, '<<<<<<< HEAD\n  "x": 1,\n=======\n  "y": 2,\n>>>>>>> theirs\n$1')],
    ["empty", () => ""],
    ["an empty object", () => "{}\n"],
    ["of the wrong shape (a tool's descriptor gone)", (lock) => lock.replace(/"descriptor": \{[\s\S]*?\n {6}\},\n\s*/, "")],
    ["of another version", (lock) => lock.replace('"lockfileVersion": 1', '"lockfileVersion": 99')],
  ];

  it.each(DAMAGES)("%s: build exits 0 and writes the lock a build from scratch writes", async (_, damage) => {
    const root = tempProject({ "tools/echo.yaml": TOOL, "package.json": PACKAGE });
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    const lock = readFileSync(join(root, "mcp-tools.lock.json"), "utf8");
    const damaged = damage(lock);
    expect(damaged).not.toBe(lock);
    expect(mayBeLock(damaged)).toBe(true);
    writeFileSync(join(root, "mcp-tools.lock.json"), damaged);
    const run = await runInProcess(root, ["build"]);
    expect(run.code, run.stdout).toBe(0);
    expect(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")).toBe(lock);
  });
});
