// Property test (hardening issue): for arbitrary valid but hostile descriptors, a build succeeds, the
// generated project type-checks under tsc --strict, the generated wire descriptors are exactly the
// input (no text altered or escaped away), each lock hash equals an independent JCS + SHA-256, and
// the generated validators decide like ajv on the schema's own sample values. Tool names and schema
// titles are drawn also from the names the generated code declares itself (read from a build with
// ts-morph), so a name a template adds is tried as a tool name without anyone listing it here; each
// tool module must still declare the tool's own types under the names the other modules import.
// PROPERTY_RUNS, which a nightly run sets in thousands for cheaper properties, asks here for one
// project per 4 (a project costs about a second: a build and tsc --strict over it), and
// PROPERTY_SEED sets the seed (fixed in `npm test`, see test/support/property-seed.ts). The
// counterexamples in test/fixtures/properties/counterexamples.json are replayed first, and so are
// those a run with PROPERTY_KEEP=1 kept in .tmp/counterexamples/ (test/support/counterexamples.ts).
import canonicalize from "canonicalize";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { sampleValue } from "../../src/compile/schema-samples.js";
import type { JsonValue } from "../../src/model/json.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import { sentinelProjectNames, templateNames } from "../support/declared-names.js";
import { toolSetOnto, type ArbitraryTool } from "./arbitrary-descriptors.js";
import { keepCounterexample, keptCounterexamples } from "../support/counterexamples.js";

const RUNS = process.env.PROPERTY_RUNS === undefined ? 25 : Math.max(25, Math.ceil(Number(process.env.PROPERTY_RUNS) / 4));
/** Three seconds a project: about three times what one costs here, for a slower machine. */
const TIMEOUT = Math.max(600_000, RUNS * 3_000);
const COUNTEREXAMPLES = join(REPO_ROOT, "test/fixtures/properties/counterexamples.json");
const TSC = join(REPO_ROOT, "node_modules/.bin/tsc");
const toolSet = toolSetOnto(templateNames(await sentinelProjectNames()));

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    target: "ES2022",
    lib: ["ES2023"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    skipLibCheck: true,
    types: ["node"],
    rootDir: ".",
    outDir: "dist",
  },
  include: ["src", "test"],
};

interface Lock {
  tools: Record<string, { sha256: string }>;
}
interface Entry {
  name: string;
  descriptor: unknown;
  validateInput: (value: unknown) => boolean;
}

