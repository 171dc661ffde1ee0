import { expect, it } from "vitest";
import { META_KEY_PATTERN, metaKeyProblem, suggestMetaKey } from "../../src/validate/meta-key.js";
import { metaKeySyntax } from "../../src/validate/rules/meta-key-syntax.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(metaKeySyntax, () => {
  it("follows the key grammar of schema.json MetaObject (T-META-9)", () => {
    const valid = ["", "a", "A9", "a.b-c_d", "com.example/", "com.example/x", "a/b", "a-b.c9/x", "x.y.z/1.2.3", "Ab/Cd"];
    const invalid = ["_a", "a_", "-", ".", "a b", "a/b/c", "/a", "1a/b", "a-/b", "a_b/c", "a..b/c", ".a/b", "a./b", "é", "a/_b", "a/b-", "a:b"];
    expect(valid.filter((k) => !META_KEY_PATTERN.test(k))).toEqual([]);
    expect(invalid.filter((k) => META_KEY_PATTERN.test(k))).toEqual([]);
    for (const key of invalid) expect(metaKeyProblem(key), key).toMatch(/^[a-z].*[^.]$/);
  });

  it("suggests only conforming keys (T-META-9)", () => {
    for (const key of ["_a", "a b", "a/b/c", "1a.com/b", "a_b/c", "é/ü", "a..b/c_", "-x-", "my key!"]) {
      const suggestion = suggestMetaKey(key);
      if (suggestion !== undefined) expect(META_KEY_PATTERN.test(suggestion), `${key} → ${suggestion}`).toBe(true);
    }
    expect(suggestMetaKey("openai/toolInvocation/invoking")).toBe("openai/toolInvocation.invoking");
    expect(suggestMetaKey("___")).toBeUndefined();
  });

  it("reports nothing on the corpus's _meta keys (T-META-9)", () => {
    const { analysis } = analyzeTools([{ name: "t", inputSchema: { type: "object" }, _meta: { SecretHint: true, LocalRequiredHint: true, ui: { resourceUri: "ui://a/b" } } }], [metaKeySyntax]);
    expect(analysis.diagnostics).toEqual([]);
  });
});
