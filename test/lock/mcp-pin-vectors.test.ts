// mcp-pin's published tool definition hash (docs/TOOL_DEFINITION_HASH.md, version 1: RFC 8785 + SHA-256
// of the whole tool object) against ours, on its own test vectors (test/data/mcp-pin/, copied
// unchanged): a lock's per-tool `sha256` is mcp-pin's definition hash, so either can check the other's
// pins. Where the recipes part (repeated member names, the set hash mcp-gen does not record) is said in
// docs/tool-hash.md; the tests below pin those differences down too.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readToolsPage } from "../../src/live/read-tools-page.js";
import { loadDocument } from "../../src/load/load-document.js";
import { canonicalJson } from "../../src/lock/canonical-json.js";
import { hashTool } from "../../src/lock/hash-tool.js";
import { sha256Hex } from "../../src/lock/sha256.js";
import type { JsonObject, JsonValue } from "../../src/model/json.js";
import { REPO_ROOT } from "../support/spec-paths.js";

interface Vectors {
  readonly definitions: readonly { readonly about: string; readonly input: string; readonly canonical: string; readonly hash: string }[];
  readonly sets: readonly { readonly about: string; readonly pages: readonly string[]; readonly lines: readonly string[]; readonly setHash: string }[];
  readonly invalid: readonly { readonly about: string; readonly input?: string; readonly pages?: readonly string[]; readonly reason: string }[];
}

const VECTORS = JSON.parse(readFileSync(join(REPO_ROOT, "test/data/mcp-pin/tool-definition-hash-vectors.json"), "utf8")) as Vectors;

/** The input read as mcp-gen reads a JSON descriptor file, or the ids of the diagnostics that refuse it. */
function load(text: string): { readonly value?: JsonValue; readonly refused?: readonly string[] } {
  const loaded = loadDocument({ path: "tools/vector.json", text });
  if (loaded.value === undefined) return { refused: loaded.diagnostics.map((d) => d.ruleId) };
  return { value: loaded.value.value };
}

/** mcp-pin's set hash (section 3), built from mcp-gen's per-tool hashes: the lines, sorted by name then hash. */
function setLines(tools: readonly JsonObject[]): string[] {
  return tools
    .map((tool) => ({ name: tool.name as string, hash: hashTool(tool).sha256 }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0))
    .map((line) => `${line.name}:${line.hash}`);
}

describe("mcp-pin's tool definition hash vectors", () => {
  it("has the vectors this test was written against", () => {
    expect([VECTORS.definitions.length, VECTORS.sets.length, VECTORS.invalid.length]).toEqual([8, 5, 4]);
  });

  it.each(VECTORS.definitions.map((vector) => [vector.about, vector] as const))("definition: %s", (_, vector) => {
    const { value, refused } = load(vector.input);
    expect(refused).toBeUndefined();
    expect(canonicalJson(value!)).toBe(vector.canonical);
    // The lock's sha256 of a tool is the definition hash, and so is the hash of any JSON value.
    expect(hashTool(value as JsonObject).sha256).toBe(vector.hash);
  });

  it.each(VECTORS.sets.map((vector) => [vector.about, vector] as const))("set, from mcp-gen's per-tool hashes: %s", (_, vector) => {
    const tools = vector.pages.flatMap((page) => load(page).value as JsonObject[]);
    const lines = setLines(tools);
    expect(lines).toEqual(vector.lines);
    expect(sha256Hex(lines.join("\n"))).toBe(vector.setHash);
  });

  it("refuses, as mcp-pin does, a definition that repeats a member name: a descriptor file with one is not loaded", () => {
    const repeated = VECTORS.invalid.filter((vector) => vector.reason === "repeated member name");
    expect(repeated).toHaveLength(2);
    for (const vector of repeated) expect(load(vector.input!).refused).toContain("json-duplicate-key");
  });

  it("refuses, as mcp-pin does, a listing with a tool that has no string name: verify and import stop at it", () => {
    const nameless = VECTORS.invalid.filter((vector) => vector.reason === "no string name");
    expect(nameless).toHaveLength(2);
    for (const vector of nameless) {
      const page = readToolsPage({ tools: load(vector.pages![0]!).value! }, 1, 256);
      expect(page.ok ? "accepted" : page.problem.kind).toBe("bad-tool");
    }
  });
});
