// Renders the rule reference for README.md from the registry, so it is never written twice.
import type { AnyRule } from "../../src/validate/define-rule.js";
import { STAGE_DIAGNOSTICS } from "../../src/model/stage-diagnostics.js";

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function renderRulesTable(rules: readonly AnyRule[]): string {
  const rows = [...rules]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((r) => `| \`${r.id}\` | ${r.defaultSeverity} | ${cell(r.summary)} | ${r.checklist.join(", ") || "—"} |`);
  return ["| rule | default | what it checks | CHECKLIST |", "|---|---|---|---|", ...rows].join("\n");
}

export function renderRuleDetails(rules: readonly AnyRule[]): string {
  return [...rules]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((r) => {
      const options = r.options ? `\n\nOptions (defaults): \`${JSON.stringify(r.options.defaults)}\`` : "";
      return `#### \`${r.id}\`\n\n${r.description}\n\nDefault: ${r.defaultSeverity}. Source: ${r.spec}.${options}`;
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
