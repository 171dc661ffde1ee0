// An option that takes a list, given one value as it is (`tools: tools/*.yaml`, as many tools'
// single-glob options are written): the hint writes the list of that one value, which the user can
// paste, rather than pointing at the schema.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import { loadDocument } from "../../src/load/load-document.js";
import type { SourceDoc } from "../../src/model/source.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";

function configOf(yaml: string) {
  const doc = loadDocument({ path: "mcp-gen.config.yaml", text: yaml }).value as SourceDoc;
  return loadConfig(doc, ALL_RULES, {});
}

describe("a list option given one value", () => {
  it("hints the list of that value, at the value", () => {
    const result = configOf("tools: ./tools/*.yaml\n");
    expect(result.value).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.message, d.hint])).toEqual([
      ["config-invalid", 1, 8, 'tools is "./tools/*.yaml", but it must be array.', 'Write it as a list: ["./tools/*.yaml"].'],
    ]);
    // What the hint says is a config that loads.
    expect(configOf('tools: ["./tools/*.yaml"]\n').diagnostics).toEqual([]);
  });

  it("in a rule's options too, and not for a value that no list of one would fix", () => {
    const option = configOf('rules:\n  meta-key-reserved: [info, { allow: "dev.mcp/" }]\n');
    expect(option.diagnostics.map((d) => d.hint)).toEqual(['Write it as a list: ["dev.mcp/"].']);
    for (const yaml of ["tools: { pattern: tools }\n", "tools:\n"]) {
      expect(
        configOf(yaml).diagnostics.map((d) => d.hint),
        yaml,
      ).toEqual(["Fix the value; see schemas/mcp-gen.config.schema.json for every option."]);
    }
  });
});
