// Diagnostic[] → human-readable text: "file:line:col severity rule-id message", the hint, a code
// frame with a caret under the span, like tsc or eslint, then the finding's text changes as unified
// diffs and its related locations. Files are named from where the command runs. Only formats;
// sorting happened before.
import { unifiedDiff } from "../diff/line-diff.js";
import { visibleLine, visibleText } from "../diff/visible-text.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { displayWidth } from "./display-width.js";
import { cutIndex, cutText } from "../diff/cut-text.js";

export interface TextFormatOptions {
  /** File texts by project-relative path, for code frames; files not present get no frame. */
  readonly sources: ReadonlyMap<string, string>;
  readonly color: boolean;
  /** Lines of context shown above and below the offending line. */
  readonly contextLines?: number;
  /** A project path as the reader names it (ReportPaths.fromCwd); the path itself by default. */
  readonly display?: (file: string) => string;
}

const CODES = { red: 31, green: 32, yellow: 33, cyan: 36, gray: 90, bold: 1 } as const;

export function formatText(diagnostics: readonly Diagnostic[], options: TextFormatOptions): string {
  const paint = (code: keyof typeof CODES, text: string) => (options.color ? `\u001b[${CODES[code]}m${text}\u001b[0m` : text);
  const named = options.display ?? ((file: string) => file);
  const display = (file: string) => visibleLine(named(file));
  const blocks = diagnostics.map((d) => {
    const severity = d.severity === "error" ? paint("red", "error") : d.severity === "warning" ? paint("yellow", "warning") : paint("cyan", "info");
    const lines = [`${paint("bold", `${display(d.file)}:${d.line}:${d.column}`)} ${severity} ${paint("gray", d.ruleId)} ${visibleLine(d.message)}`];
    if (d.hint) lines.push(`  ${paint("cyan", "hint:")} ${visibleLine(d.hint)}`);
    const source = options.sources.get(d.file);
    if (source !== undefined) lines.push(...codeFrame(source, d, options.contextLines ?? 1, paint));
    for (const change of d.textChanges ?? []) lines.push("", ...textChangeLines(change, paint));
    if (d.related && d.related.length > 0) {
      lines.push("", ...d.related.map((r, i) => `  ${i === 0 ? paint("cyan", "related:") : "        "} ${display(r.file)}:${r.line}:${r.column} ${visibleLine(r.message)}`));
    }
    return lines.join("\n");
  });
  const summary = summarize(diagnostics);
  return blocks.length === 0 ? summary + "\n" : blocks.join("\n\n") + "\n\n" + summary + "\n";
}

export function summarize(diagnostics: readonly Diagnostic[]): string {
  const count = (s: Diagnostic["severity"]) => diagnostics.filter((d) => d.severity === s).length;
  const [errors, warnings, infos] = [count("error"), count("warning"), count("info")];
  if (errors + warnings + infos === 0) return "No problems found.";
  const parts = [plural(errors, "error"), plural(warnings, "warning")];
  if (infos > 0) parts.push(plural(infos, "info"));
  return `${plural(errors + warnings + infos, "problem")} (${parts.join(", ")})`;
}

/** A text change as an indented unified diff, every invisible character made visible. */
function textChangeLines(change: NonNullable<Diagnostic["textChanges"]>[number], paint: (c: keyof typeof CODES, t: string) => string): string[] {
  const diff = unifiedDiff(change.before, change.after, { before: `before ${visibleLine(change.label)}`, after: `after ${visibleLine(change.label)}` });
  return diff
    .trimEnd()
    .split("\n")
    .map((line) => {
      const shown = visibleLine(line);
      return `    ${line.startsWith("-") && !line.startsWith("---") ? paint("red", shown) : line.startsWith("+") && !line.startsWith("+++") ? paint("green", shown) : shown}`;
    });
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 || word === "info" ? "" : "s"}`;
}

function codeFrame(source: string, d: Diagnostic, context: number, paint: (c: keyof typeof CODES, t: string) => string): string[] {
  const lines = source.split(/\r\n?|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const first = Math.max(1, d.line - context);
  const last = Math.min(lines.length, d.line + context);
  const width = String(last).length;
  const out = [""];
  for (let n = first; n <= last; n++) {
    const line = lines[n - 1] ?? "";
    const marker = n === d.line ? paint("red", ">") : " ";
    out.push(`${marker} ${String(n).padStart(width)} | ${visible(line)}`);
    const caret = n === d.line ? caretSpan(line, d) : undefined;
    if (caret) out.push(`  ${" ".repeat(width)} | ${" ".repeat(caret.indent)}${paint("red", "^".repeat(caret.length))}`);
  }
  return out;
}

/**
 * Where the caret line marks the finding's span on its line, in display columns of the line as the
 * frame shows it: columns count UTF-16 units (as editors and SARIF do), a terminal draws a CJK
 * character or an emoji two columns wide and an accent over the letter before it. Widths are measured
 * from the line's start, where tab stops count from. Undefined for a column past the text shown.
 */
function caretSpan(line: string, d: Diagnostic): { readonly indent: number; readonly length: number } | undefined {
  const shown = line.slice(0, cutIndex(line, MAX_FRAME_LINE));
  if (d.column - 1 > shown.length) return undefined;
  const start = d.column - 1;
  const end = d.endLine === d.line ? Math.max(start + 1, Math.min(d.endColumn - 1, shown.length)) : Math.max(start + 1, shown.length);
  const indent = displayWidth(visible(shown.slice(0, start)));
  // An empty span on an emoji marks all of it, not its first half (a lone surrogate shown as <U+D83D>).
  const through = displayWidth(visible(shown.slice(0, isLowSurrogate(shown, end) ? end + 1 : end)));
  return { indent, length: Math.max(1, through - indent) };
}

const isLowSurrogate = (text: string, at: number) => text.charCodeAt(at) >= 0xdc00 && text.charCodeAt(at) <= 0xdfff;

/** A frame shows at most this many UTF-16 units of a line, the last of them "…" when it cuts. */
const MAX_FRAME_LINE = 200;

/**
 * A source line as a frame shows it: cut at 200 characters (at a character boundary), invisible
 * characters as visibleText shows them (U+2028, a soft hyphen, a variation selector included), and
 * each tab as spaces to the next stop. A frame then neither hides text nor breaks a line, and the
 * caret line, which counts the columns shown, stays under its character.
 */
function visible(text: string): string {
  return expandTabs(visibleText(cutText(text, MAX_FRAME_LINE)));
}

/**
 * Columns from one tab stop to the next in a frame. Tabs are expanded, as an editor shows them, rather
 * than printed: a span holding a tab is then underlined as wide as it shows, and the frame looks the
 * same whatever tab width the terminal or log viewer uses. Four, as VS Code shows a tab by default.
 */
const TAB_STOP = 4;

/**
 * Each tab as spaces to the next stop, stops counted in display columns (a CJK character takes two).
 * @example expandTabs("a\tbcd\te") === "a   bcd e"
 * @example expandTabs("名\tb") === "名  b"
 */
function expandTabs(text: string): string {
  const [head = "", ...rest] = text.split("\t");
  let out = head;
  let column = displayWidth(head);
  for (const part of rest) {
    const pad = TAB_STOP - (column % TAB_STOP);
    out += " ".repeat(pad) + part;
    column += pad + displayWidth(part);
  }
  return out;
}
