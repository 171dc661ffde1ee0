// A descriptor a tools glob matches but the system will not let mcp-gen open (no read permission)
// was left out of the project without a word: validate passed, and build built a project without a
// tool its author wrote. It is now load-unreadable, an error, in the CLI and in the language server.
import { chmodSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readProjectConfig } from "../../src/cli/read-config.js";
import { ProjectSession } from "../../src/lsp/project-session.js";
import { SchemaAnswers } from "../../src/lsp/schema-answers.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

// The system's refusal to open the files, or list the folders, named here (a test run as root cannot
// be refused by a mode).
const refuse = vi.hoisted(() => ({ suffixes: new Set<string>(), folders: new Set<string>() }));
vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  const openSync = ((path: Parameters<typeof real.openSync>[0], ...rest: unknown[]) => {
    if ([...refuse.suffixes].some((suffix) => String(path).endsWith(suffix))) {
      throw Object.assign(new Error(`EACCES: permission denied, open '${String(path)}'`), { code: "EACCES" });
    }
    return (real.openSync as (...args: unknown[]) => number)(path, ...rest);
  }) as typeof real.openSync;
  const readdirSync = ((path: Parameters<typeof real.readdirSync>[0], ...rest: unknown[]) => {
    if ([...refuse.folders].some((suffix) => String(path).replace(/\/$/, "").endsWith(suffix))) {
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${String(path)}'`), { code: "EACCES" });
    }
    return (real.readdirSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof real.readdirSync;
  return { ...real, default: { ...real, openSync, readdirSync }, openSync, readdirSync };
});

beforeEach(() => {
  refuse.suffixes.clear();
  refuse.folders.clear();
});

const tool = (name: string) => `{ "name": "${name}", "description": "Does ${name}.", "inputSchema": { "type": "object", "additionalProperties": false } }\n`;

describe("a descriptor the system will not let mcp-gen read", () => {
  it("is load-unreadable for validate and build, and build writes nothing", async () => {
    const root = tempProject({ "tools/a.json": tool("tool_a"), "tools/b.json": tool("tool_b") });
    refuse.suffixes.add("/tools/b.json");
    const validate = await runInProcess(root, ["validate"]);
    expect(validate.code).toBe(1);
    expect(validate.stdout).toContain("tools/b.json:1:1 error load-unreadable tools/b.json cannot be read, though a tools glob matches it: mcp-gen may not read it (EACCES).");
    const build = await runInProcess(root, ["build"]);
    expect(build.code).toBe(1);
    expect(() => readFileSync(join(root, "mcp-tools.lock.json"))).toThrow();
  });

  it("is the same finding in the language server's analysis", async () => {
    const root = realpathSync(tempProject({ "tools/a.json": tool("tool_a"), "tools/b.json": tool("tool_b") }));
    refuse.suffixes.add("/tools/b.json");
    const read = await readProjectConfig(root, undefined, "all");
    const session = new ProjectSession({ root, config: read.config!, configPath: undefined, configSources: read.sources, configDiagnostics: read.diagnostics, answers: new SchemaAnswers({}) });
    await session.findDescriptors();
    const { diagnostics } = await session.analyze();
    expect(diagnostics.filter((diagnostic) => diagnostic.ruleId === "load-unreadable").map((diagnostic) => diagnostic.file)).toEqual(["tools/b.json"]);
  });

  it.skipIf(process.platform === "win32" || process.getuid?.() === 0)("is refused for real by a file without read permission", async () => {
    const root = tempProject({ "tools/a.json": tool("tool_a"), "tools/b.json": tool("tool_b") });
    chmodSync(join(root, "tools/b.json"), 0o000);
    try {
      const validate = await runInProcess(root, ["validate"]);
      expect(validate.code).toBe(1);
      expect(validate.stdout).toContain("error load-unreadable tools/b.json cannot be read");
    } finally {
      chmodSync(join(root, "tools/b.json"), 0o644);
    }
  });
});

describe("a folder the tools globs look into that mcp-gen may not list", () => {
  const files = { "tools/a.json": tool("tool_a"), "tools/sub/c.json": tool("tool_c") };

  it("is load-unreadable, and build keeps the code of the tools it holds", async () => {
    const root = tempProject(files);
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    const lock = readFileSync(join(root, "mcp-tools.lock.json"), "utf8");
    const generated = readFileSync(join(root, "src/generated/tools/tool_c.ts"), "utf8");
    refuse.folders.add("/tools/sub");
    const validate = await runInProcess(root, ["validate"]);
    expect(validate.code).toBe(1);
    expect(validate.stdout).toContain(
      "tools/sub:1:1 error load-unreadable The folder tools/sub cannot be listed, though the tools globs look into it for descriptors: mcp-gen may not list it (EACCES).",
    );
    const build = await runInProcess(root, ["build"]);
    expect(build.code).toBe(1);
    expect(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")).toBe(lock);
    expect(readFileSync(join(root, "src/generated/tools/tool_c.ts"), "utf8")).toBe(generated);
    expect((await runInProcess(root, ["check"])).code).not.toBe(0);
  });

  it("is left alone when a negated glob leaves it out", async () => {
    const root = tempProject({ ...files, "mcp-gen.config.yaml": 'server: { name: r, version: 1.0.0 }\ntools: ["tools/**/*.json", "!tools/sub/**"]\n' });
    refuse.folders.add("/tools/sub");
    const validate = await runInProcess(root, ["validate"]);
    expect(validate.stdout).not.toContain("load-unreadable");
    expect(validate.code).toBe(0);
  });

  it("is the same finding in the language server's analysis", async () => {
    const root = realpathSync(tempProject(files));
    refuse.folders.add("/tools/sub");
    const read = await readProjectConfig(root, undefined, "all");
    const session = new ProjectSession({ root, config: read.config!, configPath: undefined, configSources: read.sources, configDiagnostics: read.diagnostics, answers: new SchemaAnswers({}) });
    await session.findDescriptors();
    const { diagnostics } = await session.analyze();
    expect(diagnostics.filter((diagnostic) => diagnostic.ruleId === "load-unreadable").map((diagnostic) => diagnostic.file)).toEqual(["tools/sub"]);
  });
});
