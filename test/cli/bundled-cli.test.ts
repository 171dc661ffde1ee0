// The package as a user gets it. The command runs dist/bundle/main.js (rolldown.config.mjs: tsc's
// dist/ bundled into a few modules, which start faster), which must be the compiled CLI in every
// respect a user can see: each command, run through both, prints the same, exits the same and
// writes the same files, including ones that find mcp-gen's own files by path (templates, runtime
// sources, init's templates, the worker threads' module). Both are made here, as `npm run build`
// makes them, in a package folder of this test's own (other tests compile the repository's dist/
// again while this one runs); then `npm pack` packs it, the tarball is installed into a project of
// its own, and the installed command, a server it generates and the library API run under each
// supported Node.js release (test/support/node-versions.ts).
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { basename, dirname, join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as api from "../../src/index.js";
import { ALL_NODES_EXPECTED, SUPPORTED_NODES } from "../support/node-versions.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const work = mkdtempSync(join(tmpdir(), "mcp-gen-bundle-"));
const PACKAGE = join(work, "package");
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The packed package, installed into this project's node_modules. */
const CONSUMER = join(work, "consumer");
const INSTALLED = join(CONSUMER, "node_modules", "mcp-gen");
let packed: { readonly tarball: string; readonly files: readonly string[] };

beforeAll(() => {
  // The package folder as the repository has it: dist/ next to bin/, templates/, schemas/,
  // packages/runtime/src/, package.json, README.md and LICENSE (copies: npm pack reads them).
  mkdirSync(join(PACKAGE, "packages", "runtime"), { recursive: true });
  for (const name of ["bin", "templates", "schemas", "package.json", "README.md", "LICENSE"]) cpSync(join(REPO_ROOT, name), join(PACKAGE, name), { recursive: true });
  cpSync(join(REPO_ROOT, "packages", "runtime", "src"), join(PACKAGE, "packages", "runtime", "src"), { recursive: true });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(PACKAGE, "node_modules"));
  execFileSync(join(REPO_ROOT, "node_modules/.bin/tsc"), ["-p", join(REPO_ROOT, "tsconfig.build.json"), "--outDir", join(PACKAGE, "dist")], { stdio: "pipe" });
  execFileSync(join(REPO_ROOT, "node_modules/.bin/rolldown"), ["-c", join(REPO_ROOT, "rolldown.config.mjs")], { cwd: PACKAGE, stdio: "pipe" });
  packed = pack(PACKAGE, work);
  install(packed.tarball, CONSUMER);
  // The runtime package as it ships: built by `npm run build` (npm ci's prepare), packed as is.
  runtimePacked = pack(join(REPO_ROOT, "packages", "runtime"), work);
}, 240_000);

let runtimePacked: { readonly tarball: string; readonly files: readonly string[] };

/**
 * Installs the packed @mcp-gen/runtime into `root` as npm would: unpacked into
 * node_modules/@mcp-gen/runtime, with its dependencies (not its peers, which the project declares)
 * linked from the repository's node_modules beside it.
 */
function installRuntime(root: string): void {
  const target = join(root, "node_modules", "@mcp-gen", "runtime");
  mkdirSync(target, { recursive: true });
  execFileSync("tar", ["-xzf", runtimePacked.tarball, "-C", target, "--strip-components=1"]);
  const manifest = JSON.parse(readFileSync(join(target, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies)) {
    mkdirSync(dirname(join(root, "node_modules", name)), { recursive: true });
    symlinkSync(join(REPO_ROOT, "node_modules", name), join(root, "node_modules", name), "dir");
  }
}

/** `npm pack` of `dir` (its build is done: no scripts), into `destination`. */
function pack(dir: string, destination: string): { tarball: string; files: string[] } {
  const out = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", destination], { cwd: dir, encoding: "utf8", env: cleanEnv() });
  const [report] = JSON.parse(out) as [{ filename: string; files: { path: string }[] }];
  return { tarball: join(destination, report.filename), files: report.files.map((file) => file.path).sort() };
}

/**
 * Installs `tarball` into a new project at `root` as npm would, without the registry (tests do not
 * install from it): the tarball unpacked into node_modules/mcp-gen, each of its `dependencies`
 * linked from the repository's node_modules (and nothing else, so an import of a package it does
 * not declare fails), and its command in node_modules/.bin.
 */
function install(tarball: string, root: string): void {
  mkdirSync(join(root, "node_modules", ".bin"), { recursive: true });
  writeFileSync(join(root, "package.json"), '{ "name": "consumer", "version": "1.0.0", "private": true, "type": "module" }\n');
  mkdirSync(INSTALLED);
  execFileSync("tar", ["-xzf", tarball, "-C", INSTALLED, "--strip-components=1"]);
  const manifest = JSON.parse(readFileSync(join(INSTALLED, "package.json"), "utf8")) as { dependencies: Record<string, string>; bin: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies)) {
    mkdirSync(dirname(join(root, "node_modules", name)), { recursive: true });
    symlinkSync(join(REPO_ROOT, "node_modules", name), join(root, "node_modules", name), "dir");
  }
  for (const [command, file] of Object.entries(manifest.bin)) symlinkSync(join("..", "mcp-gen", file), join(root, "node_modules", ".bin", command));
}

