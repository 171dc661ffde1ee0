// Renders the rule reference (docs/rules.md) and the CHECKLIST coverage (docs/protocol.md) from the
// registry, so they are never written twice.
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
      return `### \`${r.id}\`\n\n${r.description}\n\n${defaultSentence(r)} ${r.why} Source: ${r.spec}.${options}`;
    })
    .join("\n\n");
}

export function renderStageTable(): string {
  const rows = STAGE_DIAGNOSTICS.map((d) => `| \`${d.id}\` | ${d.stage} | ${cell(d.summary)} |`);
  return ["| id | stage | meaning |", "|---|---|---|", ...rows].join("\n");
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
export function replaceSection(document: string, name: string, content: string, file = "the document"): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from === -1 || to === -1) throw new Error(`${file} has no ${start} … ${end} section`);
  return document.slice(0, from + start.length) + "\n" + content + "\n" + document.slice(to);
}

/** Each line of a Markdown document, and whether it is code (a fence or inside one). */
function classifyLines(document: string): { readonly text: string; readonly code: boolean }[] {
  let fence: string | undefined;
  return document.split("\n").map((text) => {
    const marker = /^\s*(`{3,}|~{3,})(.*)$/.exec(text);
    if (!marker) return { text, code: fence !== undefined };
    if (fence === undefined) fence = marker[1]!;
    else if (marker[1]!.startsWith(fence) && marker[2]!.trim() === "") fence = undefined;
    return { text, code: true };
  });
}

/** GitHub's anchor for a heading's text: lowercase, punctuation other than "-" and "_" dropped, spaces to "-". */
export function headingSlug(text: string): string {
  const plain = text.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1");
  return plain
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a document's headings, as GitHub makes them (a repeated one gets "-1", "-2"...). */
export function headingAnchors(document: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text, code } of classifyLines(document)) {
    const heading = code ? null : /^#{1,6} +(.*?)#*\s*$/.exec(text);
    if (!heading) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every inline link of a document outside code: its target and the line it is on (1-based). */
export function markdownLinks(document: string): { readonly target: string; readonly line: number }[] {
  const links: { target: string; line: number }[] = [];
  classifyLines(document).forEach(({ text, code }, index) => {
    if (code) return;
    for (const match of text.replace(/(`+)[^`]*?\1/g, "").matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: match[1]!, line: index + 1 });
  });
  return links;
}
