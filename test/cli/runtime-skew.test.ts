// check's findings about the runtime package a project's generated code imports: the range test,
// where Node would find the package, each finding on its own, and `mcp-gen check` on a built project
// whose installed runtime is outside the range (fast path and --full alike); `mcp-gen build` says the
// same as warnings.
import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { findInstalledRuntime, inCaretRange, readTail, runtimeSkew, statedRange, type InstalledRuntime } from "../../src/cli/runtime-skew.js";
import { RUNTIME_RANGE } from "../../src/emit/runtime-modules.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";

describe("inCaretRange", () => {
  it.each([
    ["0.1.0", "^0.1.0", true],
    ["0.1.7", "^0.1.0", true],
    ["0.2.0", "^0.1.0", false],
    ["0.0.9", "^0.1.0", false],
    ["1.0.0", "^0.1.0", false],
    ["0.1.2", "^0.1.3", false],
    ["1.4.0", "^1.2.3", true],
    ["1.2.2", "^1.2.3", false],
    ["2.0.0", "^1.2.3", false],
    ["0.0.3", "^0.0.3", true],
    ["0.0.4", "^0.0.3", false],
    ["0.1.1-beta.1", "^0.1.0", false],
    ["0.1.1+build.5", "^0.1.0", true],
    ["not a version", "^0.1.0", false],
  ])("%s in %s: %s", (version, range, expected) => {
    expect(inCaretRange(version, range)).toBe(expected);
  });

  it("answers nothing for a range of another form", () => {
    expect(inCaretRange("0.1.0", "~0.1.0")).toBeUndefined();
    expect(inCaretRange("0.1.0", "0.1.0")).toBeUndefined();
    expect(inCaretRange("0.1.0", "^0.1.0-beta")).toBeUndefined();
  });
});

describe("readTail", () => {
  it("reads the end of a file, or all of a short one, and nothing of a missing one", () => {
    const root = tempProject({ "long.ts": `${"// x\n".repeat(1000)}export const RUNTIME_RANGE = "^0.1.0";\n`, "short.ts": "abc" });
    expect(statedRange(readTail(`${root}/long.ts`))).toBe("^0.1.0");
    expect(readTail(`${root}/long.ts`)!.length).toBe(512);
    expect(readTail(`${root}/short.ts`)).toBe("abc");
    expect(readTail(`${root}/missing.ts`)).toBeUndefined();
  });
});

describe("statedRange", () => {
  it("reads RUNTIME_RANGE from a generated tools.ts, and nothing from one without it", () => {
    expect(statedRange('const x = 1;\nexport const RUNTIME_RANGE = "^0.3.1";\n')).toBe("^0.3.1");
    expect(statedRange('import { buildToolTable } from "./runtime/tool-table.js";\n')).toBeUndefined();
    expect(statedRange(undefined)).toBeUndefined();
  });
});

describe("findInstalledRuntime", () => {
  it("finds the package Node would resolve from the generated folder, up the tree", () => {
    const root = tempProject({ "node_modules/@mcp-gen/runtime/package.json": '{ "name": "@mcp-gen/runtime", "version": "0.4.2" }' });
    expect(findInstalledRuntime(root, "src/generated")).toEqual({ kind: "found", version: "0.4.2", path: "node_modules/@mcp-gen/runtime/package.json" });
  });

  it("tells a node_modules without the package (absent) from none at all (not installed)", () => {
    expect(findInstalledRuntime(tempProject({ "node_modules/other/package.json": "{}" }), "src/generated").kind).toBe("absent");
    // A folder under the system's temporary folder, which holds no node_modules above it.
    expect(findInstalledRuntime(tempProject({ "src/generated/tools.ts": "" }), "src/generated").kind).toBe("not-installed");
  });
});

const TOOLS = `// Generated\nexport const TOOL_TABLE = 1;\n\nexport const RUNTIME_RANGE = "^0.1.0";\n`;
const found = (version: string): InstalledRuntime => ({ kind: "found", version, path: "node_modules/@mcp-gen/runtime/package.json" });
const packageJson = (sections: Record<string, Record<string, string>>) => JSON.stringify({ name: "app", version: "1.0.0", ...sections }, null, 2);
const skew = (packageText: string | undefined, installed: InstalledRuntime, runtime: "package" | "vendored" = "package") =>
  runtimeSkew({ config: { runtime, out: "src/generated" }, packageText, toolsText: TOOLS, installed }).map((d) => [d.ruleId, d.file, d.line, d.message, d.hint]);

