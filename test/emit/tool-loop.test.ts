// The aggregates' per-tool items taken from the last emit's files (src/emit/tool-loop.ts): whatever
// changed between two emits, the second one, given the first one's aggregates and layouts, gives
// every file byte for byte as an emit from scratch does; it renders only the items it cannot take;
// a template whose own text holds a NUL, a loop that moved, or a layout that does not fit the file
// leaves the output as it is; and no aggregate template reads an item's place in its loop.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readRuntimeSources, readTemplates } from "../../src/cli/package-files.js";
import { loadConfig } from "../../src/config/load-config.js";
import { emitProject, type ProjectEmit } from "../../src/emit/emit-project.js";
import { compileTemplates, type TemplateSources } from "../../src/emit/templates.js";
import { layoutFits, renderAggregate, type LastAggregates, type LoopMaker } from "../../src/emit/tool-loop.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";
import { analyzeTools } from "../support/project-from-tools.js";

const config = loadConfig(undefined, ALL_RULES, {}).value!;

const tool = (name: string, extra: object = {}) => ({
  name,
  description: `The ${name} tool — with a non-ASCII dash.`,
  inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  ...extra,
});

const BASE = [
  tool("get_user"),
  tool("list_repos", { outputSchema: { type: "object", properties: { names: { type: "array", items: { type: "string" } } } } }),
  tool("ping", { inputSchema: { type: "object", properties: {} } }),
  tool("search", { inputSchema: { type: "object", properties: { q: { type: "string" }, region: { type: "string", "x-mcp-header": "Region" } } } }),
  tool("wrap_result", { outputSchema: { type: "array", items: { type: "string" } } }),
];

