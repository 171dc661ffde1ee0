// Rule presets of mcp-gen.config.yaml (`preset:`), as buf has STANDARD and MINIMAL: `default` keeps
// each rule's own default (an error is what breaks something), `strict` also makes every MUST of the
// spec an error, for teams that hold their tools to the letter of it. The config's `rules:` section
// overrides either, rule by rule.
import type { AnyRule, RuleSeverity } from "../validate/define-rule.js";

export const PRESETS = ["default", "strict"] as const;
export type Preset = (typeof PRESETS)[number];

/** A rule's severity under `preset`, before the config's own `rules:` settings. */
export function presetSeverity(rule: AnyRule, preset: Preset): RuleSeverity {
  return preset === "strict" && rule.must ? "error" : rule.defaultSeverity;
}