describe("runtimeSkew", () => {
  it("says nothing for a project that depends on a runtime in range", () => {
    expect(skew(packageJson({ dependencies: { "@mcp-gen/runtime": "^0.1.0" } }), found("0.1.3"))).toEqual([]);
    expect(skew(packageJson({ peerDependencies: { "@mcp-gen/runtime": "^0.1.0" } }), found("0.1.0"))).toEqual([]);
    // Declared and not installed yet (no node_modules): the install step brings it.
    expect(skew(packageJson({ dependencies: { "@mcp-gen/runtime": "^0.1.0" } }), { kind: "not-installed" })).toEqual([]);
  });

  it("says nothing for a vendored project, whatever is installed", () => {
    expect(skew(packageJson({}), found("9.0.0"), "vendored")).toEqual([]);
  });

  it("reports a package.json without the dependency at its first line", () => {
    expect(skew(packageJson({ dependencies: { zod: "^4.0.0" } }), { kind: "not-installed" })).toEqual([
      [
        "runtime-missing",
        "package.json",
        1,
        "package.json does not depend on @mcp-gen/runtime, which the generated code in src/generated imports.",
        "Run `npm install @mcp-gen/runtime@^0.1.0`, or set `runtime: vendored` in the config to have the runtime copied into the generated folder.",
      ],
    ]);
  });

  it("reports a dev dependency at its entry: a production install leaves it out", () => {
    const [finding] = skew(packageJson({ devDependencies: { vitest: "4.1.12", "@mcp-gen/runtime": "^0.1.0" } }), found("0.1.0"));
    expect(finding!.slice(0, 3)).toEqual(["runtime-missing", "package.json", 6]);
    expect(finding![3]).toContain("in devDependencies only");
    expect(finding![4]).toContain('Move @mcp-gen/runtime to "dependencies"');
  });

  it("reports a declared runtime that no node_modules holds", () => {
    expect(skew(packageJson({ dependencies: { "@mcp-gen/runtime": "^0.1.0" } }), { kind: "absent" }).map((f) => f.slice(0, 3))).toEqual([["runtime-missing", "package.json", 5]]);
  });

  it("reports an installed runtime outside the range the generated code states, at the declaration", () => {
    expect(skew(packageJson({ dependencies: { "@mcp-gen/runtime": "^0.2.0" } }), found("0.2.1"))).toEqual([
      [
        "runtime-version",
        "package.json",
        5,
        "@mcp-gen/runtime 0.2.1 is installed (node_modules/@mcp-gen/runtime/package.json), outside ^0.1.0, the versions the generated code in src/generated was written for.",
        "Install a runtime in that range (`npm install @mcp-gen/runtime@^0.1.0`), or upgrade mcp-gen to a release written for @mcp-gen/runtime 0.2.1 and run `mcp-gen build`.",
      ],
    ]);
  });

  it("points at tools.ts's range when there is no package.json", () => {
    expect(skew(undefined, found("0.0.1")).map((f) => f.slice(0, 3))).toEqual([["runtime-version", "src/generated/tools.ts", 4]]);
  });

  it("judges by the range a rebuild writes when tools.ts states none", () => {
    const findings = runtimeSkew({ config: { runtime: "package", out: "src/generated" }, packageText: undefined, toolsText: undefined, installed: found("99.0.0") });
    expect(findings.map((d) => d.message)).toEqual([expect.stringContaining(`outside ${RUNTIME_RANGE},`)]);
  });
});

const WEATHER = `name: get_weather
description: Get the current weather for a city.
inputSchema:
  type: object
  properties:
    city: { type: string }
  required: [city]
`;

