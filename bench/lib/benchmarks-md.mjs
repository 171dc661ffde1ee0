// Writes the results of a full run into BENCHMARKS.md, between two markers; the hand-written text
// around them (how to reproduce, what rows mean, the analysis of missed targets) is kept.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_DIR } from "./paths.mjs";
import { renderMarkdown } from "./table.mjs";

export const BENCHMARKS_MD = join(REPO_DIR, "BENCHMARKS.md");
const BEGIN = "<!-- bench:results:begin (written by `npm run bench`; edits between these markers are lost) -->";
const END = "<!-- bench:results:end -->";

export function machineSection(facts, extra) {
  const rows = [
    ["date", facts.date],
    ["CPU", `${facts.cpu}, ${facts.cores} cores, ${facts.memoryGB} GB`],
    ["OS", facts.os],
    ["Node", facts.node],
    ["SDK", facts.sdk],
    ["mcp-gen", `${extra.version}, commit ${facts.commit}`],
    ["load average (1, 5, 15 min)", `${facts.loadAverage} at the start, ${extra.loadAtEnd} at the end`],
    ["peak RSS measured by", facts.rss],
    ...(extra.extraCaCerts ? [["NODE_EXTRA_CA_CERTS", extra.extraCaCerts]] : []),
    ...(extra.fileCreation ? [["creating files on this disk", extra.fileCreation]] : []),
    ["command", extra.command],
    ["wall time of the run", extra.duration],
  ];
  return { title: "Machine", columns: ["machine", ""], rows, leftAligned: true };
}

export function targetsSection(log) {
  return {
    title: "Targets (issues #6, #24, #26 and #27)",
    columns: ["target", "where", "measured", "bound", "status"],
    rows: log.entries.map((e) => [e.what, e.where, e.measured, e.target, e.status]),
    leftAligned: true,
  };
}

function renderResults(sections, notes) {
  const parts = ["## Latest results", ""];
  for (const note of notes) parts.push(note, "");
  for (const section of sections) parts.push(renderMarkdown(section));
  return parts.join("\n").trimEnd();
}

/** Replaces the results between the markers (appends them when the file has none). */
export function writeResults(sections, notes) {
  const block = `${BEGIN}\n${renderResults(sections, notes)}\n${END}`;
  const text = existsSync(BENCHMARKS_MD) ? readFileSync(BENCHMARKS_MD, "utf8") : "# Benchmarks\n";
  const begin = text.indexOf("<!-- bench:results:begin");
  const end = text.indexOf(END);
  const next = begin >= 0 && end > begin ? `${text.slice(0, begin)}${block}${text.slice(end + END.length)}` : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(BENCHMARKS_MD, next);
}
