// A build spreads schema compilation and type generation over worker threads (src/incremental/build-threads.ts).
// Which thread compiles what must never show in the output: the compiled CLI (worker threads need
// JavaScript) builds one project with no worker, one and three, and every file and every line of
// output is the same. It is compiled into a folder of its own so that it never races other tests.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";
import { PHASES } from "../../src/model/phase-clock.js";

const work = mkdtempSync(join(tmpdir(), "mcp-gen-threads-"));
const CLI = join(work, "cli.mjs");
const TOOLS = 90;

/** Tools of every shape the workers handle: output schemas, titles, shared schemas, input requests, bad examples. */
function descriptor(i: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    query: { type: "string", minLength: i % 5, description: `Query ${i % 7}.` },
    mode: { enum: ["a", "b", `m${i % 3}`] },
    when: { type: "string", format: i % 2 === 0 ? "date" : "date-time" },
  };
  if (i % 4 === 0) properties.owner = { title: `Owner ${i}`, type: "object", properties: { login: { type: "string" } }, required: ["login"] };
  if (i % 6 === 0) properties.region = { type: "string", "x-mcp-header": `Region-${i}` };
  const tool: Record<string, unknown> = {
    name: `tool_${i}`,
    description: `Tool ${i % 10}.`,
    inputSchema: { type: "object", properties, required: ["query"], ...(i % 9 === 0 ? { $defs: { n: { type: "integer" } }, additionalProperties: { $ref: "#/$defs/n" } } : {}) },
  };
  if (i % 3 === 0) tool.outputSchema = { type: "object", properties: { ok: { type: "boolean" }, items: { type: "array", items: { type: "string" } } }, required: ["ok"] };
  if (i % 10 === 0) tool["x-mcp-gen"] = { examples: [{ name: "One", arguments: { query: "abcdef", mode: "a" } }] };
  if (i % 15 === 0) tool["x-mcp-gen"] = { inputRequests: { confirm: { message: "Sure?", requestedSchema: { type: "object", properties: { yes: { type: "boolean" } }, required: ["yes"] } } } };
  return tool;
}

function writeProject(dir: string): void {
  mkdirSync(join(dir, "tools"), { recursive: true });
  for (let i = 0; i < TOOLS; i++) writeFileSync(join(dir, "tools", `t${i}.json`), JSON.stringify(descriptor(i), null, 2));
  writeFileSync(join(dir, "mcp-gen.config.yaml"), "server:\n  name: threads\n  version: 1.0.0\n");
}

function tree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(root, path).split(sep).join("/"), readFileSync(path, "utf8"));
    }
  };
  walk(root);
  return files;
}

