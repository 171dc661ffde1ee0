// `mcp-gen init` end to end: a project it scaffolds builds, compiles and passes its scaffold test
// right away (issue 3); it never overwrites a file, only adds keys to an existing package.json, and
// refuses a project that already has a config.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { MCP_GEN_VERSION } from "../../src/model/version.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const run = promisify(execFile);

/** Every file under `root` (node_modules aside) with its text and mtime. */
function readTree(root: string): Map<string, { text: string; mtimeMs: number }> {
  const tree = new Map<string, { text: string; mtimeMs: number }>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.name === "node_modules") continue;
      if (entry.isDirectory()) walk(path);
      else tree.set(relative(root, path).split(sep).join("/"), { text: readFileSync(path, "utf8"), mtimeMs: statSync(path).mtimeMs });
    }
  };
  walk(root);
  return tree;
}

/** Runs a tool from the repository's node_modules/.bin; resolves with its exit code and output. */
async function runBin(name: string, args: readonly string[], cwd: string): Promise<{ code: number; output: string }> {
  try {
    // A clean environment for the child: without this run's VITEST_* variables, as in a user's shell.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST")));
    const { stdout, stderr } = await run(join(REPO_ROOT, "node_modules", ".bin", name), [...args], { cwd, timeout: 120_000, env: { ...env, CI: "1", NO_COLOR: "1" } });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const failure = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failure.code === "number" ? failure.code : -1, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  }
}

const readJson = (root: string, path: string) => JSON.parse(readFileSync(join(root, path), "utf8")) as Record<string, Record<string, string>>;

