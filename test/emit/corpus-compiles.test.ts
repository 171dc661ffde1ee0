// Acceptance (issues 3 and 18): every tool of the corpus (tools/list captures of published servers,
// and the 1,223 GitHub REST tools) builds with `mcp-gen build`, and what the build writes (generated
// code, handler stubs, test scaffolds) compiles under every supported TypeScript (5.9, 6.0, 7.0) with
// the strictest flags users turn on: zero errors, and no compiler crash (5.9 and 6.0 once overflowed
// their stack on the mapbox capture). The golden builds and the examples' generated code join the
// corpus projects in one program per compiler, which costs far less than a program per project; the
// examples as a whole (their hand-written code too) compile under each with their own tsconfig. The
// gitlab capture, invalid on purpose, must stop the build instead.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { descriptorPath } from "../support/project-from-tools.js";
import { corpusPath, REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject, writeFiles, type CliRun } from "../support/temp-project.js";
import { installedVersion, STRICTEST_OPTIONS, TYPESCRIPT_COMPILERS, typeCheck, writeTsconfig } from "../support/typescript-compilers.js";

const INVALID_ON_PURPOSE = "real/modelcontextprotocol__server-gitlab.json";

const CAPTURES = [
  ...readdirSync(corpusPath("real"))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => `real/${f}`),
  "bench/github-rest-tools.json",
].filter((file) => file !== INVALID_ON_PURPOSE);

const GOLDENS = join(REPO_ROOT, "test", "fixtures", "build");
const GOLDEN_CASES = readdirSync(GOLDENS)
  .filter((name) => lstatSync(join(GOLDENS, name)).isDirectory())
  .sort();
const EXAMPLES = join(REPO_ROOT, "examples");
const EXAMPLE_NAMES = readdirSync(EXAMPLES)
  .filter((name) => existsSync(join(EXAMPLES, name, "tsconfig.json")))
  .sort();

/** The tools of a capture: one JSON descriptor each, named after the tool (made file-safe). */
function captureFiles(file: string): { files: Record<string, string>; names: string[] } {
  const tools = (JSON.parse(readFileSync(corpusPath(file), "utf8")) as { tools: { name: string }[] }).tools;
  const files = Object.fromEntries(tools.map((tool, i) => [descriptorPath(i, tool.name), JSON.stringify(tool, null, 2) + "\n"]));
  return { files, names: tools.map((t) => t.name) };
}

interface BuiltCapture {
  readonly root: string;
  readonly names: readonly string[];
  readonly run: CliRun;
}

/** Every capture built into its own project under one folder, an ES module package as `init` makes. */
const built = new Map<string, BuiltCapture>();
let corpusRoot = "";

beforeAll(async () => {
  corpusRoot = mkdtempSync(join(tmpdir(), "mcp-gen-corpus-"));
  writeFileSync(join(corpusRoot, "package.json"), JSON.stringify({ private: true, type: "module" }));
  for (const [i, file] of CAPTURES.entries()) {
    const root = join(corpusRoot, `project-${i}`);
    const { files, names } = captureFiles(file);
    mkdirSync(root);
    writeFiles(root, files);
    built.set(file, { root, names, run: await runInProcess(root, ["build", "--format", "json"]) });
  }
}, 600_000);

afterAll(() => {
  if (corpusRoot !== "") rmSync(corpusRoot, { recursive: true, force: true });
});