function buildFailing(dir: string, workers: number): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, "build", "--cwd", dir], { env: { ...process.env, MCP_GEN_WORKERS: String(workers) }, encoding: "utf8", timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function build(dir: string, workers: number): string {
  // Run in the project: the summary names its paths from where the command runs.
  return execFileSync(process.execPath, [CLI, "build", "--cwd", dir], { cwd: dir, env: { ...process.env, MCP_GEN_WORKERS: String(workers) }, encoding: "utf8", timeout: 120_000 });
}

/** A build with no MCP_GEN_WORKERS, the types thread forced on or off. */
function buildWithTypesThread(dir: string, on: boolean): string {
  const env: Record<string, string | undefined> = { ...process.env, MCP_GEN_TYPES_THREAD: on ? "1" : "0" };
  delete env.MCP_GEN_WORKERS;
  return execFileSync(process.execPath, [CLI, "build", "--cwd", dir], { cwd: dir, env, encoding: "utf8", timeout: 120_000 });
}

beforeAll(() => {
  // The package as installed: dist/ next to templates/, schemas/ and packages/runtime/src/.
  execFileSync(join(REPO_ROOT, "node_modules/.bin/tsc"), ["-p", join(REPO_ROOT, "tsconfig.build.json"), "--outDir", join(work, "dist")], { stdio: "pipe" });
  for (const name of ["templates", "schemas", "node_modules", "package.json"]) symlinkSync(join(REPO_ROOT, name), join(work, name));
  mkdirSync(join(work, "packages", "runtime"), { recursive: true });
  symlinkSync(join(REPO_ROOT, "packages", "runtime", "src"), join(work, "packages", "runtime", "src"));
  writeFileSync(CLI, 'import { runCli } from "./dist/cli/main.js";\nprocess.exitCode = await runCli(process.argv.slice(2));\n');
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("build on worker threads", () => {
  it("writes the same files and prints the same diagnostics with no worker, one, and three", () => {
    const outputs = [0, 1, 3].map((workers) => {
      const dir = join(work, `project-${workers}`);
      writeProject(dir);
      return { stdout: build(dir, workers), files: tree(dir) };
    });
    expect(outputs[0]!.files.size).toBeGreaterThan(TOOLS * 3);
    expect(outputs[0]!.stdout).toMatch(/Built 90 tools/);
    for (const other of outputs.slice(1)) {
      expect(other.stdout).toBe(outputs[0]!.stdout);
      expect([...other.files.keys()]).toEqual([...outputs[0]!.files.keys()]);
      for (const [path, text] of outputs[0]!.files) expect(other.files.get(path), path).toBe(text);
    }
  }, 240_000);

  it("rebuilds a few changed tools with the types thread as a build from scratch does", () => {
    // Built once, then three tools change: a new property (new types and validator), a renamed
    // property with an input request (new types and forms), and a description (types kept). The
    // types thread compiles the changed types in the background; the generated files and the lock
    // are what a fresh build of the changed project writes on one thread.
    const dir = join(work, "project-types-thread");
    writeProject(dir);
    buildWithTypesThread(dir, false);
    const changed = (i: number, edit: (tool: Record<string, unknown>) => void) => {
      const tool = descriptor(i);
      edit(tool);
      writeFileSync(join(dir, "tools", `t${i}.json`), JSON.stringify(tool, null, 2));
    };
    const schemaOf = (tool: Record<string, unknown>) => tool.inputSchema as { properties: Record<string, unknown> };
    changed(4, (tool) => void (schemaOf(tool).properties.added = { type: "integer", minimum: 2 }));
    changed(15, (tool) => void (schemaOf(tool).properties.renamed = schemaOf(tool).properties.query));
    changed(22, (tool) => void (tool.description = "Edited."));
    const stdout = buildWithTypesThread(dir, true);
    expect(stdout).toMatch(/Built 90 tools/);
    const fresh = join(work, "project-types-thread-fresh");
    mkdirSync(fresh);
    for (const name of ["tools", "mcp-gen.config.yaml"]) execFileSync("cp", ["-r", join(dir, name), join(fresh, name)]);
    build(fresh, 0);
    const [ours, theirs] = [tree(dir), tree(fresh)];
    expect([...ours.keys()]).toEqual([...theirs.keys()]);
    // Scaffolds are written once and then belong to the user: only the generated files and the lock.
    const generated = [...theirs.keys()].filter((path) => path.startsWith("src/generated/") || path === "mcp-tools.lock.json");
    expect(generated.length).toBeGreaterThan(TOOLS);
    for (const path of generated) expect(ours.get(path), path).toBe(theirs.get(path));
  }, 240_000);

  it("builds a clean clone (every file committed, no cache) with two scaffolds gone: writes them as the first build did, and nothing else", () => {
    // The workers work out scaffold samples only for tools with a scaffold missing (a clean clone
    // has them all): the one missing is written again exactly as the first build wrote it.
    const dir = join(work, "project-clone-source");
    writeProject(dir);
    build(dir, 1);
    const first = tree(dir);
    // tool_1's test uses arguments derived from its inputSchema, and ones it rejects; tool_2 loses its stub.
    const missing = [...first.keys()].filter((path) => !path.startsWith("src/generated/") && (path.endsWith("/tool_1.test.ts") || path.endsWith("/tool_2.ts")));
    expect(missing).toHaveLength(2);
    expect(first.get(missing.find((path) => path.endsWith(".test.ts"))!)).toContain("accepts arguments derived from its inputSchema");
    // Another real path: the clone has no build cache of its own.
    const clone = join(work, "project-clone");
    execFileSync("cp", ["-r", dir, clone]);
    for (const path of missing) rmSync(join(clone, path));
    const stdout = build(clone, 1);
    expect(stdout).toMatch(/0 files written, \d+ unchanged\.\nCreated 1 handler stub and 1 test scaffold\./);
    const again = tree(clone);
    expect([...again.keys()]).toEqual([...first.keys()]);
    for (const [path, text] of first) expect(again.get(path), path).toBe(text);
  }, 240_000);

  it("check --full reports the same with no worker and with one: up to date, then drift in a descriptor and a generated file", () => {
    const dir = join(work, "project-check-full");
    writeProject(dir);
    build(dir, 1);
    const check = (workers: number) => {
      const result = spawnSync(process.execPath, [CLI, "check", "--full", "--cwd", dir], { cwd: dir, env: { ...process.env, MCP_GEN_WORKERS: String(workers) }, encoding: "utf8", timeout: 120_000 });
      return { status: result.status, stdout: result.stdout, stderr: result.stderr };
    };
    const clean = check(0);
    expect(clean).toEqual({ status: 0, stdout: expect.stringMatching(/^Up to date: 90 tools/), stderr: "" });
    expect(check(1)).toEqual(clean);
    const tool = descriptor(8);
    (tool.inputSchema as { properties: Record<string, unknown> }).properties.added = { type: "integer" };
    writeFileSync(join(dir, "tools", "t8.json"), JSON.stringify(tool, null, 2));
    const module = [...tree(dir).keys()].find((path) => path.startsWith("src/generated/tools/tool_3"))!;
    writeFileSync(join(dir, module), `${readFileSync(join(dir, module), "utf8")}// edited\n`);
    const drift = check(0);
    expect(drift.status).toBe(1);
    expect(drift.stdout).toContain("tools/t8.json");
    expect(drift.stdout).toContain(module);
    expect(check(1)).toEqual(drift);
  }, 240_000);

  it("stops at a validation error with types already under way on the workers: exit 1, a report, nothing written", () => {
    const dir = join(work, "project-invalid");
    writeProject(dir);
    writeFileSync(join(dir, "tools", "t7.json"), JSON.stringify({ ...descriptor(7), inputSchema: { type: "object", properties: { q: { type: "strng" } } } }, null, 2));
    for (const workers of [1, 3]) {
      const run = buildFailing(dir, workers);
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toBe("");
      expect(run.stdout).toContain("tools/t7.json");
      expect(run.stdout).toContain("schema-valid");
      expect(readdirSync(dir).sort()).toEqual(["mcp-gen.config.yaml", "tools"]);
    }
  }, 240_000);

  it("checks the schemas of a first build's descriptors on the worker while the main thread reads them, and writes what a build on one thread writes", () => {
    // MCP_GEN_EARLY_CHECKS=wait makes the main thread wait for the worker's early checks
    // (src/incremental/early-checks.ts) before it sends any schema: every schema of these JSON
    // descriptors is answered early, and the worker compiles none after the main thread's rules
    // have started. A YAML descriptor and one whose schema a $ref to another file changes are
    // compiled in the run as before.
    const early = join(work, "project-early");
    const plain = join(work, "project-early-plain");
    const extra = join(work, "project-early-mixed");
    const reference = join(work, "project-early-reference");
    for (const dir of [early, plain, extra, reference]) writeProject(dir);
    for (const dir of [extra, reference]) {
      writeFileSync(join(dir, "tools", "yaml_tool.yaml"), "name: yaml_tool\ndescription: Read from YAML.\ninputSchema:\n  type: object\n  properties:\n    city: { type: string, minLength: 2 }\n");
      mkdirSync(join(dir, "common"), { recursive: true });
      writeFileSync(join(dir, "common", "point.json"), JSON.stringify({ type: "object", properties: { x: { type: "number" } }, required: ["x"] }));
      writeFileSync(
        join(dir, "tools", "ref_tool.json"),
        JSON.stringify({ name: "ref_tool", description: "Bundles a shared schema.", inputSchema: { type: "object", properties: { at: { $ref: "../common/point.json" } } } }),
      );
    }
    const record = join(work, "phases-early.json");
    const run = (dir: string, env: Record<string, string>) =>
      execFileSync(process.execPath, [CLI, "build", "--cwd", dir], { cwd: dir, env: { ...process.env, ...env }, encoding: "utf8", timeout: 120_000 });
    const stdout = run(early, { MCP_GEN_WORKERS: "1", MCP_GEN_EARLY_CHECKS: "wait", MCP_GEN_PHASES: record });
    expect(stdout).toBe(build(plain, 0));
    const phases = JSON.parse(readFileSync(record, "utf8")) as { threads: { intervals: [string, string, string][] }[] };
    const [main, worker] = phases.threads;
    const rulesStart = BigInt(main!.intervals.find(([phase]) => phase === "rules")![1]);
    const workerSchemas = worker!.intervals.filter(([phase]) => phase === "schemas");
    expect(workerSchemas.length).toBeGreaterThan(0);
    for (const [, , end] of workerSchemas) expect(BigInt(end) <= rulesStart).toBe(true);

    run(extra, { MCP_GEN_WORKERS: "1", MCP_GEN_EARLY_CHECKS: "wait" });
    run(reference, { MCP_GEN_WORKERS: "0" });
    for (const [ours, theirs] of [
      [tree(early), tree(plain)],
      [tree(extra), tree(reference)],
    ] as const) {
      expect([...ours.keys()]).toEqual([...theirs.keys()]);
      for (const [path, text] of theirs) expect(ours.get(path), path).toBe(text);
    }
  }, 240_000);

  it("counts its time by phase on every thread with MCP_GEN_PHASES, and writes what a build without it writes", () => {
    // The phase table's record (src/cli/phase-record.ts): the main thread and the worker each
    // report their phases, with stretches on one clock; counting changes nothing in the output.
    const plain = join(work, "project-unphased");
    const counted = join(work, "project-phased");
    for (const dir of [plain, counted]) writeProject(dir);
    const record = join(work, "phases.json");
    const stdout = execFileSync(process.execPath, [CLI, "build", "--cwd", counted], {
      cwd: counted,
      env: { ...process.env, MCP_GEN_WORKERS: "1", MCP_GEN_PHASES: record },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(stdout).toBe(build(plain, 1));
    const [ours, theirs] = [tree(counted), tree(plain)];
    expect([...ours.keys()]).toEqual([...theirs.keys()]);
    for (const [path, text] of theirs) expect(ours.get(path), path).toBe(text);

    const phases = JSON.parse(readFileSync(record, "utf8")) as {
      version: number;
      wallMs: number;
      threads: { thread: string; threadId: number; phases: Record<string, { wallMs: number }>; intervals: [string, string, string][] }[];
    };
    expect(phases.version).toBe(1);
    expect(phases.threads.map((t) => [t.thread, t.threadId])).toEqual([
      ["main", 0],
      ["worker 1", 1],
    ]);
    const [main, worker] = phases.threads;
    // The main thread goes through every phase a cold build has; the worker compiles schemas.
    for (const phase of ["startup", "config", "load", "resolve", "rules", "schemas", "types", "emit", "hash", "write", "report"]) expect(main!.phases[phase], phase).toBeDefined();
    expect(worker!.phases.schemas).toBeDefined();
    // A build with no last build starts its worker once the descriptors are listed, so the worker
    // loads its modules while the main thread reads them: its start-up begins before reading ends.
    const firstOf = (thread: (typeof phases.threads)[number], phase: string) => thread.intervals.find(([name]) => name === phase)!;
    expect(BigInt(firstOf(worker!, "startup")[1]) < BigInt(firstOf(main!, "load")[2])).toBe(true);
    for (const thread of phases.threads) {
      for (const phase of Object.keys(thread.phases)) expect(PHASES).toContain(phase);
      // Stretches follow one another, none overlapping, and add up to the phases' totals.
      const stretches = thread.intervals.map(([phase, start, end]) => [phase, BigInt(start), BigInt(end)] as const);
      for (let i = 1; i < stretches.length; i++) expect(stretches[i]![1] >= stretches[i - 1]![2]).toBe(true);
      const total = stretches.reduce((sum, [, start, end]) => sum + Number(end - start), 0) / 1e6;
      expect(total).toBeCloseTo(
        Object.values(thread.phases).reduce((sum, p) => sum + p.wallMs, 0),
        3,
      );
    }
    // The main thread's stretches cover the command from the process's start to its end.
    expect(Object.values(main!.phases).reduce((sum, p) => sum + p.wallMs, 0)).toBeLessThanOrEqual(phases.wallMs);
  }, 240_000);
});
