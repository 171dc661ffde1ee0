// What CI sees of check, diff and validate (issue 15): a dependency bump keeps check green; paths
// point at the files from the folder the command runs in (text, JSON), the repository root (GitHub)
// or a declared %SRCROOT% (SARIF), for a project two folders below the repository root; one finding
// per cause; one finding for a formatter run over the generated folder; --fail-on, --max-warnings,
// --report, colour and option suggestions.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { renderLock } from "../../src/lock/render-lock.js";
import { hashFileText } from "../../src/lock/sha256.js";
import type { LockFile } from "../../src/model/lock.js";
import { expectValidSarif } from "../support/sarif-schema.js";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";

const WEATHER = "name: get_weather\ndescription: Current weather for a city.\ninputSchema:\n  type: object\n  properties:\n    city: { type: string }\n  required: [city]\n";
const PING = "name: ping\ndescription: Check that the server answers.\ninputSchema: { type: object, additionalProperties: false }\n";
const ECHO = "name: echo\ndescription: Say it back.\ninputSchema:\n  type: object\n  properties:\n    text: { type: string }\n";
const PACKAGE = { name: "weather-server", version: "1.0.0", dependencies: { "@mcp-gen/runtime": "^0.1.0", "@modelcontextprotocol/server": "2.4.0" } };

async function built(files: Record<string, string> = {}): Promise<string> {
  const root = tempProject({ "tools/get_weather.yaml": WEATHER, "tools/ping.yaml": PING, "tools/echo.yaml": ECHO, "package.json": JSON.stringify(PACKAGE, null, 2), ...files });
  const build = await runInProcess(root, ["build"]);
  expect(build.code, build.stdout).toBe(0);
  return root;
}

const read = (root: string, path: string) => readFileSync(join(root, path), "utf8");

describe("package.json in the lock", () => {
  it("records the name and version generation uses, not the file's hash", async () => {
    const root = await built();
    const lock = JSON.parse(read(root, "mcp-tools.lock.json")) as LockFile;
    expect(lock.packageJson).toEqual({ name: "weather-server", version: "1.0.0" });
    expect(Object.keys(lock.inputs)).not.toContain("package.json");
  });

  it("a dependency bump (or any edit of another field) keeps check green, fast path and --full", async () => {
    const root = await built();
    writeFiles(root, { "package.json": JSON.stringify({ ...PACKAGE, description: "x", dependencies: { ...PACKAGE.dependencies, "@modelcontextprotocol/server": "2.5.0" } }, null, 4) });
    for (const argv of [["check"], ["check", "--full"]]) {
      const check = await runInProcess(root, argv);
      expect(check.stdout, argv.join(" ")).toMatch(/^Up to date: /);
      expect(check.code).toBe(0);
    }
  });

  it("a version bump fails check at package.json's version, with the server module as related location", async () => {
    const root = await built();
    writeFiles(root, { "package.json": JSON.stringify({ ...PACKAGE, version: "1.1.0" }, null, 2) });
    const check = await runInProcess(root, ["check", "--format", "json"]);
    expect(check.code).toBe(1);
    const { diagnostics } = JSON.parse(check.stdout) as { diagnostics: { ruleId: string; file: string; line: number; message: string; related: { file: string }[] }[] };
    expect(diagnostics.map((d) => [d.ruleId, d.file, d.line, d.message, d.related.map((r) => r.file)])).toEqual([
      [
        "lock-input-changed",
        "package.json",
        3,
        'package.json\'s version is now "1.1.0"; mcp-tools.lock.json was written with "1.0.0", the server version the generated code reports.',
        ["src/generated/server.ts"],
      ],
    ]);
  });

  it("with server.name and version in the config, package.json plays no part", async () => {
    const root = await built({ "mcp-gen.config.yaml": "server: { name: weather, version: 2.0.0 }\n" });
    expect((JSON.parse(read(root, "mcp-tools.lock.json")) as LockFile).packageJson).toEqual({});
    writeFiles(root, { "package.json": JSON.stringify({ ...PACKAGE, name: "renamed", version: "9.9.9" }) });
    expect((await runInProcess(root, ["check", "--full"])).code).toBe(0);
  });

  it("reads a lock of the earlier format (package.json hashed whole): a bump passes, a version change fails, build migrates it", async () => {
    const root = await built();
    const { packageJson: _values, ...lock } = JSON.parse(read(root, "mcp-tools.lock.json")) as LockFile;
    const legacy = { ...lock, inputs: { ...lock.inputs, "package.json": hashFileText(read(root, "package.json")) } };
    writeFiles(root, { "mcp-tools.lock.json": renderLock(legacy) });
    const same = await runInProcess(root, ["check", "--full"]);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/^mcp-tools\.lock\.json:1:1 info lock-format-old mcp-tools\.lock\.json records a hash of all of package\.json/);
    writeFiles(root, { "package.json": JSON.stringify({ ...PACKAGE, dependencies: { "@mcp-gen/runtime": PACKAGE.dependencies["@mcp-gen/runtime"] } }) });
    for (const argv of [["check"], ["check", "--full"]]) expect((await runInProcess(root, argv)).code, argv.join(" ")).toBe(0);
    writeFiles(root, { "package.json": JSON.stringify({ ...PACKAGE, version: "3.0.0" }) });
    const bumped = await runInProcess(root, ["check", "--full"]);
    expect(bumped.code).toBe(1);
    expect(bumped.stdout).toContain("package.json:1:1 error lock-input-changed package.json changed since mcp-tools.lock.json was written, and a build now writes generated files differently");
    expect(bumped.stdout).toMatch(/related: src\/generated\/server\.ts:\d+:1 out of date/);
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    expect((JSON.parse(read(root, "mcp-tools.lock.json")) as LockFile).packageJson).toEqual({ name: "weather-server", version: "3.0.0" });
    expect((await runInProcess(root, ["check", "--full"])).stdout).toMatch(/^Up to date: /);
  });
});

