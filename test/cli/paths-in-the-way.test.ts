// A folder where a build writes a file, or a file where it writes a folder, is the user's mistake:
// build and check stop with `output-path-unsafe` and exit 2 before they read or write there, and
// what stood in the way is left as it was. Each case crashed with exit 70 (EISDIR or ENOTDIR)
// before, and a build of a new tool left temporary files behind.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, posix } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_EXTENSION, GENERATED_FOLDERS } from "../../src/emit/generated-layout.js";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";

const TOOL = (name: string) => `name: ${name}\ndescription: Tool ${name}.\ninputSchema:\n  type: object\n  properties:\n    q: { type: string }\n`;

/** A project with the tool `greet`, built. */
async function builtProject(config = ""): Promise<string> {
  const root = tempProject({ "tools/greet.yaml": TOOL("greet"), ...(config ? { "mcp-gen.config.yaml": config } : {}) });
  expect((await runInProcess(root, ["build"])).code).toBe(0);
  return root;
}

/** Every file below `dir` (relative, forward slashes), links and folders' contents listed, sorted. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) =>
      posix.join(
        entry.parentPath
          .slice(dir.length + 1)
          .split("\\")
          .join("/"),
        entry.name,
      ),
    )
    .sort();
}

/** The [file, ruleId] pairs of a run refused with exit 2. */
function refused(run: { code: number; stdout: string }): [string, string][] {
  expect(run.code, run.stdout).toBe(2);
  const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { file: string; ruleId: string }[] };
  return diagnostics.map((d) => [d.file, d.ruleId]);
}

const COMMANDS = [["build"], ["build", "--force"], ["check"], ["check", "--full"]] as const;