describe("corpus builds", () => {
  for (const file of CAPTURES) {
    it(`${file}: every tool builds into its module, handler stub and test scaffold`, () => {
      const { root, names, run } = built.get(file)!;
      const report = JSON.parse(run.stdout) as { diagnostics: { severity: string; file: string; line: number; ruleId: string; message: string }[] };
      expect(report.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.file}:${d.line} ${d.ruleId} ${d.message}`)).toEqual([]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const lock = JSON.parse(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")) as { tools: Record<string, unknown> };
      expect(Object.keys(lock.tools).sort()).toEqual([...new Set(names)].sort());
      expect(readdirSync(join(root, "src/generated/tools")).length).toBe(names.length);
      expect(readdirSync(join(root, "src/handlers")).length).toBe(names.length);
      expect(readdirSync(join(root, "test/tools")).length).toBe(names.length);
    });
  }

  it(`${INVALID_ON_PURPOSE}: the build stops with input-schema-object and writes nothing`, async () => {
    const root = tempProject(captureFiles(INVALID_ON_PURPOSE).files);
    const run = await runInProcess(root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(" error input-schema-object ");
    expect(existsSync(join(root, "src"))).toBe(false);
    expect(existsSync(join(root, "mcp-tools.lock.json"))).toBe(false);
  });
});

describe("generated code compiles under every supported TypeScript", () => {
  it("the compilers are the versions docs/generated-code.md states, and tsc in node_modules/.bin is TypeScript 7", () => {
    const versions = TYPESCRIPT_COMPILERS.map((c) => c.version);
    expect(TYPESCRIPT_COMPILERS.map((c) => installedVersion(c).split(".").slice(0, 2).join("."))).toEqual(versions);
    expect(readFileSync(join(REPO_ROOT, "docs", "generated-code.md"), "utf8")).toContain(`Supported TypeScript: ${versions.slice(0, -1).join(", ")} and ${versions.at(-1)!}.`);
    // The aliases ship a tsc too: npm ci links the `typescript` package's (it sorts first), but an
    // `npm install` that adds an alias links the alias's. Run `npm ci` when this fails.
    expect(realpathSync(join(REPO_ROOT, "node_modules", ".bin", "tsc"))).toBe(realpathSync(join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc")));
  });

  for (const compiler of TYPESCRIPT_COMPILERS) {
    it(`TypeScript ${compiler.version}: the corpus projects, the golden builds and the examples' generated code pass the strictest flags`, async () => {
      const include = [
        join(corpusRoot, "project-*", "src"),
        join(corpusRoot, "project-*", "test"),
        ...GOLDEN_CASES.flatMap((name) => [join(GOLDENS, name, "expected", "src"), join(GOLDENS, name, "expected", "test")]),
        ...EXAMPLE_NAMES.map((name) => join(EXAMPLES, name, "src", "generated")),
      ];
      const { files, errors } = await typeCheck(compiler, writeTsconfig(corpusRoot, "tsconfig.strictest.json", STRICTEST_OPTIONS, include));
      expect(errors).toEqual([]);
      // Every project is in the program with its stubs and scaffolds, not just a few files.
      const program = files.join("\n");
      for (const { root } of built.values()) for (const folder of ["src/generated/validators", "src/handlers", "test/tools"]) expect(program).toContain(join(root, folder));
      for (const name of GOLDEN_CASES) expect(program).toContain(join(GOLDENS, name, "expected", "test", "tools"));
      for (const name of EXAMPLE_NAMES) expect(program).toContain(join(EXAMPLES, name, "src", "generated", "tools.ts"));
    }, 900_000);

    it(`TypeScript ${compiler.version}: the examples compile with their own tsconfig`, async () => {
      // One program for all examples: they share one tsconfig's options.
      const own = EXAMPLE_NAMES.map((name) => (JSON.parse(readFileSync(join(EXAMPLES, name, "tsconfig.json"), "utf8")) as { compilerOptions: Record<string, unknown> }).compilerOptions);
      for (const options of own) expect(options).toEqual(own[0]);
      const options = { ...own[0], rootDir: undefined, outDir: undefined, noEmit: true };
      const include = EXAMPLE_NAMES.flatMap((name) => [join(EXAMPLES, name, "src"), join(EXAMPLES, name, "test")]);
      const { files, errors } = await typeCheck(compiler, writeTsconfig(corpusRoot, "tsconfig.examples.json", options, include));
      expect(errors).toEqual([]);
      for (const name of EXAMPLE_NAMES) expect(files.join("\n")).toContain(join(EXAMPLES, name, "test", "tools"));
    }, 300_000);
  }
});