describe("one cause, one finding", () => {
  it("a rename and two edits give three annotations, none on a generated file", async () => {
    const root = await built();
    writeFiles(root, {
      "tools/ping.yaml": PING.replace("name: ping", "name: ping_server"),
      "tools/echo.yaml": ECHO.replace("Say it back.", "Say it back, louder."),
      "tools/get_weather.yaml": WEATHER.replace("city: { type: string }", "city: { type: string, minLength: 1 }"),
    });
    const github = await runInProcess(root, ["check", "--format", "github"]);
    expect(github.code).toBe(1);
    const lines = github.stdout.trim().split("\n");
    expect(lines.map((line) => /^::error file=([^,]+),.*title=mcp-gen ([a-z-]+)::/.exec(line)!.slice(1))).toEqual([
      ["tools/echo.yaml", "lock-tool-changed"],
      ["tools/get_weather.yaml", "lock-tool-changed"],
      ["tools/ping.yaml", "lock-tool-renamed"],
    ]);
    expect(lines[2]).toContain('Tool \\"ping\\" was renamed to \\"ping_server\\"'.replace(/\\/g, ""));
    expect(lines[0]).toContain("%0ARelated:%0A- src/generated/");
  });

  it("a formatter run over the generated folder is one finding that says so and how to fix it", async () => {
    const root = await built();
    const generated = join(root, "src/generated");
    const reformat = (dir: string): number =>
      readdirSync(dir, { withFileTypes: true }).reduce((n, entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return n + reformat(path);
        // What Prettier with singleQuote and semi: false does, near enough: keys that need no quotes
        // lose them (quoteProps "as-needed"), other strings take single quotes unless they hold a
        // quote or an escape (Prettier keeps the quotes that need fewer escapes), each string whole:
        // `"say \"hi\"."` stays as it is, not cut at its escaped quotes.
        const text = readFileSync(path, "utf8");
        const formatted = text
          .replace(/"([A-Za-z_$][\w$]*)":/g, "$1:")
          .replace(/"((?:[^"\\\n]|\\.)*)"/g, (literal, body: string) => (/['\\]/.test(body) ? literal : `'${body}'`))
          .replace(/;$/gm, "");
        if (formatted === text) return n;
        writeFileSync(path, formatted);
        return n + 1;
      }, 0);
    const changed = reformat(generated);
    // Every generated file: six aggregate modules, three tool modules and the validators.
    expect(changed).toBe(10);
    const check = await runInProcess(root, ["check", "--format", "json"]);
    expect(check.code).toBe(1);
    const { diagnostics } = JSON.parse(check.stdout) as { diagnostics: { ruleId: string; message: string; hint: string; related?: unknown[] }[] };
    expect(diagnostics.map((d) => d.ruleId)).toEqual(["generated-file-formatted"]);
    expect(diagnostics[0]!.message).toMatch(
      new RegExp(`^${changed} generated files were reformatted since the last build: only whitespace, quotes, semicolons, commas, parentheses or a union's leading \\| differ`),
    );
    expect(diagnostics[0]!.hint).toContain("`mcp-gen build --force`");
    expect(diagnostics[0]!.related).toHaveLength(changed - 1);
    // build, which will not overwrite them without --force, says the same, once.
    const build = await runInProcess(root, ["build", "--format", "json"]);
    expect(build.code).toBe(1);
    const refused = (JSON.parse(build.stdout) as { diagnostics: { ruleId: string; message: string }[] }).diagnostics;
    expect(refused.map((d) => d.ruleId)).toEqual(["generated-file-formatted"]);
    expect(refused[0]!.message).toBe(diagnostics[0]!.message);
  });

  it("check and build point a reformatted file's finding at its first line that differs, both at the same place", async () => {
    const root = await built();
    const path = "src/generated/tools.ts";
    const lines = read(root, path).split("\n");
    // What Prettier with semi: false does to one statement, well below the file's first line.
    const changed = lines.findIndex((line, i) => i > 2 && line.endsWith(";"));
    expect(changed).toBeGreaterThan(2);
    lines[changed] = lines[changed]!.slice(0, -1);
    writeFileSync(join(root, path), lines.join("\n"));
    const place = (run: { code: number; stdout: string }) => {
      expect(run.code, run.stdout).toBe(1);
      const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { ruleId: string; file: string; line: number; column: number; endLine: number; endColumn: number }[] };
      return diagnostics.map(({ ruleId, file, line, column, endLine, endColumn }) => ({ ruleId, file, line, column, endLine, endColumn }));
    };
    const expected = [{ ruleId: "generated-file-formatted", file: path, line: changed + 1, column: 1, endLine: changed + 1, endColumn: 1 }];
    expect(place(await runInProcess(root, ["check", "--format", "json"]))).toEqual(expected);
    expect(place(await runInProcess(root, ["build", "--format", "json"]))).toEqual(expected);
  });
  it("check and build point a hand-edited file's finding at its first line that differs, both at the same place", async () => {
    const root = await built();
    const path = "src/generated/tools.ts";
    const lines = read(root, path).split("\n");
    const changed = lines.findIndex((line, i) => i > 2 && line.endsWith(";"));
    expect(changed).toBeGreaterThan(2);
    lines[changed] = `${lines[changed]} // edited by hand`;
    writeFileSync(join(root, path), lines.join("\n"));
    const place = (run: { code: number; stdout: string }) => {
      expect(run.code, run.stdout).toBe(1);
      const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { ruleId: string; file: string; line: number; column: number; endLine: number; endColumn: number }[] };
      return diagnostics.map(({ ruleId, file, line, column, endLine, endColumn }) => ({ ruleId, file, line, column, endLine, endColumn }));
    };
    const expected = [{ ruleId: "generated-file-edited", file: path, line: changed + 1, column: 1, endLine: changed + 1, endColumn: 1 }];
    expect(place(await runInProcess(root, ["check", "--format", "json"]))).toEqual(expected);
    expect(place(await runInProcess(root, ["build", "--format", "json"]))).toEqual(expected);
  });
});