describe("something in the way in the generated folder or at the lock", () => {
  const cases: readonly { name: string; path: string; setUp: (root: string) => void }[] = [
    {
      name: "a folder where a tool's generated module goes",
      path: "src/generated/tools/greet.ts",
      setUp: (root) => {
        rmSync(join(root, "src/generated/tools/greet.ts"));
        writeFiles(root, { "src/generated/tools/greet.ts/mine.txt": "the user's\n" });
      },
    },
    {
      name: "a folder where a new tool's generated module goes",
      path: "src/generated/tools/wave.ts",
      setUp: (root) => writeFiles(root, { "tools/wave.yaml": TOOL("wave"), "src/generated/tools/wave.ts/mine.txt": "the user's\n" }),
    },
    {
      name: "a file where the generated tools folder goes",
      path: "src/generated/tools",
      setUp: (root) => {
        rmSync(join(root, "src/generated/tools"), { recursive: true });
        writeFileSync(join(root, "src/generated/tools"), "the user's\n");
      },
    },
    {
      name: "a file where the generated validators folder goes",
      path: "src/generated/validators",
      setUp: (root) => {
        rmSync(join(root, "src/generated/validators"), { recursive: true });
        writeFileSync(join(root, "src/generated/validators"), "the user's\n");
      },
    },
    {
      name: "a folder where the lock goes",
      path: "mcp-tools.lock.json",
      setUp: (root) => {
        rmSync(join(root, "mcp-tools.lock.json"));
        writeFiles(root, { "mcp-tools.lock.json/mine.txt": "the user's\n" });
      },
    },
  ];
  for (const { name, path, setUp } of cases) {
    for (const argv of COMMANDS) {
      it(`${name}: ${argv.join(" ")} exits 2 with output-path-unsafe, and writes nothing`, async () => {
        const root = await builtProject();
        setUp(root);
        const before = filesBelow(root);
        expect(refused(await runInProcess(root, [...argv, "--format", "json"]))).toEqual([[path, "output-path-unsafe"]]);
        expect(filesBelow(root)).toEqual(before);
      });
    }
  }

  it("says what is in the way and what to do, in text", async () => {
    const root = await builtProject();
    rmSync(join(root, "src/generated/tools/greet.ts"));
    mkdirSync(join(root, "src/generated/tools/greet.ts"));
    const run = await runInProcess(root, ["build"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain("src/generated/tools/greet.ts:1:1 error output-path-unsafe src/generated/tools/greet.ts is a folder, where a build writes a generated file");
    expect(run.stdout).toContain("hint: Move the folder out of src/generated");
    expect(run.stderr).not.toContain("internal error");
  });

  it("a folder in the generated folder that no generated file is named after is left alone", async () => {
    const root = await builtProject();
    writeFiles(root, { "src/generated/notes/mine.txt": "the user's\n", "src/generated/tools/more/mine.txt": "the user's\n" });
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    expect(existsSync(join(root, "src/generated/notes/mine.txt"))).toBe(true);
  });
});

describe("a folder where a handler stub or test scaffold goes", () => {
  for (const path of ["src/handlers/wave.ts", "test/tools/wave.test.ts"]) {
    it(`${path} a folder for a new tool: build exits 1 with output-path-unsafe, and writes nothing`, async () => {
      const root = await builtProject();
      writeFiles(root, { "tools/wave.yaml": TOOL("wave"), [`${path}/mine.txt`]: "the user's\n" });
      const before = filesBelow(root);
      const run = await runInProcess(root, ["build", "--format", "json"]);
      expect(run.code, run.stdout).toBe(1);
      const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { file: string; ruleId: string }[] };
      expect(diagnostics.map((d) => [d.file, d.ruleId])).toEqual([[path, "output-path-unsafe"]]);
      expect(filesBelow(root)).toEqual(before);
    });
  }

  it("a stub and a test replaced by folders after a build: the next build (no descriptor changed) reports both", async () => {
    // With node_modules, a build keeps the cache that lets the next one tell from stats that nothing changed.
    const root = tempProject({ "tools/greet.yaml": TOOL("greet"), "node_modules/.keep": "" });
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    for (const path of ["src/handlers/greet.ts", "test/tools/greet.test.ts"]) {
      rmSync(join(root, path));
      mkdirSync(join(root, path));
    }
    const run = await runInProcess(root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('src/handlers/greet.ts:1:1 error output-path-unsafe src/handlers/greet.ts is a folder, where a build creates the handler stub of the tool "greet".');
    expect(run.stdout).toContain('test/tools/greet.test.ts:1:1 error output-path-unsafe test/tools/greet.test.ts is a folder, where a build creates the test scaffold of the tool "greet".');
  });

  // check compares no scaffold with what a build writes, but a folder where one goes fails it as it fails build.
  for (const cache of [true, false]) {
    for (const options of [[], ["--full"]]) {
      it(`${["check", ...options].join(" ")} after the stub and test became folders reports what build reports (${cache ? "with" : "without"} the build cache)`, async () => {
        const root = tempProject({ "tools/greet.yaml": TOOL("greet"), ...(cache ? { "node_modules/.keep": "" } : {}) });
        expect((await runInProcess(root, ["build"])).code).toBe(0);
        expect((await runInProcess(root, ["check", ...options])).code).toBe(0);
        for (const path of ["src/handlers/greet.ts", "test/tools/greet.test.ts"]) {
          rmSync(join(root, path));
          mkdirSync(join(root, path));
        }
        const check = await runInProcess(root, ["check", ...options, "--format", "json"]);
        expect(check.code, check.stdout).toBe(1);
        const found = (run: { stdout: string }) =>
          (JSON.parse(run.stdout) as { diagnostics: { file: string; ruleId: string; line: number; column: number; message: string }[] }).diagnostics.map((d) => [
            d.file,
            d.ruleId,
            d.line,
            d.column,
            d.message,
          ]);
        expect(found(check).map(([file, ruleId]) => [file, ruleId])).toEqual([
          ["src/handlers/greet.ts", "output-path-unsafe"],
          ["test/tools/greet.test.ts", "output-path-unsafe"],
        ]);
        const build = await runInProcess(root, ["build", "--format", "json"]);
        expect(build.code).toBe(1);
        expect(found(check)).toEqual(found(build));
      });
    }
  }

  it("check on a new tool whose stub path is a folder names the folder beside the drift", async () => {
    const root = await builtProject();
    writeFiles(root, { "tools/wave.yaml": TOOL("wave"), "src/handlers/wave.ts/mine.txt": "the user's\n" });
    const run = await runInProcess(root, ["check", "--format", "json"]);
    expect(run.code, run.stdout).toBe(1);
    const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { file: string; ruleId: string }[] };
    expect(diagnostics.filter((d) => d.ruleId === "output-path-unsafe").map((d) => d.file)).toEqual(["src/handlers/wave.ts"]);
  });

  it("check: a folder in the handlers folder that is no tool's stub is no finding", async () => {
    const root = await builtProject();
    writeFiles(root, { "src/handlers/shared/util.ts": "export const x = 1;\n", "test/tools/fixtures.ts/x.json": "{}\n" });
    const run = await runInProcess(root, ["check"]);
    expect(run.stdout).toContain("Up to date");
    expect(run.code).toBe(0);
  });
});

describe("the generated folder's layout (generated-layout.ts) is what a build writes", () => {
  for (const config of ["", "runtime: vendored\n", "runtime: vendored\ntarget: sdk-v1\n", "generate: client\n"]) {
    it(`every file ends in ${GENERATED_EXTENSION} and lies in out or a folder GENERATED_FOLDERS names (${config.trim() || "defaults"})`, async () => {
      const root = await builtProject(config);
      const files = filesBelow(join(root, "src/generated"));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        expect(file.endsWith(GENERATED_EXTENSION), file).toBe(true);
        const folder = posix.dirname(file);
        if (folder !== ".") expect(GENERATED_FOLDERS, file).toContain(folder);
      }
    });
  }
});