/** The environment of a user's shell: none of this run's VITEST_*, npm_* or MCP_GEN_* variables. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && !key.startsWith("npm_") && !key.startsWith("MCP_GEN_")));
  return { ...env, NO_COLOR: "1", CI: "1" };
}

const ENTRIES = { compiled: join(PACKAGE, "dist/cli/main.js"), bundled: join(PACKAGE, "dist/bundle/main.js") } as const;

/** Runs the CLI through `entry` in `cwd`; the environment forces no worker choice of its own. */
function run(entry: string, args: readonly string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const script = join(work, `run-${entry === ENTRIES.bundled ? "bundled" : "compiled"}.mjs`);
  writeFileSync(script, `import { runCli } from ${JSON.stringify(entry)};\nprocess.exitCode = await runCli(process.argv.slice(2));\n`);
  const result = spawnSync(process.execPath, [script, ...args], { cwd, env: cleanEnv(), encoding: "utf8", timeout: 120_000 });
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
  it("has an entry for the command line, one for the build's worker threads and one for the library, next to their chunks", () => {
    const files = readdirSync(join(PACKAGE, "dist/bundle"));
    expect(files).toEqual(expect.arrayContaining(["main.js", "build-worker.js", "index.js"]));
    // Chunks in place of the ~280 modules of dist/ (one or a few per lazily loaded command), none a package.
    expect(files.length).toBeLessThan(120);
    expect(readdirSync(join(PACKAGE, "dist"), { recursive: true }).filter((f) => String(f).endsWith(".js")).length).toBeGreaterThan(files.length * 2);
    for (const file of files) expect(readFileSync(join(PACKAGE, "dist/bundle", file), "utf8")).not.toMatch(/^\/\/#region node_modules/m);
  });

  it("loads no package in what every command loads: main and its core chunk import only Node's modules and chunks", () => {
    // A package there (yaml, ajv, handlebars...) would load in every command, a no-change check too:
    // each is loaded on first use (createRequire) by the module that needs it.
    for (const file of ["main.js", "core.js"]) {
      const text = readFileSync(join(PACKAGE, "dist/bundle", file), "utf8");
      const specifiers = [...text.matchAll(/^(?:import|export)\b[^;'"]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"/gm)].map((m) => m[1] ?? m[2]!);
      expect(specifiers.length, file).toBeGreaterThan(0);
      expect(
        specifiers.filter((specifier) => !specifier.startsWith("node:") && !specifier.startsWith("./")),
        file,
      ).toEqual([]);
    }
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
    sameThrough(
      "broken",
      (dir) => {
        writeTools(dir, 70);
        writeFileSync(join(dir, "tools", "t3.json"), JSON.stringify({ name: "bad name!", inputSchema: { type: "strng" } }));
      },
      [["build"], ["validate"]],
    );
  }, 240_000);

  it("scaffolds a project with init (templates/init found from the bundle) as the compiled CLI does", () => {
    sameThrough("init", (dir) => writeFileSync(join(dir, "package.json"), '{ "name": "scaffolded" }\n'), [["init"], ["build"]]);
  }, 120_000);
});

describe("the packed package", () => {
  it("ships the bundle, the declarations, the files it reads at run time, README and LICENSE, and nothing else", () => {
    const top = [
      ...new Set(
        packed.files.map((file) =>
          file
            .split("/")
            .slice(0, file.startsWith("dist/bundle/") ? 2 : file.startsWith("packages/runtime/src/") ? 3 : 1)
            .join("/"),
        ),
      ),
    ].sort();
    // packages/runtime/src: the runtime's sources, which `runtime: vendored` copies into a project.
    expect(top).toEqual(["LICENSE", "README.md", "bin", "dist", "dist/bundle", "package.json", "packages/runtime/src", "schemas", "templates"]);
    // dist/ holds tsc's declarations (the library's types) but no module: the bundle is the code.
    expect(packed.files.filter((file) => file.startsWith("dist/") && !file.startsWith("dist/bundle/") && !file.endsWith(".d.ts"))).toEqual([]);
    expect(packed.files).toEqual(
      expect.arrayContaining(["bin/mcp-gen.js", "dist/bundle/main.js", "dist/bundle/build-worker.js", "dist/bundle/index.js", "dist/bundle/pattern-checker.js", "dist/index.d.ts"]),
    );
    expect(readFileSync(join(INSTALLED, "LICENSE"), "utf8")).toMatch(/^MIT License\n/);
  });

  it("runs the bundle whenever it is there, whatever the file times; tsc's dist/cli only without it; and says how to build with neither", () => {
    // The installed bin/mcp-gen.js beside a dist/ of two stand-ins that say which one ran.
    const copy = join(work, "bin-choice");
    mkdirSync(join(copy, "bin"), { recursive: true });
    cpSync(join(INSTALLED, "bin", "mcp-gen.js"), join(copy, "bin", "mcp-gen.js"));
    writeFileSync(join(copy, "package.json"), '{ "type": "module" }\n');
    for (const build of ["bundle", "cli"]) {
      mkdirSync(join(copy, "dist", build), { recursive: true });
      writeFileSync(join(copy, "dist", build, "main.js"), `export async function runCli(argv) { process.stdout.write("${build} " + argv.join(" ")); return 3; }\n`);
    }
    // dist/cli written after the bundle, as an install may leave them: the bundle still runs.
    utimesSync(join(copy, "dist", "bundle", "main.js"), 1_000_000, 1_000_000);
    const run = () => spawnSync(process.execPath, [join(copy, "bin", "mcp-gen.js"), "build"], { encoding: "utf8", env: cleanEnv() });
    expect(run()).toMatchObject({ status: 3, stdout: "bundle build", stderr: "" });
    rmSync(join(copy, "dist", "bundle"), { recursive: true });
    expect(run()).toMatchObject({ status: 3, stdout: "cli build", stderr: "" });
    // Installed from source with its prepare script skipped: no dist/ at all.
    rmSync(join(copy, "dist"), { recursive: true });
    const none = run();
    expect(none).toMatchObject({ status: 2, stdout: "" });
    expect(none.stderr).toMatch(/^mcp-gen: this copy of mcp-gen is not built: .*dist\/ is missing\.\n/);
    expect(none.stderr).toContain("Install a release tarball");
    expect(none.stderr).not.toMatch(/\n\s+at /);
  });

  it("declares what it needs: a license, where it lives, and no package only its tests use", () => {
    const manifest = JSON.parse(readFileSync(join(INSTALLED, "package.json"), "utf8")) as Record<string, unknown> & { dependencies: Record<string, string> };
    expect(manifest.license).toBe("MIT");
    expect(manifest).toMatchObject({
      repository: { type: "git", url: "git+https://github.com/mcp-gen/mcp-gen.git" },
      homepage: "https://github.com/mcp-gen/mcp-gen#readme",
      bugs: { url: "https://github.com/mcp-gen/mcp-gen/issues" },
    });
    expect(Object.keys(manifest.dependencies)).not.toContain("ts-morph");
    // Every package the shipped code imports is a dependency (the install above links only those).
    const imported = new Set<string>();
    for (const file of packed.files.filter((f) => f.startsWith("dist/bundle/"))) {
      for (const m of readFileSync(join(INSTALLED, file), "utf8").matchAll(
        /^import\s(?:[^;]*?\sfrom\s*)?"([@\w][\w@/.:-]*)";?$|\bimport\(\s*"([@\w][\w@/.:-]*)"\s*\)|\brequire(?:\.resolve)?\(\s*"([@\w][\w@/.:-]*)"\s*\)/gm,
      )) {
        const specifier = (m[1] ?? m[2] ?? m[3])!;
        if (specifier.startsWith("node:")) continue;
        imported.add(
          specifier
            .split("/")
            .slice(0, specifier.startsWith("@") ? 2 : 1)
            .join("/"),
        );
      }
    }
    expect(imported.size).toBeGreaterThan(5);
    expect([...imported].filter((name) => !Object.hasOwn(manifest.dependencies, name)).sort()).toEqual([]);
  });
});

/** README's line for installing mcp-gen from a packed tarball: `npm install -D <path>/mcp-gen-<version>.tgz`. */
function readmeInstallLine(): { readonly line: string; readonly path: string } {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const match = /^(npm install -D (\S+\/mcp-gen-\d+\.\d+\.\d+\.tgz))$/m.exec(readme);
  if (!match) throw new Error("README.md has no line `npm install -D <path>/mcp-gen-<version>.tgz`");
  return { line: match[1]!, path: match[2]! };
}

describe("the packed runtime package", () => {
  it("ships its ES and CommonJS builds with their declarations, README and LICENSE, and no sources", () => {
    const files = runtimePacked.files;
    expect(files.filter((file) => !file.startsWith("dist/esm/") && !file.startsWith("dist/cjs/")).sort()).toEqual(["LICENSE", "README.md", "package.json"]);
    for (const build of ["esm", "cjs"]) expect(files).toEqual(expect.arrayContaining([`dist/${build}/tool-table.js`, `dist/${build}/tool-table.d.ts`, `dist/${build}/v1/server-runtime.js`]));
    expect(files).toContain("dist/cjs/package.json");
    expect(files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
  });

  it("has every file its exports name", () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "packages", "runtime", "package.json"), "utf8")) as { exports: Record<string, string | Record<string, Record<string, string>>> };
    const named = Object.values(manifest.exports).flatMap((entry) => (typeof entry === "string" ? [entry] : Object.values(entry).flatMap((condition) => Object.values(condition))));
    expect(named.map((path) => path.replace(/^\.\//, "")).filter((path) => !runtimePacked.files.includes(path))).toEqual([]);
  });
});

describe("README's install line", () => {
  it("installs the packed tarball with npm, and the command runs", () => {
    const { line, path } = readmeInstallLine();
    expect(path.endsWith(`/mcp-gen-${api.MCP_GEN_VERSION}.tgz`)).toBe(true);
    const project = join(work, "readme-install");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), '{ "name": "my-server", "version": "1.0.0", "private": true }\n');
    // What the registry would answer for mcp-gen's dependencies, as a lock npm reads instead (tests
    // do not use the registry): the versions, tarball URLs and integrity of the repository's own
    // lock, whose tarballs npm ci left in npm's cache. npm itself unpacks, places and links.
    writeFileSync(join(project, "package-lock.json"), JSON.stringify(lockFor(project, packed.tarball), null, 2));
    const args = line.replace(path, packed.tarball).split(" ").slice(1);
    const install = spawnSync("npm", [...args, "--offline", "--no-audit", "--no-fund"], { cwd: project, env: cleanEnv(), encoding: "utf8", timeout: 120_000 });
    expect(install.status, `${install.stdout}${install.stderr}`).toBe(0);
    const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    expect(Object.keys(manifest.devDependencies)).toEqual(["mcp-gen"]);
    const version = spawnSync(join(project, "node_modules", ".bin", "mcp-gen"), ["--version"], { cwd: project, env: cleanEnv(), encoding: "utf8" });
    expect(version.stdout.trim()).toBe(api.MCP_GEN_VERSION);
  });
});

describe("the two tarballs, installed as a user would (issue 25.1)", () => {
  it("npm install -D mcp-gen's tarball, init, npm install: the project builds, checks and compiles", () => {
    // npm itself, from the registry (through npm's cache, which npm ci filled: --prefer-offline), as
    // on a user's machine; mcp-gen and its runtime from the tarballs side by side, as a release
    // attaches them and `npm pack` in a clone writes them.
    const project = join(work, "user-project");
    mkdirSync(project);
    const sh = (command: string, args: readonly string[]) => {
      const result = spawnSync(command, args, { cwd: project, env: cleanEnv(), encoding: "utf8", timeout: 240_000 });
      expect(result.status, `${command} ${args.join(" ")}\n${result.stdout}${result.stderr}`).toBe(0);
      return result.stdout;
    };
    const npm = (...args: string[]) => sh("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund"]);
    npm("init", "-y");
    npm("install", "-D", packed.tarball);
    const bin = join(project, "node_modules", ".bin");
    expect(sh(join(bin, "mcp-gen"), ["init"])).toContain("Created mcp-gen.config.yaml");
    const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as Record<string, Record<string, string>>;
    // The specs init wrote resolve: the tarball npm recorded, and the runtime's beside it.
    expect(manifest.devDependencies!["mcp-gen"]).toBe(`file:../${basename(packed.tarball)}`);
    expect(manifest.dependencies!["@mcp-gen/runtime"]).toBe(`file:../${basename(runtimePacked.tarball)}`);
    npm("install");
    expect(readFileSync(join(project, "node_modules", "@mcp-gen", "runtime", "package.json"), "utf8")).toContain('"name": "@mcp-gen/runtime"');
    expect(sh(join(bin, "mcp-gen"), ["build"])).toMatch(/^Built 1 tool into src\/generated: \d+ files written, 0 unchanged\.\n/);
    expect(sh(join(bin, "mcp-gen"), ["check"])).toContain("Up to date");
    sh(join(bin, "tsc"), ["-p", "."]);
  }, 300_000);
});

