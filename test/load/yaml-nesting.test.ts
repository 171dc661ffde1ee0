// The YAML nesting pre-scan (src/load/yaml-nesting.ts) counts what JSON counts: one level per
// mapping or sequence, block or flow, so a file nested exactly load.maxDepth deep loads and one
// level more is refused. Text that looks like structure (the next line of a plain or quoted scalar,
// a block scalar's body) is no level.
import { describe, expect, it } from "vitest";
import { DEFAULT_LOAD_LIMITS } from "../../src/load/limits.js";
import { loadDocument } from "../../src/load/load-document.js";
import { findYamlDepthExcess } from "../../src/load/yaml-nesting.js";

const LIMIT = DEFAULT_LOAD_LIMITS.maxDepth;

/** `levels` mappings, each the value of the key above it: a:\n  a:\n    ... x */
function blockMappings(levels: number): string {
  let text = "";
  for (let i = 0; i < levels - 1; i++) text += `${"  ".repeat(i)}a:\n`;
  return `${text}${"  ".repeat(levels - 1)}a: x\n`;
}

/** Mappings and sequences taking turns, the sequences at their key's column: a:\n- a:\n  - a: ... */
function blockMixedTurns(levels: number): string {
  let text = "";
  let column = 0;
  for (let level = 1; level <= levels; level++) {
    const last = level === levels;
    if (level % 2 === 1) {
      text += last ? "a: x\n" : "a:\n";
    } else {
      text += `${" ".repeat(column)}- ${last ? "x\n" : ""}`;
      column += 2;
    }
  }
  return text;
}

/** A block mapping under a block sequence, then flow brackets for the rest: - a: [[x]] */
function blockThenFlow(levels: number): string {
  return `- a: ${"[".repeat(levels - 2)}x${"]".repeat(levels - 2)}\n`;
}

/** Flow mappings in a flow sequence in a flow mapping...: {a: [{a: [x]}]} */
function flowMixed(levels: number): string {
  let open = "";
  let close = "";
  for (let level = 1; level <= levels; level++) {
    open += level % 2 === 1 ? "{a: " : "[";
    close = (level % 2 === 1 ? "}" : "]") + close;
  }
  return `${open}x${close}\n`;
}

/** Block mappings, then flow ones opened over lines: a:\n  a: {\n a: {\n ... */
function blockThenFlowOverLines(levels: number): string {
  const half = Math.floor(levels / 2);
  let text = "";
  for (let i = 0; i < half; i++) text += `${"  ".repeat(i)}a:\n`;
  const inside = `\n${"  ".repeat(half + 1)}`;
  text += `${"  ".repeat(half)}a: ${`{${inside}a: `.repeat(levels - half - 1)}x${"}".repeat(levels - half - 1)}\n`;
  return text;
}

/** Compact sequences on one line: - - - x */
function compactSequences(levels: number): string {
  return `${"- ".repeat(levels)}x\n`;
}

const SHAPES = { blockMappings, blockMixedTurns, blockThenFlow, flowMixed, blockThenFlowOverLines, compactSequences };

function load(text: string) {
  return loadDocument({ path: "deep.yaml", text });
}

function nestingOf(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  return 1 + Math.max(0, ...Object.values(value).map(nestingOf));
}

describe("YAML nesting against load.maxDepth", () => {
  it.each(Object.entries(SHAPES))("%s: as deep as the limit loads, one level more is refused", (_, shape) => {
    const atLimit = load(shape(LIMIT));
    expect(atLimit.diagnostics).toEqual([]);
    expect(nestingOf(atLimit.value?.value)).toBe(LIMIT);

    const overLimit = load(shape(LIMIT + 1));
    expect(overLimit.value).toBeUndefined();
    expect(overLimit.diagnostics.map((d) => [d.ruleId, d.message])).toEqual([["load-too-deep", `deep.yaml nests mappings and sequences more than ${LIMIT} levels deep.`]]);
  });

  it.each(Object.entries(SHAPES))("%s: the scan alone says so at a small limit too", (_, shape) => {
    for (const limit of [1, 2, 5, 9]) {
      if (shape === blockThenFlow && limit < 3) continue;
      expect(findYamlDepthExcess(shape(limit), limit)).toBe(-1);
      expect(findYamlDepthExcess(shape(limit + 1), limit)).not.toBe(-1);
    }
  });

  it("an alias that takes a collection past the limit is refused where it expands, even an empty one", () => {
    const inner = `${"[".repeat(LIMIT - 1)}${"]".repeat(LIMIT - 1)}`;
    const atLimit = load(`a: &deep ${inner}\n`);
    expect(atLimit.diagnostics).toEqual([]);
    const overLimit = load(`a: &deep ${inner}\nb: [*deep]\n`);
    expect(overLimit.diagnostics.map((d) => d.ruleId)).toEqual(["load-too-deep"]);
    expect(overLimit.diagnostics[0]!.pointer).toBe(`/b${"/0".repeat(LIMIT - 1)}`);
  });
});

describe("text that looks like structure is no level", () => {
  const texts = {
    "a plain scalar's next line opening with [": "a: An index\n  [0, N) of the list\nb: 1\n",
    "a plain scalar's next line opening with {": "a: A mapping such as\n  {x, y} is not read\nb: 1\n",
    "a plain scalar's next lines opening with - and ?": "- first\n  - not an entry\n  ? not a key\n- second\n",
    "a plain scalar at the top, then a line opening with [": "just text\n[0, N)\n",
    "a double-quoted scalar over lines": 'a: "one\n  [two\n  {three"\nb: 1\n',
    "a single-quoted scalar over lines, with '' inside": "a: 'it''s\n  [two\n  {three'\nb: 1\n",
    "a literal block scalar's body": "a: |\n  [one\n  - two\n  {three: 4}\nb: 1\n",
    "a folded block scalar's body under a sequence entry": "- a: >-\n    [one\n    [two\n  b: 1\n",
  };

  it.each(Object.entries(texts))("%s", (_, text) => {
    expect(load(text).diagnostics).toEqual([]);
    // One mapping, or a sequence holding mappings: never more than two levels.
    expect(findYamlDepthExcess(text, 2)).toBe(-1);
    expect(findYamlDepthExcess(text, 1) === -1).toBe(!text.startsWith("- a:"));
  });

  it("a line less indented than a block scalar's body ends it, and its brackets count", () => {
    const text = "a: |\n    body\n  [[[x]]]\n";
    expect(findYamlDepthExcess(text, 3)).toBe(text.indexOf("  [[["));
  });

  it("a next line with ': ' is a key the yaml package nests, and counts", () => {
    const text = "a: x\n b: x\n  c: x\n   d: x\n";
    expect(findYamlDepthExcess(text, 3)).toBe(text.indexOf("   d"));
  });
});
