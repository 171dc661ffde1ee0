// Renders the rule reference for README.md from the registry, so it is never written twice.
import { BREAKAGE_TEXT, type AnyRule } from "../../src/validate/define-rule.js";
import { STAGE_DIAGNOSTICS } from "../../src/model/stage-diagnostics.js";

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function renderRulesTable(rules: readonly AnyRule[]): string {
  const rows = [...rules].sort((a, b) => (a.id < b.id ? -1 : 1)).map((r) => `| \`${r.id}\` | ${defaultCell(r)} | ${reasonCell(r)} | ${cell(r.summary)} | ${r.checklist.join(", ") || "—"} |`);
  return ["| rule | default | because | what it checks | CHECKLIST |", "|---|---|---|---|---|", ...rows].join("\n");
}

function defaultCell(rule: AnyRule): string {
  if (rule.required) return "error, always";
  return rule.must && rule.defaultSeverity !== "error" ? `${rule.defaultSeverity} (strict: error)` : rule.defaultSeverity;
}

/** The principle's short answer: what ignoring the rule breaks, or why it breaks nothing. */
function reasonCell(rule: AnyRule): string {
  const breaks = rule.breaks ?? [];
  if (breaks.length > 0) return `breaks ${breaks.map((b) => BREAKAGE_TEXT[b]).join(" and ")}`;
  if (rule.must) return "a MUST nothing enforces";
  return rule.heuristic ? "a heuristic: a person judges" : "breaks nothing";
}

function defaultSentence(rule: AnyRule): string {
  if (rule.required) return "Default: error, and no configuration lowers it.";
  if (rule.must && rule.defaultSeverity !== "error") return `Default: ${rule.defaultSeverity}; \`preset: strict\` makes it an error.`;
  return `Default: ${rule.defaultSeverity}.`;
}

export function renderRuleDetails(rules: readonly AnyRule[]): string {
  return [...rules]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((r) => {
      const options = r.options ? `\n\nOptions (defaults): \`${JSON.stringify(r.options.defaults)}\`` : "";
      return `#### \`${r.id}\`\n\n${r.description}\n\n${defaultSentence(r)} ${r.why} Source: ${r.spec}.${options}`;
    })
    .join("\n\n");
}

export function renderStageTable(): string {
  const rows = STAGE_DIAGNOSTICS.map((d) => `| \`${d.id}\` | ${d.stage} | ${cell(d.summary)} |`);
  return ["| id | stage | meaning |", "|---|---|---|", ...rows].join("\n");
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
export function replaceSection(document: string, name: string, content: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from === -1 || to === -1) throw new Error(`README.md has no ${start} … ${end} section`);
  return document.slice(0, from + start.length) + "\n" + content + "\n" + document.slice(to);
}