/** A package-lock.json for `project` holding mcp-gen from `tarball` and, as the repository's lock has them, its dependencies. */
function lockFor(project: string, tarball: string): unknown {
  const own = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as Record<string, unknown>;
  const repoLock = JSON.parse(readFileSync(join(REPO_ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean; devOptional?: boolean; link?: boolean }> };
  const spec = `file:${relative(project, tarball)}`;
  const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
  const packages: Record<string, unknown> = {
    "": { name: "my-server", version: "1.0.0", devDependencies: { "mcp-gen": spec } },
    "node_modules/mcp-gen": { version: own.version, resolved: spec, integrity, dev: true, license: own.license, dependencies: own.dependencies, bin: own.bin, engines: own.engines },
  };
  for (const [path, entry] of Object.entries(repoLock.packages)) {
    if (path.startsWith("node_modules/") && !entry.dev && !entry.devOptional && !entry.link) packages[path] = { ...entry, dev: true };
  }
  return { name: "my-server", version: "1.0.0", lockfileVersion: 3, requires: true, packages };
}

describe("the supported Node.js releases", () => {
  it("are each installed where npm has them all (linux-x64), and the oldest of its line", () => {
    expect(SUPPORTED_NODES.map((n) => n.version.split(".")[0])).toEqual(["20", "22", "24", "25", "26"]);
    const engines = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;
    const [v20, v22] = SUPPORTED_NODES.map((n) => n.version);
    expect(engines).toBe(`^${v20} || >=${v22}`);
    if (ALL_NODES_EXPECTED) expect(SUPPORTED_NODES.filter((n) => n.binary === undefined)).toEqual([]);
  });
});

/** npm's own command-line script, to run under another Node than the one on PATH. */
function npmCli(): string {
  return realpathSync(execFileSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).trim());
}

