// The command runs dist/bundle/main.js (rolldown.config.mjs: tsc's dist/ bundled into a few modules,
// which start faster). The bundle must be the compiled CLI in every respect a user can see: each
// command, run through both, prints the same, exits the same and writes the same files, including
// ones that find mcp-gen's own files by path (templates, runtime sources, init's templates, the
// worker threads' module). Both are made here, as `npm run build` makes them, in a package folder
// of this test's own: other tests compile the repository's dist/ again while this one runs.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";

const work = mkdtempSync(join(tmpdir(), "mcp-gen-bundle-"));
const PACKAGE = join(work, "package");
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(() => {
  // The package as installed: dist/ next to templates/, schemas/, src/runtime/ and package.json.
  mkdirSync(join(PACKAGE, "src"), { recursive: true });
  for (const name of ["templates", "schemas", "node_modules", "package.json"]) symlinkSync(join(REPO_ROOT, name), join(PACKAGE, name));
  symlinkSync(join(REPO_ROOT, "src", "runtime"), join(PACKAGE, "src", "runtime"));
  execFileSync(join(REPO_ROOT, "node_modules/.bin/tsc"), ["-p", join(REPO_ROOT, "tsconfig.build.json"), "--outDir", join(PACKAGE, "dist")], { stdio: "pipe" });
  execFileSync(join(REPO_ROOT, "node_modules/.bin/rolldown"), ["-c", join(REPO_ROOT, "rolldown.config.mjs")], { cwd: PACKAGE, stdio: "pipe" });
}, 180_000);

const ENTRIES = { compiled: join(PACKAGE, "dist/cli/main.js"), bundled: join(PACKAGE, "dist/bundle/main.js") } as const;

/** Runs the CLI through `entry` in `cwd`; the environment forces no worker choice of its own. */
function run(entry: string, args: readonly string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const script = join(work, `run-${entry === ENTRIES.bundled ? "bundled" : "compiled"}.mjs`);
  writeFileSync(script, `import { runCli } from ${JSON.stringify(entry)};\nprocess.exitCode = await runCli(process.argv.slice(2));\n`);
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && !key.startsWith("MCP_GEN_")));
  const result = spawnSync(process.execPath, [script, ...args], { cwd, env: { ...env, NO_COLOR: "1" }, encoding: "utf8", timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function tree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.name === "node_modules") continue;
      if (entry.isDirectory()) walk(path);
      else files.set(relative(root, path).split(sep).join("/"), readFileSync(path, "utf8"));
    }
  };
  walk(root);
  return files;
}

/** A project of `count` tools: 64 or more build on worker threads. */
function writeTools(dir: string, count: number): void {
  mkdirSync(join(dir, "tools"), { recursive: true });
  writeFileSync(join(dir, "mcp-gen.config.yaml"), "server:\n  name: bundle\n  version: 1.0.0\n");
  for (let i = 0; i < count; i++) {
    const tool = { name: `tool_${i}`, description: `Tool ${i}.`, inputSchema: { type: "object", properties: { q: { type: "string", minLength: i % 4 } }, required: ["q"] } };
    writeFileSync(join(dir, "tools", `t${i}.json`), JSON.stringify(tool));
  }
}

/** Runs the same commands in two copies of a project, one per entry; both must see and do the same. */
function sameThrough(name: string, prepare: (dir: string) => void, commands: readonly (readonly string[])[]): void {
  const results = Object.entries(ENTRIES).map(([kind, entry]) => {
    const dir = join(work, `${name}-${kind}`);
    mkdirSync(dir, { recursive: true });
    prepare(dir);
    // SARIF declares the project's folder (%SRCROOT%), which differs between the two copies.
    const outputs = commands.map((args) => run(entry, args, dir)).map((out) => ({ ...out, stdout: out.stdout.split(pathToFileURL(dir).href).join("file:///PROJECT") }));
    return { outputs, files: tree(dir) };
  });
  const [compiled, bundled] = results as [(typeof results)[number], (typeof results)[number]];
  expect(bundled.outputs).toEqual(compiled.outputs);
  expect([...bundled.files.keys()]).toEqual([...compiled.files.keys()]);
  for (const [path, text] of compiled.files) expect(bundled.files.get(path), path).toBe(text);
}