async function checkProject(tools: readonly ArbitraryTool[]): Promise<void> {
  const files: Record<string, string> = {
    "tsconfig.json": JSON.stringify(TSCONFIG),
    "package.json": '{ "type": "module" }',
    // A NUL in a text is an error of descriptor-nul-character (what hosts make of it), not of the
    // generated code, which must still escape it: the rule is off here so that the build goes on.
    "mcp-gen.config.yaml": "rules:\n  descriptor-nul-character: off\n",
  };
  tools.forEach((tool, i) => void (files[`tools/t${i}.json`] = JSON.stringify(tool, null, 2)));
  const root = tempProject(files);
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");

  const build = await runInProcess(root, ["build"]);
  expect(build.code, build.stdout + build.stderr).toBe(0);

  try {
    execFileSync(TSC, ["-p", join(root, "tsconfig.json")], { stdio: "pipe" });
  } catch (e) {
    throw new Error(`tsc failed:\n${String((e as { stdout?: Buffer }).stdout ?? e)}`);
  }

  // Each tool module declares the tool's types under the names server, client and index import: no
  // title or $defs key of its schemas took one of them first.
  for (const file of readdirSync(join(root, "src/generated/tools"))) {
    const module = readFileSync(join(root, "src/generated/tools", file), "utf8");
    const types = /^export interface (\w+)Types \{\n((?: {2}\w+: \w+;\n)+)\}/m.exec(module);
    expect(types, file).not.toBeNull();
    const members = types![2]!
      .trimEnd()
      .split("\n")
      .map((line) => line.trim());
    expect(members, file).toEqual(members.map((line) => `${line.split(":")[0]}: ${types![1]}${{ arguments: "Arguments", result: "Result", inputs: "Inputs" }[line.split(":")[0]!]};`));
  }
  // ToolsClient has no member that await, JSON.stringify or string conversion would call.
  const { ToolsClient } = (await import(pathToFileURL(join(root, "dist/src/generated/client.js")).href)) as { ToolsClient: { prototype: object } };
  const protocol = [...Object.getOwnPropertyNames(Object.prototype), "then", "toJSON"].filter((name) => name !== "constructor");
  expect(Object.getOwnPropertyNames(ToolsClient.prototype).filter((name) => protocol.includes(name))).toEqual([]);

  const { TOOL_ENTRIES } = (await import(pathToFileURL(join(root, "dist/src/generated/tools.js")).href)) as { TOOL_ENTRIES: Entry[] };
  const byName = new Map(TOOL_ENTRIES.map((e) => [e.name, e.descriptor]));
  const lock = JSON.parse(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")) as Lock;
  const compiler = new SchemaCompiler();
  for (const entry of TOOL_ENTRIES) {
    // The generated validator decides like ajv itself on the schema's own sample value and on {}.
    const tool = tools.find((t) => t.name === entry.name)!;
    const reference = compiler.validator(tool.inputSchema as JsonValue, "2020-12")!;
    for (const candidate of [sampleValue(tool.inputSchema as JsonValue, tool.inputSchema as JsonValue, 0), {}]) {
      if (candidate === undefined) continue;
      expect(entry.validateInput(candidate), `${entry.name}: ${JSON.stringify(candidate)}`).toBe(reference(candidate));
    }
  }
  for (const tool of tools) {
    // Exactly the input, key order included: nothing altered or escaped away.
    expect(JSON.stringify(byName.get(tool.name))).toBe(JSON.stringify(tool));
    // canonicalize (RFC 8785) refuses lone surrogates, which JSON allows and mcp-gen escapes the way
    // JSON.stringify does; the independent hash applies to every other descriptor.
    if (!canonicalizable(tool)) continue;
    const independent = createHash("sha256").update(canonicalize(tool)!, "utf8").digest("hex");
    expect(lock.tools[tool.name]?.sha256).toBe(independent);
  }
}

/** The name of this test's kept counterexamples (.tmp/counterexamples/build-any-descriptor/NNN.json, a tool list each). */
const KEPT = "build-any-descriptor";

describe("build any valid descriptor", () => {
  const committed: ArbitraryTool[][] = existsSync(COUNTEREXAMPLES) ? JSON.parse(readFileSync(COUNTEREXAMPLES, "utf8")) : [];
  committed.forEach((tools, i) => {
    it(`replays counterexample ${i + 1}`, () => checkProject(tools), 120_000);
  });
  for (const kept of keptCounterexamples(KEPT)) {
    it(`replays the kept counterexample ${kept.name}`, () => checkProject(JSON.parse(kept.text) as ArbitraryTool[]), 120_000);
  }

  it(
    `builds, type-checks and round-trips ${RUNS} random projects`,
    async () => {
      let found: ArbitraryTool[] | undefined;
      const details = await fc.check(
        fc.asyncProperty(toolSet, async (tools) => {
          try {
            await checkProject(tools);
          } catch (e) {
            found = tools;
            throw e;
          }
        }),
        // A project costs seconds: the first failure is reported as found, not shrunk.
        { numRuns: RUNS, endOnFailure: true },
      );
      if (details.failed) {
        const kept = found === undefined ? "" : `\n${keepCounterexample(KEPT, ".json", `${JSON.stringify(found, null, 2)}\n`)}`;
        throw new Error(`${fc.defaultReportMessage(details)}${kept}\n${String(details.errorInstance)}`);
      }
    },
    TIMEOUT,
  );
});

function canonicalizable(value: unknown): boolean {
  try {
    canonicalize(value);
    return true;
  } catch {
    return false;
  }
}
