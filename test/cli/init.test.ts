// `mcp-gen init` end to end: a project it scaffolds, in a folder as `npm init -y` leaves it, passes
// the next steps init prints, run exactly as printed (issues 3 and 18); it never overwrites a file, only adds keys to an existing package.json, and
// refuses a project that already has a config.
import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { startHttpChild, stopChild } from "../support/e2e-processes.js";
import { installLinked } from "../support/linked-install.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";
import { STRICTEST_OPTIONS, TYPESCRIPT_COMPILERS, typeCheck, writeTsconfig } from "../support/typescript-compilers.js";

const run = promisify(execFile);
const PRETTIER_HEADER = "# mcp-gen: generated code and the lock file, rewritten by `mcp-gen build`; tool descriptors, whose bytes the lock records (format them before a build)";

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

/** Runs a command line as a user's shell would in `cwd`, with project/node_modules/.bin first on PATH as npm does. */
async function runShell(command: string, cwd: string): Promise<{ code: number; output: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && !key.startsWith("npm_") && !key.startsWith("MCP_GEN_")));
  try {
    const { stdout, stderr } = await run("sh", ["-c", command], { cwd, timeout: 120_000, env: { ...env, CI: "1", NO_COLOR: "1" } });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const failure = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failure.code === "number" ? failure.code : -1, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  }
}

/** The commands of init's "Next steps:" list, one per line up to the blank line. */
function printedSteps(output: string): string[] {
  const list = output.slice(output.indexOf("Next steps:\n") + "Next steps:\n".length);
  return list
    .slice(0, list.indexOf("\n\n") === -1 ? undefined : list.indexOf("\n\n"))
    .trimEnd()
    .split("\n")
    .map((line) => line.trim().split(/ {2,}/)[0]!);
}

/** The `file:` spec of a folder of this checkout, from `root`, as init writes it when mcp-gen runs from a checkout. */
const fromCheckout = (root: string, folder: string) => `file:${relative(root, join(REPO_ROOT, folder)).split(sep).join("/")}`;

const readJson = (root: string, path: string) => JSON.parse(readFileSync(join(root, path), "utf8")) as Record<string, Record<string, string>>;

