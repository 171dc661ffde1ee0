// `preset:` in mcp-gen.config.yaml (issue 18.4): `default` gives each rule its own default, `strict`
// makes exactly the rules that check a MUST of the spec errors, a rule's own setting overrides
// either, and the rules code generation needs cannot be lowered at all.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.js";
import { presetSeverity } from "../../src/config/preset.js";
import type { JsonValue } from "../../src/model/json.js";
import type { SourceDoc } from "../../src/model/source.js";
import { loadDocument } from "../../src/load/load-document.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";

function configOf(yaml: string) {
  const doc = loadDocument({ path: "mcp-gen.config.yaml", text: yaml }).value as SourceDoc;
  return loadConfig(doc, ALL_RULES, {});
}

const severities = (value: JsonValue | undefined) => {
  const config = value === undefined ? loadConfig(undefined, ALL_RULES, {}).value! : configOf(JSON.stringify(value)).value!;
  return new Map([...config.rules].map(([id, setting]) => [id, setting.severity]));
};

describe("preset", () => {
  it("default is each rule's own default, with or without the key", () => {
    const implicit = severities(undefined);
    expect(severities({ preset: "default" })).toEqual(implicit);
    for (const rule of ALL_RULES) expect(implicit.get(rule.id), rule.id).toBe(rule.defaultSeverity);
  });

  it("strict changes exactly the rules that check a MUST the default leaves below error", () => {
    const base = severities(undefined);
    const strict = severities({ preset: "strict" });
    const changed = ALL_RULES.filter((rule) => strict.get(rule.id) !== base.get(rule.id)).map((rule) => rule.id);
    expect(changed).toEqual(ALL_RULES.filter((rule) => rule.must && rule.defaultSeverity !== "error").map((rule) => rule.id));
    expect(changed).toEqual(["meta-key-reserved", "meta-key-syntax"]);
    for (const rule of ALL_RULES) expect(strict.get(rule.id), rule.id).toBe(rule.must ? "error" : rule.defaultSeverity);
    for (const rule of ALL_RULES) expect(presetSeverity(rule, "strict")).toBe(strict.get(rule.id));
  });

  it("a rule's own setting overrides the preset, in both directions", () => {
    const strict = severities({ preset: "strict", rules: { "meta-key-syntax": "warning", "meta-key-reserved": ["info", { allow: ["dev.mcp/"] }] } });
    expect(strict.get("meta-key-syntax")).toBe("warning");
    expect(strict.get("meta-key-reserved")).toBe("info");
    expect(severities({ rules: { "meta-key-syntax": "error", "tool-name-syntax": "error" } }).get("tool-name-syntax")).toBe("error");
  });

  it("a misspelt preset or key gets a did-you-mean", () => {
    const value = configOf("preset: stict\n");
    expect(value.value).toBeUndefined();
    expect(value.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.message, d.hint])).toEqual([
      ["config-invalid", 1, 9, 'preset is "stict", but it must be equal to one of the allowed values (one of "default", "strict").', 'Did you mean "strict"?'],
    ]);
    const severity = configOf("rules:\n  tool-name-syntax: warnign\n");
    expect(severity.diagnostics.map((d) => [d.message, d.hint])).toEqual([
      ['rules.tool-name-syntax is "warnign", but it must be equal to one of the allowed values (one of "off", "info", "warning", "error").', 'Did you mean "warning"?'],
    ]);
    const key = configOf("presett: strict\n");
    expect(key.diagnostics.map((d) => [d.message, d.hint])).toEqual([['Unknown key "presett" in mcp-gen.config.yaml.', 'Did you mean "preset"?']]);
  });

  it("refuses to lower a rule that code generation needs, and says why", () => {
    const required = ALL_RULES.filter((rule) => rule.required).map((rule) => rule.id);
    expect(required).toEqual(["authoring-block-shape", "authoring-example-valid", "input-schema-object", "schema-valid", "tool-name-unique", "tool-shape"]);
    for (const id of required) {
      for (const setting of ["off", "warning", '["info"]']) {
        const result = configOf(`rules:\n  ${id}: ${setting}\n`);
        expect(result.value, `${id}: ${setting}`).toBeUndefined();
        expect(result.diagnostics).toHaveLength(1);
        expect(result.diagnostics[0]!.message).toMatch(new RegExp(`^${id} is set to "(off|warning|info)", but it is always an error: [a-z]`));
        expect(result.diagnostics[0]!.hint).toBe('Remove the setting, or set it to "error".');
      }
      expect(configOf(`rules:\n  ${id}: error\n`).diagnostics).toEqual([]);
    }
  });
});
