import { describe, expect, it } from "vitest";
import { descriptionInvisibleCharacters } from "../../src/validate/rules/description-invisible-characters.js";
import { descriptorNulCharacter } from "../../src/validate/rules/descriptor-nul-character.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const findings = (tool: unknown, rules = [descriptorNulCharacter]) => analyzeTools([tool], rules).analysis.diagnostics.map((d) => [d.ruleId, d.pointer, d.severity]);

describeRule(descriptorNulCharacter, () => {
  describe("where a NUL is reported", () => {
    it("in any string or key of the descriptor, once per string, as an error", () => {
      const tool = {
        name: "t",
        description: "a\0b\0",
        annotations: { title: "x\0" },
        icons: [{ src: "https://example.com/i.png\0" }],
        inputSchema: { type: "object", properties: { p: { type: "string", default: { "k\0": ["\0"] } } } },
      };
      expect(findings(tool).sort()).toEqual(
        [
          ["descriptor-nul-character", "/annotations/title", "error"],
          ["descriptor-nul-character", "/description", "error"],
          ["descriptor-nul-character", "/icons/0/src", "error"],
          ["descriptor-nul-character", "/inputSchema/properties/p/default/k\0", "error"],
          ["descriptor-nul-character", "/inputSchema/properties/p/default/k\0/0", "error"],
        ].sort(),
      );
    });

    it("says nothing of other controls, which description-invisible-characters weighs", () => {
      expect(findings({ name: "t", description: "a\u0001b\u200b", inputSchema: { type: "object" } })).toEqual([]);
    });

    it("takes NUL from description-invisible-characters while it is an error, and leaves it the other characters", () => {
      const both = [descriptorNulCharacter, descriptionInvisibleCharacters];
      expect(findings({ name: "t", description: "a\0b", inputSchema: { type: "object" } }, both)).toEqual([["descriptor-nul-character", "/description", "error"]]);
      expect(findings({ name: "t", description: "a\0b\u200bc", inputSchema: { type: "object" } }, both).sort()).toEqual([
        ["description-invisible-characters", "/description", "warning"],
        ["descriptor-nul-character", "/description", "error"],
      ]);
      // Alone (descriptor-nul-character off), the invisible-characters rule still names the NUL.
      expect(findings({ name: "t", description: "a\0b", inputSchema: { type: "object" } }, [descriptionInvisibleCharacters])).toEqual([
        ["description-invisible-characters", "/description", "warning"],
      ]);
    });
  });
});
