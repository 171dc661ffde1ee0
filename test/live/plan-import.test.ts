// planImport: one readable YAML descriptor per live tool that mcp-gen's own loader reads back as
// exactly the object the server sent (JSON where YAML cannot), with collision-free file names.
import { describe, expect, it } from "vitest";
import { planImport } from "../../src/live/plan-import.js";
import { DEFAULT_LOAD_LIMITS } from "../../src/load/limits.js";
import { loadDocument } from "../../src/load/load-document.js";
import { canonicalJson } from "../../src/lock/canonical-json.js";
import type { JsonObject } from "../../src/model/json.js";

const tricky: JsonObject = {
  inputSchema: { type: "object", properties: { "<<": { type: "string", default: "yes" }, on: { const: "1e3" }, "#x": { enum: ["~", "null", "", " lead", "a: b # c"] } } },
  name: "Get-Thing",
  description: "Line one.\nLine two with trailing space \n\n  indented\n",
  "x-vendor": { __proto__: { polluted: true }, n: -0.5e-7, big: 1e21 },
};

describe("planImport", () => {
  it("writes YAML that reads back as the exact object, name, title and description first", () => {
    const plan = planImport([{ name: "echo", inputSchema: { type: "object" }, description: "Echo.", title: "Echo" }], "tools", DEFAULT_LOAD_LIMITS);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const [file] = plan.value.files;
    expect(file!.path).toBe("tools/echo.yaml");
    expect(file!.contents).toBe(
      [
        "# Imported by `mcp-gen import` from a live server's tools/list, exactly as the server sent it.",
        "# mcp-tools.lock.json pins this descriptor; `mcp-gen verify` reports any change the server makes.",
        "name: echo",
        "title: Echo",
        "description: Echo.",
        "inputSchema:",
        "  type: object",
        "",
      ].join("\n"),
    );
    expect(plan.value.tools[0]).toMatchObject({ file: "tools/echo.yaml", wire: { name: "echo" } });
  });

  it("keeps YAML-hostile keys and values exact, or falls back to JSON", () => {
    const plan = planImport([tricky], "tools", DEFAULT_LOAD_LIMITS);
    if (!plan.ok) throw new Error(plan.problem.message);
    const [file] = plan.value.files;
    const loaded = loadDocument({ path: file!.path, text: file!.contents }).value!;
    expect(canonicalJson(loaded.value)).toBe(canonicalJson(tricky));
  });

  it("writes YAML that YAML 1.1 readers read alike: no yaml-1-1-scalar warning on the next build", () => {
    const texts = ["on", "Off", "y", "n", "1:20", "0777", "08", "0o17", "0b1", "1_000", "1e3", "-0x1F", "2024-01-31", "~", "null"];
    const numbers = [1e21, -5e-8, 1e-7, 0.5, 644, -0, 2 ** 53 - 1];
    const tool: JsonObject = {
      name: "alike",
      inputSchema: { type: "object", properties: Object.fromEntries(texts.map((text) => [text, { const: text }])) },
      _meta: { "com.example/numbers": numbers, "com.example/texts": texts },
    };
    const plan = planImport([tool], "tools", DEFAULT_LOAD_LIMITS);
    if (!plan.ok) throw new Error(plan.problem.message);
    const [file] = plan.value.files;
    expect(file!.path).toBe("tools/alike.yaml");
    const loaded = loadDocument({ path: file!.path, text: file!.contents });
    expect(loaded.diagnostics).toEqual([]);
    expect(canonicalJson(loaded.value!.value)).toBe(canonicalJson(tool));
  });

  it("writes a lone surrogate as JSON, which can hold it", () => {
    const plan = planImport([{ name: "odd", description: "bad \ud800 text", inputSchema: { type: "object" } }], "tools", DEFAULT_LOAD_LIMITS);
    if (!plan.ok) throw new Error(plan.problem.message);
    expect(plan.value.files[0]!.path).toBe("tools/odd.json");
    expect(plan.value.files[0]!.contents).toContain("\\ud800");
    expect(plan.value.notes).toEqual(["tools/odd.json is JSON: the tool does not read back from YAML as exactly the same value."]);
  });

  it("gives names that differ only in case different files, and makes odd names safe", () => {
    const plan = planImport([{ name: "Get" }, { name: "get" }, { name: "../etc/passwd" }, { name: "con" }], "vendor/tools", DEFAULT_LOAD_LIMITS);
    if (!plan.ok) throw new Error(plan.problem.message);
    const paths = plan.value.files.map((f) => f.path);
    expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(4);
    for (const path of paths) expect(path).toMatch(/^vendor\/tools\/[A-Za-z0-9_.-]+\.(yaml|json)$/);
    expect(paths.filter((p) => p.split("/").some((segment) => segment === ".." || segment.startsWith(".")))).toEqual([]);
  });

  it("never writes two tools to one file, even when a tool is named like another's suffixed file", () => {
    // `a` and `A` clash, and `a`'s suffixed stem would be a-ca9781, the name of a third tool.
    for (const third of ["a-ca9781", "a-CA9781"]) {
      const plan = planImport([{ name: "a" }, { name: "A" }, { name: third }], "tools", DEFAULT_LOAD_LIMITS);
      if (!plan.ok) throw new Error(plan.problem.message);
      const paths = plan.value.files.map((f) => f.path);
      expect(new Set(paths.map((p) => p.toLowerCase())).size, paths.join(", ")).toBe(3);
      expect(paths[2]).toBe(`tools/${third}.yaml`);
      expect(plan.value.tools.map((tool) => tool.file)).toEqual(paths);
    }
  });

  it("refuses a tool with an x-mcp-gen field, which a descriptor cannot carry", () => {
    expect(planImport([{ name: "x", "x-mcp-gen": {} }], "tools", DEFAULT_LOAD_LIMITS)).toMatchObject({ ok: false, problem: { kind: "bad-tool" } });
  });

  it("refuses a tool that no descriptor file reads back within the load limits, instead of writing one a build refuses", () => {
    const big: JsonObject = { name: "big", description: "x".repeat(2000), inputSchema: { type: "object" } };
    expect(planImport([big], "tools", { ...DEFAULT_LOAD_LIMITS, maxFileBytes: 1000 })).toEqual({
      ok: false,
      problem: {
        kind: "bad-tool",
        message:
          'The server\'s tool "big" cannot be written as a descriptor that mcp-gen reads back as sent (tools/big.json is 2086 bytes, more than the 1000-byte limit); raise the limits under `load:` in mcp-gen.config.yaml to import it.',
      },
    });
  });

  it("writes a tool deeper than YAML renders as compact JSON that loads back as sent", () => {
    let meta: JsonObject = {};
    for (let i = 0; i < 200; i++) meta = { a: meta };
    const deep: JsonObject = { name: "deep", inputSchema: { type: "object" }, _meta: meta };
    const plan = planImport([deep], "tools", DEFAULT_LOAD_LIMITS);
    if (!plan.ok) throw new Error(plan.problem.message);
    const [file] = plan.value.files;
    expect(file!.path).toBe("tools/deep.json");
    expect(file!.contents.split("\n")).toHaveLength(2);
    expect(canonicalJson(loadDocument({ path: file!.path, text: file!.contents }).value!.value)).toBe(canonicalJson(deep));
    expect(plan.value.notes).toEqual(["tools/deep.json is JSON: the tool nests more than 128 levels deep."]);
  });
});
