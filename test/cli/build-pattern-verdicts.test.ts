// A build after the ReDoS checker's verdict on a pattern changed (pattern-verdicts.json edited by
// hand, or a verdict that timed out written on a later run) gives what `check --full` and a build
// from scratch with the same verdicts give: the same diagnostics, exit status and generated files.
// The tool whose pattern it is is checked and generated afresh rather than taken from the last build,
// and a build with nothing else changed does not answer from the last build's findings.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectTree as tree } from "../support/project-tree.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

// A back-reference inside a lookahead: only RegExp runs it, once the checker certified it (build-patterns.test.ts).
const FIELD_LIST = "^(?!.*\\b(id|name|email|created_at)\\b.*\\b\\1\\b)(?:id|name|email|created_at)(?:,(?:id|name|email|created_at))*$";
const CACHE = join("node_modules", ".cache", "mcp-gen");
const VERDICTS = join(CACHE, "pattern-verdicts.json");
/** What the checker writes for a pattern it could not finish with (run-checker.ts). */
const TIMED_OUT = { status: "undecided", reason: "the checker did not finish within 10 s" };

/** A project with a build cache, the SDK its code imports (a package.json is all check looks at), and one patterned tool. */
function project(config: string): string {
  const root = tempProject({
    "package.json": JSON.stringify({ name: "x", version: "1.0.0", type: "module", dependencies: { "@modelcontextprotocol/client": "^2.4.0", "@modelcontextprotocol/server": "^2.4.0" } }),
    "node_modules/@modelcontextprotocol/client/package.json": JSON.stringify({ name: "@modelcontextprotocol/client", version: "2.4.0" }),
    "node_modules/@modelcontextprotocol/server/package.json": JSON.stringify({ name: "@modelcontextprotocol/server", version: "2.4.0" }),
    "mcp-gen.config.yaml": `tools: [tools/*.json]\nruntime: vendored\n${config}`,
    "tools/fields.json": JSON.stringify({ name: "fields", description: "Fields.", inputSchema: { type: "object", properties: { fields: { type: "string", pattern: FIELD_LIST } } } }),
    "tools/plain.json": JSON.stringify({ name: "plain", description: "Plain.", inputSchema: { type: "object", properties: { a: { type: "string" } } } }),
  });
  return root;
}

/** Sets the verdict on FIELD_LIST in the project's verdict cache, as a user or a later run would. */
function setVerdict(root: string, verdict: object): void {
  const path = join(root, VERDICTS);
  const file = JSON.parse(readFileSync(path, "utf8")) as { verdicts: [string, object][] };
  const entry = file.verdicts.find(([pattern]) => pattern === FIELD_LIST)!;
  entry[1] = verdict;
  writeFileSync(path, `${JSON.stringify(file)}\n`);
}

/** A copy of the project as it is, with the verdict cache but no build cache: what a cold build starts from. */
function coldCopy(root: string): string {
  const cold = tempProject({});
  for (const entry of readdirSync(root)) cpSync(join(root, entry), join(cold, entry), { recursive: true });
  rmSync(join(cold, CACHE), { recursive: true, force: true });
  mkdirSync(join(cold, CACHE), { recursive: true });
  cpSync(join(root, VERDICTS), join(cold, VERDICTS));
  return cold;
}

/** The generated files and the lock (scaffolds are the user's). */
function output(root: string): Map<string, string> {
  return new Map([...tree(root)].filter(([path]) => path.startsWith("src/generated/") || path === "mcp-tools.lock.json"));
}

/** Diagnostics of a build's or check's text output (everything before its summary). */
function diagnosticsOf(stdout: string): string {
  return stdout.split(/^(?:Built |Up to date|\d+ problems?)/m)[0]!;
}

/** Builds `root` and a cold copy of it as it is now; both must agree, and check --full with them. */
async function expectSameAsCold(root: string): Promise<{ code: number; stdout: string }> {
  const cold = coldCopy(root);
  const build = await runInProcess(root, ["build"]);
  const scratch = await runInProcess(cold, ["build"]);
  expect(build.code, build.stdout).toBe(scratch.code);
  expect(diagnosticsOf(build.stdout)).toBe(diagnosticsOf(scratch.stdout));
  expect(output(root)).toEqual(output(cold));
  // check prints findings when it fails; up to date, only that.
  const check = await runInProcess(root, ["check", "--full"]);
  expect(check.code, check.stdout).toBe(build.code);
  if (build.code !== 0) expect(diagnosticsOf(check.stdout)).toBe(diagnosticsOf(build.stdout));
  return build;
}

describe("build after a pattern's verdict changed", () => {
  it("a server project: an undecided verdict fails the build as it fails check and a cold build; safe again, it builds", async () => {
    const root = project("");
    const first = await runInProcess(root, ["build"]);
    expect(first.code, first.stdout).toBe(0);
    const built = output(root);
    setVerdict(root, TIMED_OUT);
    const failed = await expectSameAsCold(root);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain("error schema-pattern-bounded-time");
    expect(failed.stdout).toContain("the checker did not finish within 10 s");
    // Nothing written, and the next build says the same (not the last good build's findings).
    expect(output(root)).toEqual(built);
    expect((await runInProcess(root, ["build"])).code).toBe(1);
    setVerdict(root, { status: "safe" });
    expect((await expectSameAsCold(root)).code).toBe(0);
    expect(output(root)).toEqual(built);
  }, 120_000);

  it("a client project: an undecided verdict leaves the pattern out of the validator, as a cold build does, and the next build keeps it so", async () => {
    const root = project("generate: client\n");
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    const certified = output(root);
    const validators = () =>
      [...output(root)]
        .filter(([path]) => path.includes("/validators/"))
        .map(([, text]) => text)
        .join("\n");
    expect(validators()).toContain("certifiedPattern(");
    setVerdict(root, TIMED_OUT);
    const warned = await expectSameAsCold(root);
    expect(warned.code).toBe(0);
    expect(warned.stdout).toContain("warning schema-pattern-bounded-time");
    expect(validators()).not.toContain("certifiedPattern(");
    // Nothing changed since: the same warning and output, from the fast path or not.
    const again = await runInProcess(root, ["build"]);
    expect(again.stdout).toContain("warning schema-pattern-bounded-time");
    expect(again.stdout).toMatch(/: 0 files written/);
    // The verdict as it was: the output as it was.
    setVerdict(root, { status: "safe" });
    expect((await expectSameAsCold(root)).code).toBe(0);
    expect(output(root)).toEqual(certified);
  }, 120_000);
});
