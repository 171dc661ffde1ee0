// A handler stub or test scaffold the system refuses to create (its folder read-only, the disk full)
// stopped the build with exit 74 after the new generated code and lock were in place: they imported
// a stub that was not there. The scaffolds are now created before the generated folder and the lock
// are swapped in; when one is refused, the build takes back those it created, writes nothing else,
// and reports scaffold-not-created for the file, with a hint.
import { chmodSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";

// The system's refusal, for the scaffolds named here (a test run as root cannot be refused by a mode).
const refuse = vi.hoisted(() => ({ paths: new Set<string>() }));
vi.mock("../../src/files/create-missing-folders.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/files/create-missing-folders.js")>();
  return {
    ...real,
    createScaffold: (...args: Parameters<typeof real.createScaffold>) =>
      refuse.paths.has(args[1].path) ? { code: "EACCES", message: `EACCES: permission denied, open '${args[1].path}'` } : real.createScaffold(...args),
  };
});

beforeEach(() => refuse.paths.clear());

const tool = (name: string) => `{ "name": "${name}", "description": "Does ${name}.", "inputSchema": { "type": "object", "additionalProperties": false } }\n`;

/** Every file (with its text) and folder of the project, node_modules left out. */
function everything(root: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const name = relative(root, path).split(sep).join("/");
      if (entry.isDirectory()) {
        found.set(`${name}/`, "");
        walk(path);
      } else found.set(name, readFileSync(path, "utf8"));
    }
  };
  walk(root);
  return found;
}

describe("a scaffold the system refuses to create", () => {
  it("leaves the generated code, the lock and the other scaffolds as they were, and names the file", async () => {
    const root = tempProject({ "tools/a.json": tool("tool_a"), "tools/b.json": tool("tool_b") });
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    writeFiles(root, { "tools/c.json": tool("tool_c") });
    const before = everything(root);
    refuse.paths.add("src/handlers/tool_c.ts");
    const run = await runInProcess(root, ["build"]);
    expect(run.code, run.stdout + run.stderr).toBe(74);
    expect(run.stdout).toContain(
      "src/handlers/tool_c.ts:1:1 error scaffold-not-created The handler stub src/handlers/tool_c.ts could not be created (EACCES: no permission), so the build wrote nothing: the generated code and the lock stay as they were.",
    );
    expect(run.stdout).toContain("hint: Let the user that runs mcp-gen write to src/handlers, then build again.");
    // The test scaffold it did create is taken back; nothing else changed.
    expect(everything(root)).toEqual(before);
    // Once the file can be created, the build goes through.
    refuse.paths.clear();
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    expect(readdirSync(join(root, "src/handlers")).sort()).toEqual(["tool_a.ts", "tool_b.ts", "tool_c.ts"]);
    expect(readFileSync(join(root, "src/generated/handlers.ts"), "utf8")).toContain('from "../handlers/tool_c.js"');
  });

  it("in a first build, takes back the folders it made too, and says so in the report its --format asks for", async () => {
    const root = tempProject({ "tools/a.json": tool("tool_a"), "tools/b.json": tool("tool_b") });
    mkdirSync(join(root, "src/handlers"), { recursive: true });
    const before = everything(root);
    refuse.paths.add("src/handlers/tool_b.ts");
    const run = await runInProcess(root, ["build", "--format", "json"]);
    expect(run.code).toBe(74);
    const diagnostics = (JSON.parse(run.stdout) as { diagnostics: { ruleId: string; file: string; hint: string }[] }).diagnostics;
    expect(diagnostics.filter((d) => d.ruleId === "scaffold-not-created")).toMatchObject([{ file: "src/handlers/tool_b.ts", hint: expect.stringContaining("src/handlers") }]);
    // src/handlers/tool_a.ts and the test folder (created whole) are gone; src/handlers was there before.
    expect(everything(root)).toEqual(before);
  });

  it.skipIf(process.platform === "win32" || process.getuid?.() === 0)("is refused for real by a read-only handlers folder", async () => {
    const root = tempProject({ "tools/a.json": tool("tool_a") });
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    writeFiles(root, { "tools/c.json": tool("tool_c") });
    const before = everything(root);
    chmodSync(join(root, "src/handlers"), 0o555);
    try {
      const run = await runInProcess(root, ["build"]);
      expect(run.code).toBe(74);
      expect(run.stdout).toContain("src/handlers/tool_c.ts:1:1 error scaffold-not-created");
      expect(everything(root)).toEqual(before);
    } finally {
      chmodSync(join(root, "src/handlers"), 0o755);
    }
  });
});