describe("mcp-gen init", () => {
  it("scaffolds an empty folder into a project that builds, compiles and passes its scaffold test", async () => {
    const root = tempProject({});
    const init = await runInProcess(root, ["init"]);
    expect(init.stderr).toBe("");
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(/^Created package\.json\nCreated tools\/greet\.yaml\nCreated src\/handlers\/greet\.ts\nCreated src\/stdio\.ts\nCreated tsconfig\.json\nCreated README\.md\nCreated mcp-gen\.config\.yaml\n\nNext steps:\n/);
    expect(init.stdout).toContain("npx mcp-gen build");
    expect([...readTree(root).keys()].sort()).toEqual(["README.md", "mcp-gen.config.yaml", "package.json", "src/handlers/greet.ts", "src/stdio.ts", "tools/greet.yaml", "tsconfig.json"]);
    const pkg = readJson(root, "package.json");
    expect(pkg.type).toBe("module");
    expect(pkg.scripts).toMatchObject({ generate: "mcp-gen build", check: "mcp-gen check", test: "vitest run", build: "tsc -p ." });
    expect(Object.keys(pkg.dependencies!)).toEqual(["@modelcontextprotocol/client", "@modelcontextprotocol/server", "re2js"]);
    expect(Object.keys(pkg.devDependencies!)).toEqual(["@types/node", "mcp-gen", "typescript", "vitest"]);

    const build = await runInProcess(root, ["build"]);
    expect(build.code).toBe(0);
    // The example is clean: no warning, no info, just the summary.
    expect(build.stdout).toMatch(/^Built 1 tool into src\/generated: \d+ files written, 0 unchanged\.\nCreated test\/tools\/greet\.test\.ts\nWrote mcp-tools\.lock\.json\.\n$/);
    // The handler init wrote is the user's: build left it alone (it is not a throwing stub).
    expect(readFileSync(join(root, "src/handlers/greet.ts"), "utf8")).not.toContain("ToolNotImplementedError");

    symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
    const tsc = await runBin("tsc", ["-p", root, "--noEmit"], root);
    expect(tsc.output).toBe("");
    expect(tsc.code).toBe(0);
    const vitest = await runBin("vitest", ["run", "--root", root, "--reporter", "verbose"], root);
    expect(vitest.output).toContain("greets Ada in English");
    expect(vitest.output).toContain("greets Ada in French");
    expect(vitest.output).toMatch(/Tests\s+3 passed \(3\)/);
    expect(vitest.code).toBe(0);
  });

  it("refuses, with exit 2 and nothing written, a project that already has mcp-gen.config.yaml", async () => {
    const root = tempProject({ "mcp-gen.config.yaml": "out: src/gen\n" });
    const before = readTree(root);
    const init = await runInProcess(root, ["init"]);
    expect(init.code).toBe(2);
    expect(init.stdout).toBe("");
    expect(init.stderr).toContain("mcp-gen.config.yaml already exists");
    expect(readTree(root)).toEqual(before);
  });

  it("adds missing scripts and dependencies to an existing package.json and changes nothing else", async () => {
    const existing = {
      name: "my-server",
      version: "3.1.4",
      type: "module",
      scripts: { test: "jest", lint: "eslint ." },
      dependencies: { "@modelcontextprotocol/server": "^2.5.0", zod: "^4.0.0" },
      devDependencies: { typescript: "^6.0.0" },
      custom: { keep: [1, 2, 3] },
    };
    const root = tempProject({ "package.json": JSON.stringify(existing, null, 4) + "\n" });
    const init = await runInProcess(root, ["init"]);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain("Updated package.json: added scripts.generate, scripts.check, scripts.mcp-gen:test");
    expect(init.stdout).toContain('Your "test" script is kept; "vitest run" is the script "mcp-gen:test".');
    const text = readFileSync(join(root, "package.json"), "utf8");
    expect(text).toMatch(/^\{\n {4}"name": "my-server",\n/); // its indentation is kept
    const pkg = readJson(root, "package.json");
    // Versions are the ones mcp-gen itself is built and tested with.
    const own = readJson(REPO_ROOT, "package.json");
    const version = (name: string) => own.dependencies![name] ?? own.devDependencies![name];
    expect(pkg).toEqual({
      ...existing,
      scripts: { ...existing.scripts, generate: "mcp-gen build", check: "mcp-gen check", "mcp-gen:test": "vitest run", build: "tsc -p .", start: "node dist/src/stdio.js" },
      dependencies: { ...existing.dependencies, "@modelcontextprotocol/client": version("@modelcontextprotocol/client"), re2js: version("re2js") },
      devDependencies: { ...existing.devDependencies, "@types/node": version("@types/node"), "mcp-gen": `^${MCP_GEN_VERSION}`, vitest: version("vitest") },
    });
    // The README section is about the project's own name.
    expect(readFileSync(join(root, "README.md"), "utf8")).toMatch(/^# my-server\n\n## MCP tools\n/);
  });

  it("never overwrites a file: existing ones are kept and named", async () => {
    const root = tempProject({
      "tsconfig.json": '{ "compilerOptions": { "strict": true } }\n',
      "README.md": "# Mine\n",
      "tools/greet.yaml": "name: greet\n",
      "package.json": '{ "name": "x", "scripts": { "generate": "mcp-gen build", "check": "mcp-gen check", "test": "vitest run" } }\n',
    });
    const before = readTree(root);
    const init = await runInProcess(root, ["init"]);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain("Kept tools/greet.yaml (it exists; not overwritten)");
    expect(init.stdout).toContain("Kept tsconfig.json (it exists; not overwritten)");
    expect(init.stdout).toContain("Kept README.md (it exists; not overwritten)");
    expect(init.stdout).toContain("README.md exists, so it is unchanged; this section describes the tools:");
    expect(init.stdout).toContain('package.json has no "type": "module"');
    const after = readTree(root);
    for (const path of ["tsconfig.json", "README.md", "tools/greet.yaml"]) expect(after.get(path)).toEqual(before.get(path));
    // Without its own tsconfig.json, init adds no build or start script (they assume its outDir).
    expect(Object.keys(readJson(root, "package.json").scripts!)).toEqual(["generate", "check", "test"]);
    expect([...after.keys()].filter((path) => !before.has(path)).sort()).toEqual(["mcp-gen.config.yaml", "src/handlers/greet.ts", "src/stdio.ts"]);
  });

  it("leaves a package.json it cannot read alone and writes nothing (exit 2)", async () => {
    const root = tempProject({ "package.json": '{ "name": "x", }\n' });
    const before = readTree(root);
    const init = await runInProcess(root, ["init"]);
    expect(init.code).toBe(2);
    expect(init.stderr).toContain("package.json is not valid JSON");
    expect(init.stderr).toContain("nothing was written");
    expect(readTree(root)).toEqual(before);
  });

  it("exits 2 on bad usage, and prints its help with --help", async () => {
    const root = tempProject({});
    const bad = await runInProcess(root, ["init", "--bogus"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Unknown option '--bogus'");
    expect(readTree(root).size).toBe(0);
    const help = await runInProcess(root, ["init", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mcp-gen init \[options\]/);
    expect(readTree(root).size).toBe(0);
  });

  it("is listed in mcp-gen --help", async () => {
    const help = await runInProcess(tempProject({}), ["--help"]);
    expect(help.stdout).toMatch(/\n {2}init {7}scaffold /);
  });
});