describe("mcp-gen init", () => {
  it("scaffolds an empty folder into a project that builds, compiles and passes its scaffold test", async () => {
    const root = tempProject({});
    const init = await runInProcess(root, ["init"]);
    expect(init.stderr).toBe("");
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(
      /^Created package\.json\nCreated tools\/greet\.yaml\nCreated src\/handlers\/greet\.ts\nCreated src\/stdio\.ts\nCreated src\/http\.ts\nCreated tsconfig\.json\nCreated tsconfig\.build\.json\nCreated README\.md\nCreated mcp-gen\.config\.yaml\nCreated \.gitattributes\nCreated \.prettierignore\nCreated \.gitignore\n\nNext steps:\n/,
    );
    expect(init.stdout).toContain("npx mcp-gen build");
    expect([...readTree(root).keys()].sort()).toEqual([
      ".gitattributes",
      ".gitignore",
      ".prettierignore",
      "README.md",
      "mcp-gen.config.yaml",
      "package.json",
      "src/handlers/greet.ts",
      "src/http.ts",
      "src/stdio.ts",
      "tools/greet.yaml",
      "tsconfig.build.json",
      "tsconfig.json",
    ]);
    expect(readFileSync(join(root, ".gitattributes"), "utf8")).toBe(
      "# mcp-gen: generated code and the lock file, rewritten by `mcp-gen build`\nsrc/generated/** linguist-generated=true\nmcp-tools.lock.json linguist-generated=true\n",
    );
    expect(readFileSync(join(root, ".prettierignore"), "utf8")).toBe(`${PRETTIER_HEADER}\nsrc/generated/\nmcp-tools.lock.json\ntools/\n`);
    // What is installed, compiled or transient; never the generated code or the lock, which are committed.
    expect(readFileSync(join(root, ".gitignore"), "utf8")).toBe("# written by `mcp-gen init`: installed, compiled or transient, never committed\nnode_modules/\ndist/\n.mcp-gen.pid\n");
    const pkg = readJson(root, "package.json");
    expect(pkg.type).toBe("module");
    expect(pkg.scripts).toEqual({
      generate: "mcp-gen build",
      check: "mcp-gen check",
      test: "vitest run",
      build: "tsc -p tsconfig.build.json",
      start: "node dist/stdio.js",
      "start:http": "node dist/http.js",
    });
    // The runtime the generated code imports (it brings re2js), and the SDK's Node adapter, which the
    // HTTP entry's serveHttp uses. mcp-gen and its runtime from where this mcp-gen runs (this checkout:
    // test/cli/dependency-specs.test.ts has the others).
    expect(pkg.dependencies).toEqual({
      "@mcp-gen/runtime": fromCheckout(root, "packages/runtime"),
      "@modelcontextprotocol/client": expect.any(String),
      "@modelcontextprotocol/node": expect.any(String),
      "@modelcontextprotocol/server": expect.any(String),
    });
    expect(pkg.devDependencies!["mcp-gen"]).toBe(fromCheckout(root, "."));
    expect(Object.keys(pkg.devDependencies!)).toEqual(["@types/node", "mcp-gen", "typescript", "vitest"]);

    const build = await runInProcess(root, ["build"]);
    expect(build.code).toBe(0);
    // The example is clean: no warning, no info, just the summary.
    expect(build.stdout).toMatch(/^Built 1 tool into src\/generated: \d+ files written, 0 unchanged\.\nCreated 1 test scaffold\.\nWrote mcp-tools\.lock\.json\.\n$/);
    // The handler init wrote is the user's: build left it alone (it is not a throwing stub).
    expect(readFileSync(join(root, "src/handlers/greet.ts"), "utf8")).not.toContain("ToolNotImplementedError");
  });

  it("writes entries, handler and test that compile under the strictest flags a team's own tsconfig may set", async () => {
    const root = tempProject({});
    expect((await runInProcess(root, ["init"])).code).toBe(0);
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    // init keeps a tsconfig.json it finds: its files must pass whatever flags that one sets.
    const tsconfig = writeTsconfig(root, "tsconfig.strictest.json", STRICTEST_OPTIONS, ["src", "test"]);
    for (const compiler of TYPESCRIPT_COMPILERS) {
      const { files, errors } = await typeCheck(compiler, tsconfig);
      expect(errors, compiler.packageName).toEqual([]);
      expect(files.some((file) => file.endsWith("src/http.ts"))).toBe(true);
    }
  });

  it("gives a project, made by a fresh `npm init -y`, that passes its next steps exactly as printed", async () => {
    const root = tempProject({});
    const npmInit = await runShell("npm init -y", root);
    expect(npmInit.code, npmInit.output).toBe(0);
    // npm 11 writes "type": "commonjs": the project must work as that too.
    expect(readJson(root, "package.json").type).toBe("commonjs");
    const init = await runShell(`node ${JSON.stringify(join(REPO_ROOT, "bin/mcp-gen.js"))} init`, root);
    expect(init.code, init.output).toBe(0);
    const steps = printedSteps(init.output);
    expect(steps).toEqual(["npm install", "npx mcp-gen build", "npx tsc -p .", "npx vitest run"]);
    // npm's placeholder "test" script (it fails) is replaced, not kept beside init's.
    expect(init.output).toContain("scripts.test (in place of the placeholder");
    expect(readJson(root, "package.json").scripts).toMatchObject({ test: "vitest run" });
    expect(Object.keys(readJson(root, "package.json").scripts!)).not.toContain("mcp-gen:test");
    // `npm install` from the registry is not for tests: the packages it would install are linked
    // from mcp-gen's own node_modules (the versions init wrote are those), mcp-gen itself from here.
    installLinked(root);
    for (const step of steps.slice(1)) {
      const result = await runShell(step, root);
      expect(result.code, `${step}\n${result.output}`).toBe(0);
      if (step === "npx tsc -p .") expect(result.output).toBe("");
      if (step === "npx vitest run") expect(result.output).toMatch(/Test Files\s+1 passed \(1\)\n\s+Tests\s+3 passed \(3\)/);
    }
    // Type-checking writes nothing; `npm run build` compiles src/ alone, so vitest still finds each test once.
    expect(readdirSync(root)).not.toContain("dist");
    const compiled = await runShell("npm run build", root);
    expect(compiled.code, compiled.output).toBe(0);
    expect(readdirSync(join(root, "dist")).sort()).toEqual(["generated", "handlers", "http.js", "stdio.js"]);
    const again = await runShell("npx vitest run", root);
    expect(again.output).toMatch(/Test Files\s+1 passed \(1\)\n\s+Tests\s+3 passed \(3\)/);
    // The compiled server (CommonJS here) serves the tool the lock pins.
    const verify = await runShell(`npx mcp-gen verify --command "node dist/stdio.js"`, root);
    expect(verify.output).toContain("The 1 tool matches mcp-tools.lock.json.");
    expect(verify.code).toBe(0);
    // So does its HTTP entry: `npm test` runs the tests, and the same tool answers over HTTP, from
    // CommonJS code that loads the runtime's Node module (ES) on the first serveHttp call.
    const served = await startHttpChild(join(root, "dist", "http.js"));
    const verifyHttp = await runShell(`npx mcp-gen verify --url ${served.url.href}`, root).finally(() => stopChild(served.child));
    expect(verifyHttp.output).toContain("The 1 tool matches mcp-tools.lock.json.");
    expect(verifyHttp.code).toBe(0);
    const npmTest = await runShell("npm test", root);
    expect(npmTest.code, npmTest.output).toBe(0);
    // The runtime init added is the one the generated code was written for.
    const check = await runShell("npx mcp-gen check", root);
    expect(check.output).toContain("Up to date");
    expect(check.code).toBe(0);
  }, 180_000); // npm, tsc, vitest and an HTTP server, each a process of its own: minutes on a loaded machine

  it("with --cwd, prints next steps that work as printed from where it ran, the first one into the project", async () => {
    const parent = tempProject({});
    const init = await runShell(`node ${JSON.stringify(join(REPO_ROOT, "bin/mcp-gen.js"))} init --cwd "packages/my server"`, parent);
    expect(init.code, init.output).toBe(0);
    const root = join(parent, "packages", "my server");
    expect(readdirSync(root)).toContain("mcp-gen.config.yaml");
    const steps = printedSteps(init.output);
    expect(steps).toEqual(["cd 'packages/my server'", "npm install", "npx mcp-gen build", "npx tsc -p .", "npx vitest run"]);
    expect(init.output).toContain("mcp-gen's commands also take --cwd 'packages/my server'");
    installLinked(root);
    // One shell, from the folder init ran in, as a user types them.
    const result = await runShell(steps.filter((step) => step !== "npm install").join(" && "), parent);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Tests\s+3 passed \(3\)/);
    // The same steps without --cwd (or with --cwd .) start in the project itself.
    const here = await runInProcess(tempProject({}), ["init", "--cwd", "."]);
    expect(printedSteps(here.stdout)[0]).toBe("npm install");
  });

  it("in a pnpm workspace, prints pnpm's commands, and writes them into the README section and the entries", async () => {
    const workspace = tempProject({ "pnpm-workspace.yaml": "packages:\n  - packages/*\n", "pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "package.json": '{ "name": "monorepo", "private": true }\n' });
    const root = join(workspace, "packages", "tools");
    mkdirSync(root, { recursive: true });
    const init = await runInProcess(root, ["init"]);
    expect(init.code, init.stderr).toBe(0);
    expect(printedSteps(init.stdout)).toEqual(["pnpm install", "pnpm exec mcp-gen build", "pnpm exec tsc -p .", "pnpm exec vitest run"]);
    expect(init.stdout).toContain("Then serve the tools: `pnpm run build`, then `pnpm start` (stdio) or `pnpm run start:http` (http://127.0.0.1:3000/mcp).");
    const readme = readFileSync(join(root, "README.md"), "utf8");
    expect(readme).toContain("- `pnpm exec mcp-gen build` validates the descriptors");
    expect(readme).toContain("`pnpm exec tsc -p .` type-checks the code and its tests; `pnpm run build` compiles");
    expect(readFileSync(join(root, "src/stdio.ts"), "utf8")).toContain("(`pnpm run build && pnpm start`)");
    // No npm command is left in what init printed or wrote.
    const written = [init.stdout, ...[...readTree(root).values()].map((file) => file.text)].join("\n");
    expect(written).not.toMatch(/`(npx|npm (run|start|install))\b/);
    expect(written).not.toMatch(/^ {2}(npx|npm) /m);
    // With a README of its own, the section init shows instead names pnpm's commands too.
    const kept = join(workspace, "packages", "other");
    writeFiles(kept, { "README.md": "# other\n" });
    const again = await runInProcess(kept, ["init"]);
    expect(again.stdout).toContain("README.md exists, so it is unchanged");
    expect(again.stdout).toContain("`pnpm exec mcp-gen check` fails in CI");
  });

  it("prints yarn's or bun's commands beside their lockfiles, and those package.json names", async () => {
    const yarn = await runInProcess(tempProject({ "yarn.lock": "" }), ["init"]);
    expect(printedSteps(yarn.stdout)).toEqual(["yarn install", "yarn mcp-gen build", "yarn tsc -p .", "yarn vitest run"]);
    const bun = await runInProcess(tempProject({ "bun.lock": "{}" }), ["init"]);
    expect(printedSteps(bun.stdout)).toEqual(["bun install", "bunx mcp-gen build", "bunx tsc -p .", "bunx vitest run"]);
    expect(bun.stdout).toContain("`bun run build`, then `bun run start` (stdio)");
    const declared = await runInProcess(tempProject({ "package.json": '{ "name": "x", "packageManager": "pnpm@9.12.0" }\n' }), ["init"]);
    expect(printedSteps(declared.stdout)[0]).toBe("pnpm install");
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
      scripts: {
        ...existing.scripts,
        generate: "mcp-gen build",
        check: "mcp-gen check",
        "mcp-gen:test": "vitest run",
        build: "tsc -p tsconfig.build.json",
        start: "node dist/stdio.js",
        "start:http": "node dist/http.js",
      },
      dependencies: {
        ...existing.dependencies,
        "@mcp-gen/runtime": fromCheckout(root, "packages/runtime"),
        "@modelcontextprotocol/client": version("@modelcontextprotocol/client"),
        "@modelcontextprotocol/node": version("@modelcontextprotocol/node"),
      },
      devDependencies: { ...existing.devDependencies, "@types/node": version("@types/node"), "mcp-gen": fromCheckout(root, "."), vitest: version("vitest") },
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
    const after = readTree(root);
    for (const path of ["tsconfig.json", "README.md", "tools/greet.yaml"]) expect(after.get(path)).toEqual(before.get(path));
    // Without its own tsconfig.json, init adds no build or start script (they assume its outDir),
    // and no tsconfig.build.json (it extends init's tsconfig.json).
    expect(Object.keys(readJson(root, "package.json").scripts!)).toEqual(["generate", "check", "test"]);
    expect([...after.keys()].filter((path) => !before.has(path)).sort()).toEqual([
      ".gitattributes",
      ".gitignore",
      ".prettierignore",
      "mcp-gen.config.yaml",
      "src/handlers/greet.ts",
      "src/http.ts",
      "src/stdio.ts",
    ]);
    // Without the build scripts, no dist/ line either (the project's own tsconfig says where output goes).
    expect(after.get(".gitignore")?.text).toBe("# written by `mcp-gen init`: installed, compiled or transient, never committed\nnode_modules/\n.mcp-gen.pid\n");
    // And no "serve" line naming scripts it did not add.
    expect(init.stdout).not.toContain("Then serve the tools");
  });

  it("adds only the ignore lines a project lacks, keeps its own, and names the ESLint and Biome entries", async () => {
    const root = tempProject({
      ".gitattributes": "* text=auto eol=lf\r\nsrc/generated/** linguist-generated=true\r\n",
      ".prettierignore": "dist",
      ".gitignore": "/node_modules\ndist\n",
      "eslint.config.js": "export default [];\n",
      "biome.json": "{}\n",
    });
    const init = await runInProcess(root, ["init"]);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain("Updated .gitattributes: added mcp-tools.lock.json linguist-generated=true\nUpdated .prettierignore: added src/generated/, mcp-tools.lock.json, tools/\n");
    expect(readFileSync(join(root, ".gitattributes"), "utf8")).toBe(
      "* text=auto eol=lf\r\nsrc/generated/** linguist-generated=true\r\n\r\n# mcp-gen: generated code and the lock file, rewritten by `mcp-gen build`\r\nmcp-tools.lock.json linguist-generated=true\r\n",
    );
    expect(readFileSync(join(root, ".prettierignore"), "utf8")).toBe(`dist\n\n${PRETTIER_HEADER}\nsrc/generated/\nmcp-tools.lock.json\ntools/\n`);
    // `/node_modules` and `dist` already ignore what init's lines would.
    expect(init.stdout).toContain("Updated .gitignore: added .mcp-gen.pid\n");
    expect(readFileSync(join(root, ".gitignore"), "utf8")).toBe("/node_modules\ndist\n\n# written by `mcp-gen init`: installed, compiled or transient, never committed\n.mcp-gen.pid\n");
    expect(init.stdout).toContain('Note: Keep ESLint off the generated code: add { ignores: ["src/generated/"] } to the array your eslint.config exports.');
    expect(init.stdout).toContain('"files": { "includes": ["**", "!src/generated", "!mcp-tools.lock.json", "!tools"] }');
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
    expect(bad.stderr).toContain("unknown option --bogus.");
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

describe("mcp-gen init and build in a folder whose path holds spaces, non-ASCII letters, % or #", () => {
  const HASH_NOTE = 'holds "#", and vitest (Vite) cannot load test files';
  const PERCENT_NOTE = 'holds "%", and vitest reads it as a URL escape when it loads its own modules';

  it("spaces and é: init, build, check, tsc and the scaffold tests work; the lock records project paths only", async () => {
    const root = join(tempProject({}), "my proj 1", "é x");
    mkdirSync(root, { recursive: true });
    const init = await runInProcess(root, ["init"]);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).not.toContain(HASH_NOTE);
    expect(init.stdout).not.toContain(PERCENT_NOTE);
    // A descriptor in a folder with "#" and "%" (vitest loads no file there), $ref'ing a schema in another by its URI-encoded path.
    writeFiles(root, {
      "tools/sub #1/é %41/wave.yaml": 'name: wave\ndescription: Waves.\ninputSchema:\n  type: object\n  properties:\n    who:\n      $ref: "../../../schemas/s%20%232/%C3%BC%20%2525/who.yaml"\n',
      "schemas/s #2/ü %25/who.yaml": "type: string\nmaxLength: 20\n",
      "src/handlers/wave.ts": 'import type { ToolHandlers } from "../generated/server.js";\n\nexport const wave: ToolHandlers["wave"] = async (args) => `Hello, ${args.who ?? "you"}!`;\n',
    });
    const build = await runInProcess(root, ["build"]);
    expect(build.code, build.stdout).toBe(0);
    for (const args of [["check"], ["check", "--full"]]) {
      const check = await runInProcess(root, args);
      expect(check.stdout, args.join(" ")).toContain("Up to date: 2 tools");
      expect(check.code).toBe(0);
    }
    const lock = readFileSync(join(root, "mcp-tools.lock.json"), "utf8");
    expect(Object.keys((JSON.parse(lock) as { inputs: Record<string, string> }).inputs)).toEqual(
      expect.arrayContaining(["schemas/s #2/ü %25/who.yaml", "tools/greet.yaml", "tools/sub #1/é %41/wave.yaml"]),
    );
    expect(lock).not.toContain("my proj");
    installLinked(root);
    const tsc = await runShell("npx tsc -p .", root);
    expect(tsc.output).toBe("");
    expect(tsc.code).toBe(0);
    const vitest = await runShell("npx vitest run", root);
    expect(vitest.code, vitest.output).toBe(0);
    expect(vitest.output).toMatch(/Test Files\s+2 passed \(2\)/);
  }, 120_000);

  it('"%": init says that vitest cannot run the tests there; build, check and tsc work', async () => {
    const root = join(tempProject({}), "my proj%1", "é %41 x");
    mkdirSync(root, { recursive: true });
    const init = await runInProcess(root, ["init"]);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain(`Note: The project's path (${realpathSync(root)}) ${PERCENT_NOTE}`);
    expect(init.stdout).not.toContain(HASH_NOTE);
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    expect((await runInProcess(root, ["check", "--full"])).code).toBe(0);
    installLinked(root);
    expect((await runShell("npx tsc -p .", root)).code).toBe(0);
    // vitest itself runs here only because installLinked's node_modules lies outside the folder; a
    // project's own npm install puts it below the "%", where vitest stops at "URI malformed".
  }, 120_000);

  it('"#": init says that vitest cannot run the tests there, which it cannot', async () => {
    const root = join(tempProject({}), "my proj#1", "é");
    mkdirSync(root, { recursive: true });
    const init = await runInProcess(root, ["init"]);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain(`Note: The project's path (${realpathSync(root)}) ${HASH_NOTE}`);
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    expect((await runInProcess(root, ["check"])).code).toBe(0);
    installLinked(root);
    expect((await runShell("npx tsc -p .", root)).code).toBe(0);
    // What the note is about: when Vite loads a module below "#", this note can go.
    const vitest = await runShell("npx vitest run", root);
    expect(vitest.code, vitest.output).not.toBe(0);
    expect(vitest.output).toContain("Cannot find module");
  }, 120_000);
});
