// `mcp-gen build` end to end in temp projects (in-process): what it writes, what it never writes
// (errors, hand edits, user-owned files), what a second build does, stale removal, output formats and
// usage errors. Then the golden build fixtures of STYLE §6 (test/fixtures/build/<case>/{tools,expected}/),
// compared as whole files and type-checked under tsc with the strictest flags.
import { execFile } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { RUNTIME_RANGE } from "../../src/emit/runtime-modules.js";
import { hashFileText } from "../../src/lock/sha256.js";
import { expectValidSarif } from "../support/sarif-schema.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";
import { STRICTEST_OPTIONS, TYPESCRIPT_COMPILERS, typeCheck, writeTsconfig } from "../support/typescript-compilers.js";

/** The runtime a vendored SDK v2 project without patterns gets: all of it but pattern-runtime.ts, which imports re2js. */
const RUNTIME_FILES = readdirSync(join(REPO_ROOT, "packages/runtime/src"))
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && f !== "pattern-runtime.ts")
  .sort();

const WEATHER = `name: get_weather
description: Get the current weather for a city.
inputSchema:
  type: object
  properties:
    city: { type: string, minLength: 1 }
  required: [city]
  additionalProperties: false
outputSchema:
  type: object
  properties:
    temperature: { type: number }
  required: [temperature]
  additionalProperties: false
x-mcp-gen:
  examples:
    - name: Lisbon
      arguments: { city: Lisbon }
      result: { temperature: 21.5 }
`;

const PING = `{
  "name": "ping",
  "description": "Check that the server answers.",
  "inputSchema": { "type": "object", "properties": { "message": { "type": "string" } } }
}
`;

const SMALL_PROJECT = { "tools/get_weather.yaml": WEATHER, "tools/ping.json": PING };

/** A generated project's own tsconfig: the generated code, handlers and scaffolds under tsc --strict. */
const PROJECT_TSCONFIG = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    target: "ES2022",
    lib: ["ES2023"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    skipLibCheck: true,
    types: ["node"],
    noEmit: true,
  },
  include: ["src", "test"],
};

interface FileState {
  readonly text: string;
  readonly ino: number;
  readonly mtimeMs: number;
}

/** Every file under `root` (node_modules aside): project path → text, inode and mtime. */
function readTree(root: string): Map<string, FileState> {
  const tree = new Map<string, FileState>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.name === "node_modules") continue;
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        tree.set(relative(root, path).split(sep).join("/"), { text: readFileSync(path, "utf8"), ino: stat.ino, mtimeMs: stat.mtimeMs });
      }
    }
  };
  walk(root);
  return tree;
}

/** Sets every file's mtime to 2001, so that any rewrite, however quick, shows as a new mtime. */
function ageFiles(root: string): void {
  const past = new Date("2001-01-01T00:00:00Z");
  for (const path of readTree(root).keys()) utimesSync(join(root, path), past, past);
}

/** What a build writes into src/generated: with `runtime: vendored`, the runtime modules too. */
function generatedPaths(tools: readonly string[], vendored = false): string[] {
  return [
    ...["client", "handlers", "index", "server", "testing", "tools"].map((f) => `src/generated/${f}.ts`),
    ...(vendored ? RUNTIME_FILES.map((f) => `src/generated/runtime/${f}`) : []),
    ...tools.map((t) => `src/generated/tools/${t}.ts`),
    "src/generated/validators/2020-12.ts",
  ].sort();
}

async function build(root: string, ...args: string[]) {
  return runInProcess(root, ["build", ...args]);
}