describe.each(SUPPORTED_NODES)("the installed package under Node.js $version", ({ version, binary }) => {
  const node = (args: readonly string[], cwd: string) => {
    const result = spawnSync(binary!, args, { cwd, env: cleanEnv(), encoding: "utf8", timeout: 120_000 });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };
  const mcpGen = (args: readonly string[], cwd: string) => node([join(CONSUMER, "node_modules", ".bin", "mcp-gen"), ...args], cwd);

  it.skipIf(binary === undefined)("runs the command: init, build, check, and a generated server that verify checks", () => {
    expect(node(["--version"], CONSUMER).output.trim()).toBe(`v${version}`);
    expect(mcpGen(["--version"], CONSUMER).output.trim()).toBe(api.MCP_GEN_VERSION);
    // The language server's module loads, with the packages it needs installed as dependencies.
    const lsp = mcpGen(["lsp", "--help"], CONSUMER);
    expect(lsp.status, lsp.output).toBe(0);
    const project = join(work, `project-${version}`);
    mkdirSync(project);
    const init = mcpGen(["init"], project);
    expect(init.status, init.output).toBe(0);
    // What `npm install` would add: mcp-gen as installed above, and the packages the generated code
    // and its compilation need, linked from the repository.
    mkdirSync(join(project, "node_modules", "@modelcontextprotocol"), { recursive: true });
    mkdirSync(join(project, "node_modules", "@types"));
    symlinkSync(INSTALLED, join(project, "node_modules", "mcp-gen"), "dir");
    for (const name of ["@modelcontextprotocol/server", "@modelcontextprotocol/client", "@types/node"]) symlinkSync(join(REPO_ROOT, "node_modules", name), join(project, "node_modules", name), "dir");
    // The runtime init added to the dependencies, from its own tarball: the generated code imports it.
    installRuntime(project);
    const build = mcpGen(["build"], project);
    expect(build.status, build.output).toBe(0);
    const check = mcpGen(["check"], project);
    expect(check.status, check.output).toBe(0);
    // The V8 flags a batch command sets (engine-tuning.ts) are ones this Node's V8 knows.
    for (const run of [build, check]) expect(run.output).not.toMatch(/unrecognized flag|Try --help for options/);
    // Compiled by TypeScript (which Node runs it does not matter), then served under this Node.
    execFileSync(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", join(project, "tsconfig.build.json")], { cwd: project, stdio: "pipe" });
    const verify = mcpGen(["verify", "--command", `${JSON.stringify(binary)} dist/stdio.js`], project);
    expect(verify.output).toContain("The 1 tool matches mcp-tools.lock.json.");
    expect(verify.status).toBe(0);
  });

  it.skipIf(binary === undefined)("runs the bundled ReDoS checker (recheck inlined, not installed) on patterns that need its verdict", () => {
    const project = join(work, `patterns-${version}`);
    mkdirSync(join(project, "tools"), { recursive: true });
    const properties = { quoted: { type: "string", pattern: "^(['\"]).*\\1$" }, title: { type: "string", pattern: "^(\\w+\\s?)*(?<!\\s)$" } };
    writeFileSync(join(project, "tools", "t.json"), JSON.stringify({ name: "t", description: "T.", inputSchema: { type: "object", properties } }));
    const validate = mcpGen(["validate"], project);
    // The back-reference is certified (not reported); the exponential lookbehind is refused with its attack string.
    expect(validate.output.match(/error schema-pattern-bounded-time/g), validate.output).toHaveLength(1);
    expect(validate.output).toContain("Pattern /^(\\w+\\s?)*(?<!\\s)$/ uses a lookbehind");
    expect(validate.output).toContain("hint: Attack string: '0' + '0'.repeat(31) + '\\x00'.");
    expect(validate.status).toBe(1);
  });

  it.skipIf(binary === undefined)("is installed, with the repository's own dependencies, without an engine warning", () => {
    // npm's own engine check, on the lock as `npm ci` reads it, without installing anything.
    const dir = join(work, `engines-${version}`);
    mkdirSync(join(dir, "test", "node-versions"), { recursive: true });
    mkdirSync(join(dir, "packages", "runtime"), { recursive: true });
    for (const file of ["package.json", "package-lock.json", "test/node-versions/package.json", "packages/runtime/package.json"]) cpSync(join(REPO_ROOT, file), join(dir, file));
    const ci = node([npmCli(), "ci", "--dry-run", "--offline", "--ignore-scripts", "--no-audit", "--no-fund", "--cache", join(dir, "cache")], dir);
    expect(ci.output).not.toContain("EBADENGINE");
    expect(ci.status, ci.output).toBe(0);
  });

  it.skipIf(binary === undefined)("imports the library API, the package's `exports`", () => {
    const keys = node(["--input-type=module", "-e", "const m = await import('mcp-gen'); console.log(Object.keys(m).sort().join(','))"], CONSUMER);
    expect(keys.status, keys.output).toBe(0);
    expect(keys.output.trim().split(",")).toEqual(Object.keys(api).sort());
  });
});