describe("paths in a project two folders below the repository root", () => {
  function monorepo(): { repo: string; other: string } {
    const repo = tempProject({
      "packages/tools-a/tools/bad.yaml": "name: bad name\ndescription: A tool.\ninputSchema: { type: object, additionalProperties: false }\n",
      // A name with a space is a warning by default; the paths are what this is about.
      "packages/tools-a/mcp-gen.config.yaml": "rules:\n  tool-name-syntax: error\n",
      "packages/tools-b/README.md": "another package\n",
    });
    mkdirSync(join(repo, ".git"));
    return { repo, other: join(repo, "packages", "tools-b") };
  }

  it("text and JSON name files from the current folder, GitHub from the repository root, SARIF from a declared %SRCROOT%", async () => {
    const { repo, other } = monorepo();
    const runs = [
      { cwd: repo, argv: ["--cwd", "packages/tools-a"], fromCwd: "packages/tools-a/tools/bad.yaml" },
      { cwd: other, argv: ["--cwd", "../tools-a"], fromCwd: "../tools-a/tools/bad.yaml" },
      { cwd: join(repo, "packages", "tools-a"), argv: [], fromCwd: "tools/bad.yaml" },
    ];
    for (const run of runs) {
      const text = await runInProcess(run.cwd, ["validate", ...run.argv]);
      expect(text.code).toBe(1);
      expect(text.stdout).toContain(`${run.fromCwd}:1:7 error tool-name-syntax `);
      const json = JSON.parse((await runInProcess(run.cwd, ["validate", ...run.argv, "--format", "json"])).stdout) as { diagnostics: { file: string }[] };
      expect(new Set(json.diagnostics.map((d) => d.file))).toEqual(new Set([run.fromCwd]));
      const github = await runInProcess(run.cwd, ["validate", ...run.argv, "--format", "github"]);
      expect(github.stdout).toMatch(/^::error file=packages\/tools-a\/tools\/bad\.yaml,line=1,col=7,.*title=mcp-gen tool-name-syntax::/m);
      const sarif = expectValidSarif((await runInProcess(run.cwd, ["validate", ...run.argv, "--format", "sarif"])).stdout) as {
        runs: { originalUriBaseIds: Record<string, { uri: string }>; results: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } } }[] }[] }[];
      };
      expect(sarif.runs[0]!.originalUriBaseIds["%SRCROOT%"]!.uri).toBe(`${pathToFileURL(repo).href}/`);
      expect(sarif.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: "packages/tools-a/tools/bad.yaml", uriBaseId: "%SRCROOT%" });
    }
  });

  it("check, diff and their Markdown reports too", async () => {
    const { repo } = monorepo();
    const project = join(repo, "packages", "tools-a");
    writeFiles(project, { "tools/bad.yaml": PING });
    expect((await runInProcess(repo, ["build", "--cwd", "packages/tools-a"])).code).toBe(0);
    writeFiles(project, { "tools/bad.yaml": PING.replace("answers.", "answers!") });
    const check = await runInProcess(repo, ["check", "--cwd", "packages/tools-a"]);
    expect(check.stdout).toMatch(/^packages\/tools-a\/tools\/bad\.yaml:2:1 error lock-tool-changed /);
    expect(check.stdout).toMatch(/related: packages\/tools-a\/src\/generated\/client\.ts:\d+:1 out of date/);
    const diff = await runInProcess(repo, ["diff", "--cwd", "packages/tools-a", "--format", "sarif"]);
    expect(diff.code).toBe(1);
    const log = expectValidSarif(diff.stdout) as {
      runs: { results: { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[] }[];
    };
    expect(log.runs[0]!.results.map((r) => [r.ruleId, r.level, r.locations[0]!.physicalLocation.artifactLocation.uri, r.locations[0]!.physicalLocation.region.startLine])).toEqual([
      ["tool-change-needs-review", "warning", "packages/tools-a/tools/bad.yaml", 2],
    ]);
    const markdown = await runInProcess(join(repo, "packages", "tools-b"), ["diff", "--cwd", "../tools-a", "--format", "markdown"]);
    expect(markdown.stdout).toContain("In `packages/tools-a/tools/bad.yaml`.");
    expect(markdown.stdout).toContain("-Check that the server answers.\n+Check that the server answers!\n");
  });
});

