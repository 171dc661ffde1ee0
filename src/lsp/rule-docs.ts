// What the editor shows of a diagnostic id: its explanation, from the rule registry (or the table of
// stage diagnostics), and the section of docs/rules.md that documents it, as SARIF's helpUri links it.
import { MCP_GEN_HOMEPAGE, MCP_GEN_RULES_PAGE, STAGE_DIAGNOSTICS_ANCHOR } from "../model/version.js";
import { STAGE_DIAGNOSTICS } from "../model/stage-diagnostics.js";
import { BREAKAGE_TEXT, type AnyRule } from "../validate/define-rule.js";
import { ALL_RULES } from "../validate/rules/index.js";

const RULES: ReadonlyMap<string, AnyRule> = new Map(ALL_RULES.map((rule) => [rule.id, rule]));

const RULES_PAGE = `${MCP_GEN_HOMEPAGE}/${MCP_GEN_RULES_PAGE}`;

/**
 * The documentation page of a diagnostic id: docs/rules.md's section of the rule (as SARIF links it),
 * or of the stage diagnostics. Undefined for an id mcp-gen does not know.
 * @example ruleDocsUrl("tool-name-syntax") // "https://github.com/mcp-gen/mcp-gen/blob/main/docs/rules.md#tool-name-syntax"
 */
export function ruleDocsUrl(id: string): string | undefined {
  if (RULES.has(id)) return `${RULES_PAGE}#${id}`;
  return STAGE_DIAGNOSTICS.some((stage) => stage.id === id) ? `${RULES_PAGE}#${STAGE_DIAGNOSTICS_ANCHOR}` : undefined;
}

/**
 * Markdown that explains a diagnostic id: what the rule checks, why its default is what it is, and
 * a link to its page; undefined for an id mcp-gen does not know.
 * @example ruleExplanation("tool-name-syntax")
 */
export function ruleExplanation(id: string): string | undefined {
  const url = ruleDocsUrl(id);
  const rule = RULES.get(id);
  if (rule) {
    const severity =
      rule.defaultSeverity === "error" ? `error by default (ignoring it breaks ${(rule.breaks ?? []).map((b) => BREAKAGE_TEXT[b]).join(" and ")})` : `${rule.defaultSeverity} by default`;
    const deprecated = rule.deprecated ? `\n\nDeprecated: use \`${rule.deprecated.replacedBy}\`.` : "";
    return `**\`${id}\`**: ${rule.summary}\n\n${rule.description}\n\n${capitalize(severity)}. ${rule.why}${deprecated}\n\n[Documentation of ${id}](${url})`;
  }
  const stage = STAGE_DIAGNOSTICS.find((candidate) => candidate.id === id);
  if (!stage) return undefined;
  return `**\`${id}\`** (${stage.stage}): ${stage.summary}\n\n${capitalize(stage.severity ?? "error")}, always.\n\n[Diagnostics from loading and resolving](${url})`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
