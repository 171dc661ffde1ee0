// Acceptance (issue 3): every tool of the corpus (tools/list captures of published servers, and the
// 1,223 GitHub REST tools) builds with `mcp-gen build`, and what the build writes (generated code,
// handler stubs, test scaffolds) compiles under tsc --strict --noUncheckedIndexedAccess with module
// nodenext: zero errors. The gitlab capture, invalid on purpose, must stop the build instead.
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { descriptorPath } from "../support/project-from-tools.js";
import { corpusPath, REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const INVALID_ON_PURPOSE = "real/modelcontextprotocol__server-gitlab.json";

const CAPTURES = [
  ...readdirSync(corpusPath("real")).filter((f) => f.endsWith(".json")).sort().map((f) => `real/${f}`),
  "bench/github-rest-tools.json",
].filter((file) => file !== INVALID_ON_PURPOSE);

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022", lib: ["ES2023"], module: "nodenext", moduleResolution: "nodenext", types: ["node"],
    strict: true, noUncheckedIndexedAccess: true, skipLibCheck: true, noEmit: true,
  },
  include: ["src", "test"],
};

/** A project with one JSON descriptor per captured tool, named after the tool (made file-safe). */
function corpusProject(file: string): { root: string; names: string[] } {
  const tools = (JSON.parse(readFileSync(corpusPath(file), "utf8")) as { tools: { name: string }[] }).tools;
  const files = Object.fromEntries(tools.map((tool, i) => [descriptorPath(i, tool.name), JSON.stringify(tool, null, 2) + "\n"]));
  return { root: tempProject(files), names: tools.map((t) => t.name) };
}

/** tsc over the generated tree, the stubs and the scaffolds; resolves with its whole output. */
async function typeCheck(root: string): Promise<string> {
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
  try {
    const { stdout, stderr } = await promisify(execFile)(join(REPO_ROOT, "node_modules", ".bin", "tsc"), ["-p", root], { timeout: 240_000, maxBuffer: 64 * 1024 * 1024 });
    return stdout + stderr;
  } catch (e) {
    const failure = e as { stdout?: string; stderr?: string; message: string };
    return `${failure.stdout ?? ""}${failure.stderr ?? ""}` || failure.message;
  }
}

describe("corpus compiles", () => {
  for (const file of CAPTURES) {
    it(`${file}: every tool builds, and the generated code, stubs and scaffolds compile`, async () => {
      const { root, names } = corpusProject(file);
      const run = await runInProcess(root, ["build", "--format", "json"]);
      const report = JSON.parse(run.stdout) as { diagnostics: { severity: string; file: string; line: number; ruleId: string; message: string }[] };
      expect(report.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.file}:${d.line} ${d.ruleId} ${d.message}`)).toEqual([]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      // Every tool got its module, its handler stub and its test scaffold.
      const lock = JSON.parse(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")) as { tools: Record<string, unknown> };
      expect(Object.keys(lock.tools).sort()).toEqual([...new Set(names)].sort());
      expect(readdirSync(join(root, "src/generated/tools")).length).toBe(names.length);
      expect(readdirSync(join(root, "src/handlers")).length).toBe(names.length);
      expect(readdirSync(join(root, "test/tools")).length).toBe(names.length);
      expect(await typeCheck(root)).toBe("");
    }, 300_000);
  }

  it(`${INVALID_ON_PURPOSE}: the build stops with input-schema-object and writes nothing`, async () => {
    const { root } = corpusProject(INVALID_ON_PURPOSE);
    const run = await runInProcess(root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(" error input-schema-object ");
    expect(existsSync(join(root, "src"))).toBe(false);
    expect(existsSync(join(root, "mcp-tools.lock.json"))).toBe(false);
  });
});
