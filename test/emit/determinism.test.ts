// Generated code is deterministic (DESIGN.md, "What a build writes"). What is guaranteed:
//
// 1. The same project built twice, in two folders and with other builds in between, gives
//    byte-identical trees: generated code, stubs, scaffolds and lock.
// 2. The output is a function of the tools' wire descriptors (and the config), not of how they are
//    stored: renaming descriptor files, changing their order on disk, or writing a tool as JSON instead
//    of YAML changes only the text that quotes a descriptor's path (the banner of its module, the
//    comments of its stub and scaffold, the lock's `file` and `inputs`).
// 3. Member order inside a descriptor is the author's and is kept: tools/list serves the descriptor
//    exactly as written, and models read properties in that order. So reordering keys may change the
//    generated code, but never a tool's sha256 or per-part hashes in the lock (RFC 8785).
import { cpSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { descriptorPath } from "../support/project-from-tools.js";
import { corpusPath, REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

/** Every file under `root`: project path → text. */
function readTree(root: string): Map<string, string> {
  const tree = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else tree.set(relative(root, path).split(sep).join("/"), readFileSync(path, "utf8"));
    }
  };
  walk(root);
  return new Map([...tree].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A temp copy of the tracker example's inputs only: config, package.json, descriptors, schemas. */
function trackerProject(): string {
  const root = tempProject({});
  for (const input of ["mcp-gen.config.yaml", "package.json", "tools", "schemas"]) cpSync(join(REPO_ROOT, "examples/tracker", input), join(root, input), { recursive: true });
  return root;
}

function corpusProject(file: string): string {
  const tools = (JSON.parse(readFileSync(corpusPath(file), "utf8")) as { tools: { name: string }[] }).tools;
  return tempProject(Object.fromEntries(tools.map((tool, i) => [descriptorPath(i, tool.name), JSON.stringify(tool, null, 2) + "\n"])));
}

async function build(root: string): Promise<Map<string, string>> {
  const run = await runInProcess(root, ["build", "--format", "json"]);
  expect(run.stderr).toBe("");
  expect(run.code, run.stdout).toBe(0);
  return readTree(root);
}

interface Lock {
  tools: Record<string, { file: string; sha256: string; parts: Record<string, string> }>;
  inputs: Record<string, string>;
  files: Record<string, string>;
}

describe("two builds of the same project are byte-identical", () => {
  it("examples/tracker and corpus/real/notionhq__notion-mcp-server.json, built twice with each other's builds in between", async () => {
    const corpus = "real/notionhq__notion-mcp-server.json";
    const first = { tracker: await build(trackerProject()), corpus: await build(corpusProject(corpus)) };
    const second = { tracker: await build(trackerProject()), corpus: await build(corpusProject(corpus)) };
    for (const key of ["tracker", "corpus"] as const) {
      expect(first[key].size).toBeGreaterThan(30);
      expect([...second[key].keys()]).toEqual([...first[key].keys()]);
      for (const [path, text] of first[key]) expect(second[key].get(path), `${key}: ${path}`).toBe(text);
    }
    expect(first.tracker.has("mcp-tools.lock.json")).toBe(true);
    expect(first.corpus.has("src/generated/validators/2020-12.ts") || first.corpus.has("src/generated/validators/draft-07.ts")).toBe(true);
  });
});

const ZETA = { name: "zeta", description: "Last by name.", inputSchema: { type: "object", properties: { b: { type: "string" }, a: { type: "integer" } }, required: ["b"] } };
const ALPHA = {
  name: "alpha",
  title: "First by name",
  description: "First by name.",
  inputSchema: { type: "object", properties: { q: { type: "string", enum: ["x", "y"] } }, additionalProperties: false },
  outputSchema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
  annotations: { readOnlyHint: true },
};
const MIDDLE = { name: "middle", description: "In between.", inputSchema: { type: "object", properties: { id: { type: "string", format: "uuid" } } } };

const yaml = (tool: object) => stringify(tool);

/** Project path of each tool's descriptor, from the lock. */
function sources(tree: Map<string, string>): Map<string, string> {
  const lock = JSON.parse(tree.get("mcp-tools.lock.json")!) as Lock;
  return new Map(Object.entries(lock.tools).map(([name, tool]) => [tool.file, name]));
}

/** Every file except the lock, with each descriptor path replaced by the name of its tool. */
function withoutPaths(tree: Map<string, string>): Map<string, string> {
  const paths = sources(tree);
  const replace = (text: string) => [...paths].reduce((out, [path, name]) => out.split(path).join(`<descriptor of ${name}>`), text);
  return new Map([...tree].filter(([path]) => path !== "mcp-tools.lock.json" && !paths.has(path)).map(([path, text]) => [path, replace(text)]));
}

describe("what the output depends on", () => {
  it("not file names, file order or YAML versus JSON: only the quoted descriptor paths differ", async () => {
    const a = await build(tempProject({ "tools/1.json": JSON.stringify(ZETA), "tools/2.yaml": yaml(ALPHA), "tools/3.json": JSON.stringify(MIDDLE, null, 2) }));
    const b = await build(tempProject({ "tools/a/alpha.json": JSON.stringify(ALPHA, null, 4), "tools/m.yml": yaml(MIDDLE), "tools/z/zeta.yaml": yaml(ZETA) }));
    // Not vacuous: the stored paths really differ, and they show up in the generated text.
    expect([...sources(a).keys()]).not.toEqual([...sources(b).keys()]);
    expect(a.get("src/generated/tools/zeta.ts")).toContain("tools/1.json");
    expect(b.get("src/generated/tools/zeta.ts")).toContain("tools/z/zeta.yaml");
    expect(withoutPaths(b)).toEqual(withoutPaths(a));
    // Files that quote no path are byte-identical as they are.
    for (const path of ["src/generated/tools.ts", "src/generated/server.ts", "src/generated/client.ts", "src/generated/validators/2020-12.ts"]) expect(b.get(path), path).toBe(a.get(path));
    const lockA = JSON.parse(a.get("mcp-tools.lock.json")!) as Lock;
    const lockB = JSON.parse(b.get("mcp-tools.lock.json")!) as Lock;
    const hashes = (lock: Lock) => Object.fromEntries(Object.entries(lock.tools).map(([name, t]) => [name, { sha256: t.sha256, parts: t.parts }]));
    expect(hashes(lockB)).toEqual(hashes(lockA));
  });

  it("member order is kept, so it may change the code, but never a tool's hashes", async () => {
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value !== null && typeof value === "object"
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reversed(v)]),
            )
          : value;
    const a = await build(tempProject({ "tools/alpha.json": JSON.stringify(ALPHA), "tools/zeta.json": JSON.stringify(ZETA) }));
    const b = await build(tempProject({ "tools/alpha.json": JSON.stringify(reversed(ALPHA)), "tools/zeta.json": JSON.stringify(reversed(ZETA)) }));
    const lockA = JSON.parse(a.get("mcp-tools.lock.json")!) as Lock;
    const lockB = JSON.parse(b.get("mcp-tools.lock.json")!) as Lock;
    expect(lockB.tools).toEqual(lockA.tools);
    // The served descriptor follows the author's order: properties b, a stay b, a; reversed, a, b.
    expect(a.get("src/generated/tools/zeta.ts")).toMatch(/properties: \{\n\s+b: \{ type: "string" \},\n\s+a: \{ type: "integer" \},/);
    expect(b.get("src/generated/tools/zeta.ts")).toMatch(/properties: \{\n\s+a: \{ type: "integer" \},\n\s+b: \{ type: "string" \},/);
    expect(a.get("src/generated/tools/zeta.ts")).toMatch(/^export const zetaTool: mcpGen\.ToolDescriptor = \{\n {2}name: "zeta",/m);
    expect(b.get("src/generated/tools/zeta.ts")).toMatch(/^export const zetaTool: mcpGen\.ToolDescriptor = \{\n {2}inputSchema: \{/m);
  });
});