describe("mcp-gen check and the installed runtime", () => {
  it("fails on a runtime outside the range, on the fast path and with --full, and passes once it is in range", async () => {
    const root = tempProject({
      "tools/get_weather.yaml": WEATHER,
      "package.json": packageJson({ dependencies: { "@mcp-gen/runtime": "^0.2.0" } }),
      "node_modules/@mcp-gen/runtime/package.json": '{ "name": "@mcp-gen/runtime", "version": "0.2.0" }',
      // The SDK the generated code imports, installed too (else check reports sdk-missing).
      "node_modules/@modelcontextprotocol/client/package.json": "{}",
      "node_modules/@modelcontextprotocol/server/package.json": "{}",
    });
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    for (const args of [[], ["--full"]]) {
      const run = await runInProcess(root, ["check", ...args]);
      expect(run.stdout).toContain(`package.json:5:25 error runtime-version @mcp-gen/runtime 0.2.0 is installed (node_modules/@mcp-gen/runtime/package.json), outside ${RUNTIME_RANGE}`);
      expect(run.stdout).not.toContain("Up to date");
      expect(run.code).toBe(1);
    }
    writeFiles(root, { "node_modules/@mcp-gen/runtime/package.json": `{ "name": "@mcp-gen/runtime", "version": "${RUNTIME_RANGE.slice(1)}" }` });
    for (const args of [[], ["--full"]]) {
      const run = await runInProcess(root, ["check", ...args]);
      expect(run.stdout).toContain("Up to date");
      expect(run.code).toBe(0);
    }
  });
});

describe("mcp-gen build and the runtime (issue 25.6)", () => {
  it("builds a project that lacks the runtime, warning with the install line that check fails with", async () => {
    const root = tempProject({ "tools/get_weather.yaml": WEATHER, "package.json": packageJson({ dependencies: { "@modelcontextprotocol/server": "^2.4.0" } }) });
    const build = await runInProcess(root, ["build"]);
    expect(build.code).toBe(0);
    // This mcp-gen runs from a checkout: the runtime to install is its packages/runtime (dependency-specs.ts).
    const install = `npm install ${relative(root, join(REPO_ROOT, "packages", "runtime"))
      .split(sep)
      .join("/")}`;
    expect(build.stdout).toContain(`package.json:1:1 warning runtime-missing package.json does not depend on @mcp-gen/runtime, which the generated code in src/generated imports.`);
    expect(build.stdout).toContain(`hint: Run \`${install}\`, or set \`runtime: vendored\``);
    expect(build.stdout).toMatch(/\n1 problem \(0 errors, 1 warning\)\nBuilt 1 tool into src\/generated: /);
    expect(existsSync(join(root, "mcp-tools.lock.json"))).toBe(true);
    const check = await runInProcess(root, ["check"]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("package.json:1:1 error runtime-missing");
    expect(check.stdout).toContain(`hint: Run \`${install}\``);
    // --fail-on warning makes it a build failure, as for any warning: nothing more is written.
    expect((await runInProcess(root, ["build", "--fail-on", "warning", "--format", "json"])).code).toBe(1);
  });

  it("warns when package.json declares the runtime and no node_modules holds it, and says nothing once it is installed or vendored", async () => {
    const root = tempProject({ "tools/get_weather.yaml": WEATHER, "package.json": packageJson({ dependencies: { "@mcp-gen/runtime": RUNTIME_RANGE } }), "node_modules/.keep": "" });
    const absent = await runInProcess(root, ["build"]);
    expect(absent.stdout).toContain("package.json:5:25 warning runtime-missing @mcp-gen/runtime is not installed: no node_modules from src/generated up holds it");
    expect(absent.code).toBe(0);
    writeFiles(root, { "node_modules/@mcp-gen/runtime/package.json": `{ "name": "@mcp-gen/runtime", "version": "${RUNTIME_RANGE.slice(1)}" }` });
    expect((await runInProcess(root, ["build"])).stdout).toMatch(/^Built 1 tool into src\/generated: /);
    const vendored = tempProject({ "tools/get_weather.yaml": WEATHER, "package.json": packageJson({}), "mcp-gen.config.yaml": "runtime: vendored\n" });
    expect((await runInProcess(vendored, ["build"])).stdout).toMatch(/^Built 1 tool into src\/generated: /);
  });
});
