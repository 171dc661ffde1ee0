// The runtime specifiers generated code imports: every package subpath is one @mcp-gen/runtime
// exports (for import and require, with types), and a vendored import names a file a build copies.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUNTIME_RANGE, runtimeSpecifier, runtimeSubpaths, type RuntimeModule } from "../../src/emit/runtime-modules.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const RUNTIME = join(REPO_ROOT, "packages", "runtime");
const manifest = JSON.parse(readFileSync(join(RUNTIME, "package.json"), "utf8")) as { version: string; exports: Record<string, Record<string, Record<string, string>>> };
const MODULES: readonly RuntimeModule[] = ["tool-table", "validators", "patterns", "validation-messages", "server", "http", "node", "client", "testing"];

describe("runtime specifiers", () => {
  it("name only subpaths the runtime package exports, each to a module of its sources", () => {
    for (const subpath of runtimeSubpaths()) {
      const entry = manifest.exports[`./${subpath}`];
      expect(entry, subpath).toBeDefined();
      for (const condition of ["import", "require"]) {
        const { types, default: code } = entry![condition]!;
        // dist/esm/x.js and dist/cjs/x.js are built from src/x.ts.
        const source = code!.replace(/^\.\/dist\/(esm|cjs)\//, "src/").replace(/\.js$/, ".ts");
        expect(existsSync(join(RUNTIME, source)), `${subpath} → ${source}`).toBe(true);
        expect(types).toBe(code!.replace(/\.js$/, ".d.ts"));
      }
    }
  });

  it("are relative paths into runtime/ when vendored, to files the runtime has", () => {
    for (const target of ["sdk-v2", "sdk-v1"] as const) {
      for (const module of MODULES) {
        const specifier = runtimeSpecifier({ runtime: "vendored", target, out: "src/generated" }, "src/generated/validators", module);
        expect(specifier).toMatch(/^\.\.\/runtime\/.+\.js$/);
        expect(existsSync(join(RUNTIME, "src", specifier.slice("../runtime/".length).replace(/\.js$/, ".ts"))), specifier).toBe(true);
      }
    }
    expect(runtimeSpecifier({ runtime: "vendored", target: "sdk-v1", out: "src/generated" }, "src/generated", "server")).toBe("./runtime/v1/server-runtime.js");
  });

  it("are package subpaths otherwise, the SDK v1 ones under v1/", () => {
    expect(runtimeSpecifier({ runtime: "package", target: "sdk-v2", out: "src/generated" }, "src/generated/tools", "tool-table")).toBe("@mcp-gen/runtime/tool-table");
    expect(runtimeSpecifier({ runtime: "package", target: "sdk-v1", out: "src/generated" }, "src/generated", "client")).toBe("@mcp-gen/runtime/v1/client");
    expect(runtimeSpecifier({ runtime: "package", target: "sdk-v1", out: "src/generated" }, "src/generated/validators", "patterns")).toBe("@mcp-gen/runtime/patterns");
  });

  it("come with the range of the runtime package of the same commit", () => {
    expect(RUNTIME_RANGE).toBe(`^${manifest.version}`);
  });
});