async function emit(wireTools: readonly object[], last?: LastAggregates, templates?: TemplateSources): Promise<ProjectEmit> {
  const { analysis } = analyzeTools(wireTools);
  expect(analysis.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return emitProject({
    tools: analysis.tools,
    config,
    templates: templates ?? (await readTemplates()),
    runtime: await readRuntimeSources(),
    schemas: analysis.schemas,
    ...(last ? { reuse: { tools: new Map(), validators: new Map(), aggregates: last } } : {}),
  });
}

/** What a later emit gets from `emitted`: its aggregates as written (UTF-8), with their layouts. */
function lastOf(emitted: ProjectEmit): LastAggregates {
  const files = new Map();
  for (const [path, layout] of emitted.aggregates.files) {
    const file = emitted.generated.find((f) => f.path === path)!;
    files.set(path, { bytes: Buffer.from(file.contents, "utf8"), layout });
  }
  return { keys: emitted.aggregates.keys, files };
}

/** Every generated file as text, checking that a file made in pieces holds its text's UTF-8. */
function texts(emitted: ProjectEmit): Map<string, string> {
  return new Map(
    emitted.generated.map((file) => {
      if (file.pieces) expect(Buffer.concat(file.pieces).equals(Buffer.from(file.contents, "utf8")), file.path).toBe(true);
      return [file.path, file.contents];
    }),
  );
}

const AGGREGATES = ["client.ts", "handlers.ts", "index.ts", "server.ts", "tools.ts"].map((name) => `src/generated/${name}`);

const CHANGES: readonly [string, readonly object[]][] = [
  ["a description edited", BASE.map((t, i) => (i === 1 ? { ...t, description: "Lists repositories." } : t))],
  ["a tool added", [...BASE, tool("add_label")]],
  ["a tool removed", BASE.filter((_, i) => i !== 2)],
  ["a tool renamed", BASE.map((t, i) => (i === 0 ? { ...t, name: "fetch_user" } : t))],
  ["an outputSchema added", BASE.map((t, i) => (i === 0 ? { ...t, outputSchema: { type: "object", properties: { login: { type: "string" } } } } : t))],
  [
    "a header parameter renamed",
    BASE.map((t, i) => (i === 3 ? tool("search", { inputSchema: { type: "object", properties: { q: { type: "string" }, region: { type: "string", "x-mcp-header": "Zone" } } } }) : t)),
  ],
  ["a name that clashes with another once mapped", [...BASE, tool("get-user")]],
  ["every tool but one replaced", [tool("get_user"), tool("a"), tool("b")]],
  ["no tool left but one", [tool("ping")]],
];

describe("aggregates spliced from the last emit's files", () => {
  it.each(CHANGES)("after %s, gives every file an emit from scratch gives, byte for byte", async (_, changed) => {
    const first = await emit(BASE);
    const spliced = await emit(changed, lastOf(first));
    const scratch = await emit(changed);
    expect(texts(spliced)).toEqual(texts(scratch));
    expect(spliced.aggregates).toEqual(scratch.aggregates);
  });

  it("takes the items of unchanged tools, and marks an aggregate that comes out the same as unchanged", async () => {
    const first = await emit(BASE);
    const edited = BASE.map((t, i) => (i === 1 ? { ...t, description: "Lists repositories." } : t));
    const spliced = await emit(edited, lastOf(first));
    const byPath = new Map(spliced.generated.map((file) => [file.path, file]));
    // The description is in client.ts (a doc comment, the pin) and tools.ts (the tool set's version).
    for (const path of ["src/generated/client.ts", "src/generated/tools.ts"]) expect(byPath.get(path)!.pieces, path).toBeDefined();
    for (const path of ["src/generated/handlers.ts", "src/generated/index.ts", "src/generated/server.ts"]) expect(byPath.get(path)!.unchanged, path).toBe(true);
    // Emitted once more from its own output: nothing changed, every aggregate is the same.
    const again = await emit(edited, lastOf(spliced));
    for (const path of AGGREGATES) expect(again.generated.find((f) => f.path === path)!.unchanged, path).toBe(true);
  });

  it("renders every item again where a loop's name or count is not the last file's, and where no key is the same", async () => {
    const first = await emit(BASE);
    const last = lastOf(first);
    const renamed = new Map([...last.files].map(([path, file]) => [path, { ...file, layout: file.layout.map((loop) => ({ ...loop, name: `${loop.name}-moved` })) }]));
    const otherKeys = { keys: last.keys.map((key) => key.replace(/^./, (c) => (c === "0" ? "1" : "0"))), files: last.files };
    const scratch = texts(await emit(BASE));
    for (const variant of [{ keys: last.keys, files: renamed }, otherKeys]) {
      const spliced = await emit(BASE, variant);
      expect(texts(spliced)).toEqual(scratch);
      for (const path of AGGREGATES) expect(spliced.generated.find((f) => f.path === path)!.pieces, path).toBeUndefined();
    }
  });
});

describe("renderAggregate", () => {
  const source = "{{{banner}}}\n{{#each items}}[{{{name}}}]\n{{/each}}between\n{{#each items}}<{{{name}}}>{{/each}}\nend\n";
  const render = async () => compileTemplates({ ...(await readTemplates()), "index.ts": source })["index.ts"];
  const view = (banner: string, keys: readonly string[]) => (loop: LoopMaker) => ({ banner, items: loop("items", (i) => ({ name: keys[i]! })) });

  it("gives each item's place in bytes, and takes an item by its key from the last file, wherever it was", async () => {
    const template = await render();
    const keys = ["é1", "k2", "k3"];
    const first = renderAggregate("x.ts", template, view("head", keys), keys);
    expect(first.file.contents).toBe("head\n[é1]\n[k2]\n[k3]\nbetween\n<é1><k2><k3>\nend\n");
    expect(first.layout).toEqual([
      { name: "items", start: 5, lengths: [6, 5, 5] },
      { name: "items", start: 29, lengths: [5, 4, 4] },
    ]);
    const last = { file: { bytes: Buffer.from(first.file.contents, "utf8"), layout: first.layout! }, keys };
    // k3 and é1 come from the last file (in another order), k4 is rendered; the banner is new.
    const next = ["k3", "k4", "é1"];
    const spliced = renderAggregate("x.ts", template, view("top", next), next, last);
    expect(spliced.file.contents).toBe("top\n[k3]\n[k4]\n[é1]\nbetween\n<k3><k4><é1>\nend\n");
    expect(Buffer.concat(spliced.file.pieces!).toString("utf8")).toBe(spliced.file.contents);
    expect(spliced.layout).toEqual(renderAggregate("x.ts", template, view("top", next), next).layout);
    // Under a key the last file has, its item is taken as it was there, whatever the view says now.
    const stale = renderAggregate("x.ts", template, view("head", ["é1", "k2", "CHANGED"]), keys, last);
    expect(stale.file.contents).toBe(first.file.contents);
    expect(stale.file.unchanged).toBe(true);
  });

  it("falls back to a plain render, with no layout, when the template's own text holds a NUL; a NUL in an item is only text", async () => {
    const template = await render();
    const keys = ["a", "b"];
    const plain = renderAggregate("x.ts", template, view("he\u0000ad", keys), keys);
    expect(plain.file.contents).toBe("he\u0000ad\n[a]\n[b]\nbetween\n<a><b>\nend\n");
    expect(plain.layout).toBeUndefined();
    const item = renderAggregate("x.ts", template, view("head", ["a\u0000", "b"]), keys);
    expect(item.file.contents).toBe("head\n[a\u0000]\n[b]\nbetween\n<a\u0000><b>\nend\n");
    expect(item.layout).toEqual([
      { name: "items", start: 5, lengths: [5, 4] },
      { name: "items", start: 22, lengths: [4, 3] },
    ]);
  });
});

describe("layoutFits", () => {
  const loops = (...spec: [number, number[]][]) => spec.map(([start, lengths], i) => ({ name: `loop${i}`, start, lengths }));
  it("accepts loops in order inside the file, and refuses any other", () => {
    expect(layoutFits(loops([10, [5, 5]], [30, [1]]), 40)).toBe(true);
    expect(layoutFits(loops([10, [5, 5]], [30, [0, 10]]), 40)).toBe(true);
    expect(layoutFits(loops([10, [5, 5]], [15, [1]]), 40)).toBe(false); // overlaps the loop before
    expect(layoutFits(loops([10, [5, 26]]), 40)).toBe(false); // past the end
    expect(layoutFits(loops([10, [-1, 5]]), 40)).toBe(false);
    expect(layoutFits(loops([10, [1.5]]), 40)).toBe(false);
    expect(layoutFits(loops([-1, [1]]), 40)).toBe(false);
  });
});

describe("aggregate templates", () => {
  it("never read an item's place in its loop or its parent's values, which a spliced item would not see", () => {
    const folder = join(import.meta.dirname, "../../templates");
    for (const name of ["client.ts.hbs", "handlers.ts.hbs", "index.ts.hbs", "server.ts.hbs", "tools.ts.hbs"]) {
      expect(readdirSync(folder)).toContain(name);
      const text = readFileSync(join(folder, name), "utf8");
      expect(text, name).not.toMatch(/@index|@first|@last|@key|@root|\.\.\//);
    }
  });
});
