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

// The system's refusal to open the files named here (a test run as root cannot be refused by a mode).
const refuse = vi.hoisted(() => ({ suffixes: new Set<string>() }));
vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  const openSync = ((path: Parameters<typeof real.openSync>[0], ...rest: unknown[]) => {
    if ([...refuse.suffixes].some((suffix) => String(path).endsWith(suffix))) {
      throw Object.assign(new Error(`EACCES: permission denied, open '${String(path)}'`), { code: "EACCES" });
    }
    return (real.openSync as (...args: unknown[]) => number)(path, ...rest);
  }) as typeof real.openSync;
  return { ...real, default: { ...real, openSync }, openSync };
});

beforeEach(() => refuse.suffixes.clear());

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