describe("the bundled CLI", () => {
  it("has an entry for the command line and one for the build's worker threads, next to their chunks", () => {
    const files = readdirSync(join(PACKAGE, "dist/bundle"));
    expect(files).toEqual(expect.arrayContaining(["main.js", "build-worker.js"]));
    // A few chunks in place of the ~150 modules of dist/, and none of them a package.
    expect(files.length).toBeLessThan(80);
    expect(readdirSync(join(PACKAGE, "dist"), { recursive: true }).filter((f) => String(f).endsWith(".js")).length).toBeGreaterThan(files.length * 2);
    for (const file of files) expect(readFileSync(join(PACKAGE, "dist/bundle", file), "utf8")).not.toMatch(/^\/\/#region node_modules/m);
  });

  it("builds, checks and rebuilds examples/weather as the compiled CLI does", () => {
    sameThrough("weather", (dir) => cpSync(join(REPO_ROOT, "examples/weather"), dir, { recursive: true, filter: (path) => !path.includes("node_modules") }), [
      ["--version"],
      ["build", "--force"],
      ["check"],
      ["check", "--format", "json"],
      ["build"],
      ["validate", "--format", "sarif"],
    ]);
  }, 120_000);

  it("builds a project on worker threads and reports a broken tool as the compiled CLI does", () => {
    sameThrough("threads", (dir) => writeTools(dir, 80), [["build"], ["check"]]);
    sameThrough("broken", (dir) => {
      writeTools(dir, 70);
      writeFileSync(join(dir, "tools", "t3.json"), JSON.stringify({ name: "bad name!", inputSchema: { type: "strng" } }));
    }, [["build"], ["validate"]]);
  }, 240_000);

  it("scaffolds a project with init (templates/init found from the bundle) as the compiled CLI does", () => {
    sameThrough("init", (dir) => writeFileSync(join(dir, "package.json"), '{ "name": "scaffolded" }\n'), [["init"], ["build"]]);
  }, 120_000);

  it("is what bin/mcp-gen.js runs, unless tsc wrote dist/cli since", () => {
    const bin = join(PACKAGE, "bin", "mcp-gen.js");
    mkdirSync(join(PACKAGE, "bin"));
    cpSync(join(REPO_ROOT, "bin", "mcp-gen.js"), bin);
    // Which entry ran shows in the stack of an internal error: make `--version` throw in each.
    const marker = (file: string, text: string) => writeFileSync(file, readFileSync(file, "utf8").replace(/export \{[^}]*\brunCli\b[^}]*\};?|export async function runCli/, (m) => `globalThis.MCP_GEN_ENTRY = ${JSON.stringify(text)};\n${m}`));
    marker(ENTRIES.bundled, "bundled");
    marker(ENTRIES.compiled, "compiled");
    const entryOf = () => execFileSync(process.execPath, ["--import", `data:text/javascript,process.on("exit",()=>process.stdout.write(" "+globalThis.MCP_GEN_ENTRY))`, bin, "--version"], { encoding: "utf8" }).trim().split(" ").pop();
    // The bundle is written after tsc's output; then tsc alone writes dist/cli again.
    const now = Date.now() / 1000;
    const touch = (file: string, seconds: number) => execFileSync("touch", ["-d", `@${seconds}`, file]);
    touch(ENTRIES.compiled, now - 60);
    touch(ENTRIES.bundled, now - 30);
    expect(entryOf()).toBe("bundled");
    touch(ENTRIES.compiled, now);
    expect(entryOf()).toBe("compiled");
    rmSync(ENTRIES.bundled);
    expect(entryOf()).toBe("compiled");
  });
});