describe("mcp-gen build", () => {
  it("writes the generated folder, a handler stub and a test scaffold per tool, and the lock", async () => {
    const root = tempProject(SMALL_PROJECT);
    const run = await build(root);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const generated = generatedPaths(["get_weather", "ping"]);
    expect(run.stdout).toBe(
      [`Built 2 tools into src/generated: ${generated.length} files written, 0 unchanged.`, "Created 2 handler stubs and 2 test scaffolds.", "Wrote mcp-tools.lock.json.", ""].join("\n"),
    );
    // --verbose lists each file created.
    const again = tempProject(SMALL_PROJECT);
    expect((await build(again, "--verbose")).stdout).toBe(
      [
        `Built 2 tools into src/generated: ${generated.length} files written, 0 unchanged.`,
        "Created 2 handler stubs and 2 test scaffolds:",
        "  src/handlers/get_weather.ts",
        "  src/handlers/ping.ts",
        "  test/tools/get_weather.test.ts",
        "  test/tools/ping.test.ts",
        "Wrote mcp-tools.lock.json.",
        "",
      ].join("\n"),
    );
    const tree = readTree(root);
    expect([...tree.keys()].sort()).toEqual(
      [
        ...generated,
        "mcp-tools.lock.json",
        "src/handlers/get_weather.ts",
        "src/handlers/ping.ts",
        "test/tools/get_weather.test.ts",
        "test/tools/ping.test.ts",
        "tools/get_weather.yaml",
        "tools/ping.json",
      ].sort(),
    );
    const lock = JSON.parse(tree.get("mcp-tools.lock.json")!.text) as { tools: Record<string, { file: string }>; files: Record<string, string>; inputs: Record<string, string> };
    expect(Object.keys(lock.tools)).toEqual(["get_weather", "ping"]);
    expect(lock.tools.ping!.file).toBe("tools/ping.json");
    // The lock pins exactly the generated files, each by the hash of what is on disk; not the scaffolds.
    expect(lock.files).toEqual(Object.fromEntries(generated.map((path) => [path, hashFileText(tree.get(path)!.text)])));
    expect(Object.keys(lock.inputs)).toEqual(["tools/get_weather.yaml", "tools/ping.json"]);
    expect(tree.get("src/handlers/ping.ts")!.text).toContain('throw new ToolNotImplementedError("ping")');
    // The runtime is the package's, in the range this mcp-gen writes for.
    expect(tree.get("src/generated/tools.ts")!.text).toContain('import { buildToolTable, type ToolEntry, type ToolTable } from "@mcp-gen/runtime/tool-table";');
    expect(tree.get("src/generated/tools.ts")!.text).toContain(`export const RUNTIME_RANGE = "${RUNTIME_RANGE}";`);
  });

  it("copies the runtime modules the generated code imports into src/generated/runtime/ with runtime: vendored", async () => {
    const root = tempProject({ ...SMALL_PROJECT, "mcp-gen.config.yaml": "runtime: vendored\n" });
    const run = await build(root);
    expect(run.code).toBe(0);
    const generated = generatedPaths(["get_weather", "ping"], true);
    expect(run.stdout).toContain(`Built 2 tools into src/generated: ${generated.length} files written, 0 unchanged.`);
    const tree = readTree(root);
    expect([...tree.keys()].filter((path) => path.startsWith("src/generated/")).sort()).toEqual(generated);
    expect(tree.get("src/generated/runtime/tool-table.ts")!.text).toContain(readFileSync(join(REPO_ROOT, "packages/runtime/src/tool-table.ts"), "utf8"));
    const tools = tree.get("src/generated/tools.ts")!.text;
    expect(tools).toContain('import { buildToolTable, type ToolEntry, type ToolTable } from "./runtime/tool-table.js";');
    // Nothing to check a version against: the project carries its runtime.
    expect(tools).not.toContain("RUNTIME_RANGE");
    expect([...tree.values()].some((file) => file.text.includes("@mcp-gen/runtime"))).toBe(false);
  });

  it("copies the same runtime modules whatever the descriptors' text says (imports in a description are text)", async () => {
    // The runtime to copy was once found by searching the generated files for `from "./runtime/…"`,
    // doc comments included: a description naming a module that does not exist stopped the build
    // (exit 70), and one naming an SDK v1 module copied SDK v1 code into an SDK v2 project.
    const imports = 'See import { x } from "./runtime/evil.js"; export * from "../runtime/v1/server-runtime.js"; from "../runtime/x.js"';
    const tool = `name: looks_like_code\ndescription: '${imports}'\ninputSchema:\n  type: object\n  properties:\n    q: { type: string, description: '${imports}' }\n`;
    const root = tempProject({ ...SMALL_PROJECT, "tools/looks_like_code.yaml": tool, "mcp-gen.config.yaml": "runtime: vendored\n" });
    const run = await build(root);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const tree = readTree(root);
    expect(tree.get("src/generated/tools/looks_like_code.ts")!.text).toContain('from "./runtime/evil.js"');
    expect([...tree.keys()].filter((path) => path.startsWith("src/generated/runtime/")).sort()).toEqual(RUNTIME_FILES.map((f) => `src/generated/runtime/${f}`));
  });

  it("writes nothing and exits 1 when a descriptor has errors", async () => {
    const root = tempProject({ ...SMALL_PROJECT, "tools/bad.yaml": "name: bad\ndescription: A tool.\ninputSchema: { type: object, properties: { a: { type: strin } } }\n" });
    const before = readTree(root);
    const run = await build(root);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("tools/bad.yaml:3:55 error schema-valid");
    expect(run.stdout).not.toContain("Built");
    expect(readTree(root)).toEqual(before);
  });

  it("leaves a built project exactly as it was when a descriptor breaks", async () => {
    const root = tempProject(SMALL_PROJECT);
    expect((await build(root)).code).toBe(0);
    writeFiles(root, { "tools/ping.json": PING.replace('"object", "properties"', '"objekt", "properties"') });
    ageFiles(root);
    const before = readTree(root);
    const run = await build(root);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("tools/ping.json");
    expect(readTree(root)).toEqual(before);
  });

  it("rewrites nothing on a second build, and says so", async () => {
    const root = tempProject(SMALL_PROJECT);
    expect((await build(root)).code).toBe(0);
    ageFiles(root);
    const before = readTree(root);
    const run = await build(root);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Built 2 tools into src/generated: 0 files written, ${generatedPaths(["get_weather", "ping"]).length} unchanged.\nLock file unchanged.\n`);
    // Same inode and mtime: not rewritten, not even with the same bytes.
    expect(readTree(root)).toEqual(before);
  });

  it("rewrites only what a descriptor change affects", async () => {
    const root = tempProject(SMALL_PROJECT);
    expect((await build(root)).code).toBe(0);
    ageFiles(root);
    const before = readTree(root);
    writeFiles(root, { "tools/ping.json": PING.replace("Check that", "Check whether") });
    const run = await build(root);
    expect(run.code).toBe(0);
    const after = readTree(root);
    const changed = [...after.keys()].filter((path) => after.get(path)!.mtimeMs !== before.get(path)?.mtimeMs).sort();
    // The tool's module (its descriptor and banner), the client (doc comment from the description),
    // tools.ts (the tool list's version), the lock, and the edited descriptor itself: server,
    // handlers, index, testing and the validators hold nothing a description changes.
    expect(changed).toEqual(["mcp-tools.lock.json", "src/generated/client.ts", "src/generated/tools.ts", "src/generated/tools/ping.ts", "tools/ping.json"]);
  });

  it("never overwrites a handler or a test scaffold, and re-creates a deleted one", async () => {
    const root = tempProject(SMALL_PROJECT);
    expect((await build(root)).code).toBe(0);
    const stub = readFileSync(join(root, "src/handlers/ping.ts"), "utf8");
    const mine = 'import type { ToolHandlers } from "../generated/server.js";\n\nexport const getWeather: ToolHandlers["get_weather"] = () => ({ temperature: 20 });\n';
    writeFiles(root, { "src/handlers/get_weather.ts": mine, "test/tools/get_weather.test.ts": "// my tests\n", "tools/get_weather.yaml": WEATHER.replace("current weather", "weather") });
    unlinkSync(join(root, "src/handlers/ping.ts"));
    const run = await build(root);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Created 1 handler stub.\n");
    expect((await build(root, "--verbose")).stdout).not.toContain("Created");
    unlinkSync(join(root, "src/handlers/ping.ts"));
    const verbose = await build(root, "--verbose");
    expect(verbose.stdout).toContain("Created 1 handler stub:\n  src/handlers/ping.ts\n");
    expect(verbose.stdout).not.toContain("get_weather.ts");
    expect(readFileSync(join(root, "src/handlers/get_weather.ts"), "utf8")).toBe(mine);
    expect(readFileSync(join(root, "test/tools/get_weather.test.ts"), "utf8")).toBe("// my tests\n");
    expect(readFileSync(join(root, "src/handlers/ping.ts"), "utf8")).toBe(stub);
  });

  it("stops with generated-file-edited when a generated file was edited by hand, unless --force", async () => {
    const root = tempProject(SMALL_PROJECT);
    expect((await build(root)).code).toBe(0);
    const original = readFileSync(join(root, "src/generated/tools/ping.ts"), "utf8");
    writeFiles(root, {
      "src/generated/tools/ping.ts": original + "// my fix\n",
      "tools/get_weather.yaml": WEATHER.replace("current weather", "weather"),
    });
    ageFiles(root);
    const before = readTree(root);
    const run = await build(root);
    expect(run.code).toBe(1);
    // At the line the edit added, as check points at it.
    const line = original.split("\n").length;
    expect(run.stdout).toContain(
      `src/generated/tools/ping.ts:${line}:1 error generated-file-edited src/generated/tools/ping.ts was edited by hand since the last build (first difference at line ${line})`,
    );
    expect(run.stdout).toContain("mcp-gen build --force");
    expect(readTree(root)).toEqual(before);

    const forced = await build(root, "--force");
    expect(forced.code).toBe(0);
    expect(readFileSync(join(root, "src/generated/tools/ping.ts"), "utf8")).toBe(original);
    expect(readFileSync(join(root, "src/generated/tools/get_weather.ts"), "utf8")).toContain("Get the weather for a city.");
  });

  it("removes the generated module of a removed tool, but never its handler or test", async () => {
    const root = tempProject(SMALL_PROJECT);
    expect((await build(root)).code).toBe(0);
    const handler = readFileSync(join(root, "src/handlers/ping.ts"), "utf8");
    const test = readFileSync(join(root, "test/tools/ping.test.ts"), "utf8");
    unlinkSync(join(root, "tools/ping.json"));
    const run = await build(root);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Built 1 tool into src\/generated: \d+ files written, \d+ unchanged, 1 removed\.\n/m);
    // Both are said to be left over (leftover-scaffolds.test.ts), and left where they are.
    expect(run.stdout).toContain("src/handlers/ping.ts:1:1 warning scaffold-leftover ");
    expect(existsSync(join(root, "src/generated/tools/ping.ts"))).toBe(false);
    expect(readFileSync(join(root, "src/generated/handlers.ts"), "utf8")).not.toContain("ping");
    expect(readFileSync(join(root, "src/handlers/ping.ts"), "utf8")).toBe(handler);
    expect(readFileSync(join(root, "test/tools/ping.test.ts"), "utf8")).toBe(test);
    const lock = JSON.parse(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")) as { tools: object; files: object };
    expect(Object.keys(lock.tools)).toEqual(["get_weather"]);
    expect(Object.keys(lock.files)).toEqual(generatedPaths(["get_weather"]));
  });

  it("prints parseable JSON with --format json, and nothing else", async () => {
    const root = tempProject({ ...SMALL_PROJECT, "tools/quiet.yaml": "name: quiet\ninputSchema: { type: object, properties: { level: { type: integer } } }\n" });
    const run = await build(root, "--format", "json");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { diagnostics: { ruleId: string; file: string }[]; summary: { errors: number; warnings: number } };
    expect(report.summary).toMatchObject({ errors: 0, warnings: 1 });
    expect(report.diagnostics.map((d) => `${d.file} ${d.ruleId}`)).toEqual(["tools/quiet.yaml description-missing"]);
    expect(existsSync(join(root, "mcp-tools.lock.json"))).toBe(true);

    const broken = tempProject({ "tools/bad.yaml": "name: bad\ninputSchema: { type: objekt }\n" });
    const failed = await build(broken, "--format", "json");
    expect(failed.code).toBe(1);
    expect((JSON.parse(failed.stdout) as { summary: { errors: number } }).summary.errors).toBeGreaterThan(0);
  });

  it("prints SARIF 2.1.0 that the official schema accepts, with --format sarif", async () => {
    const root = tempProject({ "tools/bad.yaml": "name: bad\ndescription: A tool.\ninputSchema: { type: object, properties: { a: { type: strin } } }\n" });
    const run = await build(root, "--format", "sarif");
    expect(run.code).toBe(1);
    const sarif = expectValidSarif(run.stdout) as { version: string; runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0]!.results.map((r) => [r.ruleId, r.locations[0]!.physicalLocation.artifactLocation.uri])).toContainEqual(["schema-valid", "tools/bad.yaml"]);
  });

  it.each([
    [["--bogus"], /unknown option --bogus\./],
    [["--forse"], /unknown option --forse; did you mean --force\?/],
    [["--format", "xml"], /--format must be one of text, json, sarif, github; got "xml"/],
    [["extra"], /Unexpected argument 'extra'/],
  ])("exits 2 on bad usage: build %j", async (args, message) => {
    const root = tempProject(SMALL_PROJECT);
    const before = readTree(root);
    const run = await build(root, ...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Run "mcp-gen build --help" for usage.');
    expect(readTree(root)).toEqual(before);
  });

  it("exits 2, writing nothing, when the config is unusable", async () => {
    const root = tempProject({ ...SMALL_PROJECT, "mcp-gen.config.yaml": "outt: src/gen\n" });
    const before = readTree(root);
    const run = await build(root);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('error config-invalid Unknown key "outt"');
    expect(run.stdout).toContain('Did you mean "out"?');
    const missing = await build(root, "--config", "nowhere.yaml");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`--config: no file ${JSON.stringify(join(root, "nowhere.yaml"))}.`);
    expect(readTree(root)).toEqual(before);
  });

  it.each([["a-ca9781"], ["a-CA9781"]])("gives a, A and %s a module, handler and test each, distinct up to case", async (third) => {
    // `a` and `A` clash on case-insensitive file systems; `a`'s suffixed stem would be a-ca9781.
    const tool = (name: string) => JSON.stringify({ name, description: `Tool ${name}.`, inputSchema: { type: "object", additionalProperties: false } });
    const root = tempProject({ "tools/one.json": tool("a"), "tools/two.json": tool("A"), "tools/three.json": tool(third) });
    const run = await build(root);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const paths = [...readTree(root).keys()];
    for (const folder of ["src/generated/tools/", "src/handlers/", "test/tools/"]) {
      const files = paths.filter((path) => path.startsWith(folder)).map((path) => path.toLowerCase());
      expect(new Set(files).size, folder).toBe(3);
    }
    expect(paths).toContain(`src/generated/tools/${third}.ts`);
  });

  it("writes a test scaffold tsc accepts when an example leaves out an optional property named like Object's members", async () => {
    const descriptor = {
      name: "tag",
      description: "Tag an item.",
      inputSchema: {
        type: "object",
        properties: { item: { type: "string" }, constructor: { type: "string" }, style: { type: "object", properties: { toString: { type: "string" }, color: { type: "string" } } } },
        required: ["item"],
      },
      "x-mcp-gen": { examples: [{ name: "plain", arguments: { item: "x", style: { color: "red" } } }] },
    };
    // The example leaves out optional properties named like Object's members: the generated
    // validators (ajv's ownProperties) accept it, and so does the arguments type, which lets such a
    // property be the member every object inherits (the scaffold once spelled them out as undefined,
    // which exactOptionalPropertyTypes refuses and which can pick the wrong member of a union).
    const root = tempProject({ "tools/tag.json": JSON.stringify(descriptor), "tsconfig.json": JSON.stringify(PROJECT_TSCONFIG), "package.json": '{ "type": "module" }' });
    symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
    expect((await build(root)).code).toBe(0);
    const scaffold = readFileSync(join(root, "test/tools/tag.test.ts"), "utf8");
    expect(scaffold).toContain(["session.tools.tag({", '      item: "x",', '      style: { color: "red" },', "    });"].join("\n"));
    const checked = await promisify(execFile)(join(REPO_ROOT, "node_modules", ".bin", "tsc"), ["-p", join(root, "tsconfig.json")], { timeout: 120_000 }).catch((e: { stdout: string }) => ({
      stdout: e.stdout,
    }));
    expect(checked.stdout).toBe("");
  });

  it("writes test scaffolds tsc accepts for tools with open, short and 2020-12 tuples", async () => {
    // A draft-07 `items: [A, B]` without minItems allows `[]`: the scaffold's derived arguments
    // (`{ t: [] }`) once met the closed tuple `[string, number]` and failed `tsc -p .` of a fresh
    // project. The 2020-12 tool's `prefixItems` were typed from `items` alone (`never[]`, `boolean[]`).
    const legacy = {
      name: "legacy",
      description: "draft-07 tuple without minItems.",
      inputSchema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { t: { type: "array", items: [{ type: "string" }, { type: "integer" }] } }, required: ["t"] },
    };
    const tuples = {
      name: "tuples",
      description: "2020-12 tuples.",
      inputSchema: {
        type: "object",
        properties: {
          pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false },
          head: { type: "array", prefixItems: [{ type: "string" }], items: { type: "boolean" }, minItems: 1 },
        },
        required: ["pair", "head"],
        additionalProperties: false,
      },
      outputSchema: { type: "object", properties: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false, minItems: 2 } }, required: ["pair"] },
    };
    const root = tempProject({
      "tools/legacy.json": JSON.stringify(legacy),
      "tools/tuples.json": JSON.stringify(tuples),
      "tsconfig.json": JSON.stringify(PROJECT_TSCONFIG),
      "package.json": '{ "type": "module" }',
    });
    symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
    expect((await build(root)).code).toBe(0);
    expect(readFileSync(join(root, "src/generated/tools/legacy.ts"), "utf8")).toContain("t: ([] | [string] | [string, number, ...(unknown)[]]);");
    for (const compiler of TYPESCRIPT_COMPILERS) expect({ [compiler.version]: (await typeCheck(compiler, join(root, "tsconfig.json"))).errors }).toEqual({ [compiler.version]: [] });
  });

  it("prints its help with --help", async () => {
    const run = await build(tempProject({}), "--help");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: mcp-gen build \[options\]/);
    expect(run.stdout).toContain("--force");
  });
});

// STYLE §6: test/fixtures/build/<case>/ holds a small project (tools/, and mcp-gen.config.yaml when
// the case needs one) and expected/, every file a build writes. Update with `npx vitest run -u`, read
// the diff, and delete expected files that a build no longer writes.
const FIXTURES = join(import.meta.dirname, "..", "fixtures", "build");
const INPUTS = new Set(["tools", "schemas", "mcp-gen.config.yaml", "package.json"]);
const CASES = readdirSync(FIXTURES)
  .filter((name) => lstatSync(join(FIXTURES, name)).isDirectory())
  .sort();

describe("build fixtures", () => {
  it("has cases", () => {
    expect(CASES.length).toBeGreaterThan(0);
  });

  for (const name of CASES) {
    it(name, async () => {
      const caseDir = join(FIXTURES, name);
      const root = tempProject({});
      for (const input of readdirSync(caseDir).filter((entry) => INPUTS.has(entry))) cpSync(join(caseDir, input), join(root, input), { recursive: true });
      const run = await build(root);
      expect(run.stdout).not.toMatch(/ (error|warning) /);
      expect(run.code).toBe(0);
      const written = [...readTree(root)].filter(([path]) => !INPUTS.has(path.split("/")[0]!));
      for (const [path, file] of written) await expect(file.text).toMatchFileSnapshot(join(caseDir, "expected", path));
      const writtenPaths = new Set(written.map(([path]) => path));
      const stale = existsSync(join(caseDir, "expected")) ? [...readTree(join(caseDir, "expected")).keys()].filter((path) => !writtenPaths.has(path)) : [];
      expect(stale, "files in expected/ that the build no longer writes").toEqual([]);
    });
  }
});

describe("build fixtures type-check", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-gen-fixtures-tsc-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // TypeScript 7 only, for a quick answer; corpus-compiles.test.ts compiles them with 5.9 and 6.0 too.
  it("every expected/ folder compiles under tsc with the strictest flags", async () => {
    const include = CASES.map((name) => join(FIXTURES, name, "expected", "**", "*.ts"));
    const typescript7 = TYPESCRIPT_COMPILERS.find((compiler) => compiler.version === "7.0")!;
    const { files, errors } = await typeCheck(typescript7, writeTsconfig(dir, "tsconfig.json", STRICTEST_OPTIONS, include));
    expect(errors).toEqual([]);
    // Each case's server, client, handlers and scaffolds are in the program, not just a few files.
    for (const name of CASES) expect(files.join("\n")).toContain(join(FIXTURES, name, "expected", "test", "tools"));
  });
});