describe("report options", () => {
  it("--fail-on and --max-warnings decide the exit status, as in eslint and Spectral", async () => {
    const root = tempProject({ "tools/a.yaml": "name: a\ninputSchema: { type: object, additionalProperties: false }\n" });
    const warnings = await runInProcess(root, ["validate"]);
    expect(warnings.stdout).toContain("warning description-missing");
    expect(warnings.code).toBe(0);
    expect((await runInProcess(root, ["validate", "--fail-on", "warning"])).code).toBe(1);
    expect((await runInProcess(root, ["validate", "--max-warnings", "0"])).code).toBe(1);
    expect((await runInProcess(root, ["validate", "--max-warnings", "1"])).code).toBe(0);
    // A failing build writes nothing.
    expect((await runInProcess(root, ["build", "--fail-on", "warning"])).code).toBe(1);
    expect(existsSync(join(root, "mcp-tools.lock.json"))).toBe(false);
    for (const bad of [
      ["--fail-on", "fatal"],
      ["--max-warnings", "-1"],
      ["--report", "markdown"],
      ["--report", "xml=a.txt"],
    ]) {
      expect((await runInProcess(root, ["validate", ...bad])).code, bad.join(" ")).toBe(2);
    }
  });

  it("diff fails on needs review by default, on breaking only with --fail-on error", async () => {
    const root = await built();
    writeFiles(root, { "tools/ping.yaml": PING.replace("answers.", "answers!") });
    expect((await runInProcess(root, ["diff"])).code).toBe(1);
    expect((await runInProcess(root, ["diff", "--fail-on", "error"])).code).toBe(0);
  });

  it("--report writes more formats to files beside stdout's", async () => {
    const root = await built();
    writeFiles(root, { "tools/ping.yaml": PING.replace("answers.", "answers!") });
    const run = await runInProcess(root, ["check", "--format", "github", "--report", "markdown=out/summary.md", "--report", "sarif=out/mcp-gen.sarif"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::error file=tools\/ping\.yaml,/);
    expect(read(root, "out/summary.md")).toMatch(/^### mcp-gen check: failed\n/);
    expect(read(root, "out/summary.md")).toContain("#### `ping`: needs review");
    expectValidSarif(read(root, "out/mcp-gen.sarif"));
  });

  // /proc takes no new file (ENOENT even for root); a folder mcp-gen can tell is wrong beforehand is a usage error instead.
  it.skipIf(!existsSync("/proc/self"))("--report to a place the system will not write is its refusal (exit 74), not a bug, and stdout holds one document", async () => {
    const root = await built();
    const run = await runInProcess(root, ["check", "--format", "json", "--report", "sarif=/proc/mcp-gen.sarif"]);
    expect(run.code).toBe(74);
    expect(run.stderr).toContain("the report file /proc/mcp-gen.sarif could not be written");
    expect(run.stderr).not.toContain("internal error");
    const printed = JSON.parse(run.stdout) as { failure?: { exitCode: number } };
    expect(printed.failure?.exitCode).toBe(74);
  });

  it("suggests the option meant, and honours FORCE_COLOR and NO_COLOR", async () => {
    const root = tempProject({ "tools/a.yaml": "name: a b\ninputSchema: { type: object }\n", "mcp-gen.config.yaml": "rules:\n  tool-name-syntax: error\n" });
    const typo = await runInProcess(root, ["validate", "--frmat", "json"]);
    expect(typo).toMatchObject({ code: 2, stderr: expect.stringContaining("unknown option --frmat; did you mean --format?") });
    expect((await runInProcess(root, ["validate"])).stdout).not.toContain("\u001b[");
    expect((await runInProcess(root, ["validate"], { FORCE_COLOR: "1" })).stdout).toContain("\u001b[31merror\u001b[0m");
    expect((await runInProcess(root, ["validate"], { FORCE_COLOR: "0" })).stdout).not.toContain("\u001b[");
    expect((await runInProcess(root, ["validate"], { FORCE_COLOR: "1", NO_COLOR: "1" })).stdout).toContain("\u001b[");
  });

  it("build with no descriptor warns that the tools globs matched nothing, and writes nothing", async () => {
    const root = tempProject({ "mcp-gen.config.yaml": 'tools: ["descriptors/*.yaml"]\n' });
    const build = await runInProcess(root, ["build"]);
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/^mcp-gen\.config\.yaml:1:1 warning tools-not-found The tools glob "descriptors\/\*\.yaml" matched no file: there is no tool to validate or build\./);
    expect(existsSync(join(root, "src"))).toBe(false);
    expect(existsSync(join(root, "mcp-tools.lock.json"))).toBe(false);
    expect((await runInProcess(root, ["validate"])).stdout).toContain("warning tools-not-found");
  });

  it("build after the last descriptor was removed fails, and says how to remove every tool, rather than leaving check red for good", async () => {
    const root = tempProject({ "mcp-gen.config.yaml": "server:\n  name: greeter\n  version: 1.0.0\n", "tools/greet.yaml": "name: greet\ninputSchema: { type: object }\n" });
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    rmSync(join(root, "tools/greet.yaml"));
    expect((await runInProcess(root, ["check"])).stdout).toContain("lock-tool-removed");
    const build = await runInProcess(root, ["build"]);
    expect(build.code).toBe(1);
    expect(build.stdout).toContain('error tools-not-found The tools glob "tools/**/*.{yaml,yml,json}" matched no file, but mcp-tools.lock.json pins 1 tool');
    expect(build.stdout).toContain("To remove every tool, delete src/generated/ and mcp-tools.lock.json");
    // Done as the hint says, the project is clean: nothing pinned, nothing generated, check passes.
    rmSync(join(root, "src/generated"), { recursive: true });
    rmSync(join(root, "mcp-tools.lock.json"));
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    expect((await runInProcess(root, ["check"])).code).toBe(0);
  });

  it("build shows progress on a terminal, and none in a pipe or in json", async () => {
    const onTerminal = async (root: string, argv: string[], isTty: boolean) => {
      let stdout = "";
      let stderr = "";
      const code = await runCli(argv, { cwd: root, env: {}, isTty, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
      return { code, stdout, stderr };
    };
    const root = tempProject({ "tools/ping.yaml": PING, "tools/echo.yaml": ECHO });
    const tty = await onTerminal(root, ["build"], true);
    expect(tty.code).toBe(0);
    expect(tty.stderr).toContain("\r\u001b[2KValidating 2 tools…\r\u001b[2KGenerating code for 2 tools…\r\u001b[2KWriting ");
    expect(tty.stderr.endsWith("\r\u001b[2K")).toBe(true);
    expect(tty.stdout).toMatch(/^Built 2 tools into src\/generated: /);
    writeFiles(root, { "tools/ping.yaml": PING.replace("answers.", "answers!") });
    expect((await onTerminal(root, ["build", "--format", "json"], true)).stderr).toBe("");
    writeFiles(root, { "tools/ping.yaml": PING });
    expect((await onTerminal(root, ["build"], false)).stderr).toBe("");
  });

  it("build with nothing to write leaves no progress line on a terminal either", async () => {
    // A project with node_modules has a build cache, so the second build finds it has nothing to
    // write: from the lock's recorded hashes, without validating anything (unchanged-build-fast.ts).
    const root = tempProject({ "tools/ping.yaml": PING, "node_modules/.keep": "" });
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    let stdout = "";
    let stderr = "";
    const code = await runCli(["build"], { cwd: root, env: {}, isTty: true, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Built 1 tool into src\/generated: 0 files written, \d+ unchanged\.\nLock file unchanged\.\n$/);
    expect(stderr).toBe("\r\u001b[2K");
    // Without the last build's findings it validates, and clears that line too.
    const cache = join(root, "node_modules", ".cache", "mcp-gen");
    for (const name of readdirSync(cache)) if (name.endsWith(".findings.json")) rmSync(join(cache, name));
    stderr = "";
    expect(await runCli(["build"], { cwd: root, env: {}, isTty: true, stdout: () => undefined, stderr: (t) => void (stderr += t) })).toBe(0);
    expect(stderr).toBe("\r\u001b[2KValidating 1 tool…\r\u001b[2K");
  });
});
