#!/usr/bin/env node
// `node bench/ranges.mjs`: the range of every target over the last full runs of `npm run bench`
// (their records in bench/history/, written by bench/lib/history.mjs), as Markdown: each bound with
// the lowest and highest value measured, the median, and in how many runs it was met. One run is
// one machine hour; a range over several says what a reader may expect of the next.
//
//   node bench/ranges.mjs                 the last 3 full runs, printed
//   node bench/ranges.mjs --last 5        the last 5
//   node bench/ranges.mjs FILE...         these records
//   node bench/ranges.mjs --write         also rewrites the ranges in BENCHMARKS.md and README.md
//                                         (between their bench:ranges markers)
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as fmt from "./lib/format.mjs";
import { readHistory } from "./lib/history.mjs";
import { REPO_DIR } from "./lib/paths.mjs";
import { median } from "./lib/stats.mjs";

/** The rows README.md shows: issue #27's bounds, and the cold build in absolute and CPU terms. */
const README_KEYS = ["coldVsFloor", "rebuildFraction", "schemaRebuild27", "checkMs27", "coldRss", "linear27"];
const README_FIGURES = ["coldMs", "floorMs", "coldCpuVsFloor"];

const BEGIN = "<!-- bench:ranges:begin (written by `node bench/ranges.mjs --write`; edits between these markers are lost) -->";
const END = "<!-- bench:ranges:end -->";

function parse(argv) {
  const options = { last: 3, write: false, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--write") options.write = true;
    else if (arg === "--last") {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new Error("--last needs a whole number of runs, 1 or more");
      options.last = n;
    } else if (arg === "--help" || arg === "-h") options.help = true;
    else if (arg.startsWith("-")) throw new Error(`unknown option ${arg}`);
    else options.files.push(arg);
  }
  return options;
}

/** A value as the bench prints its kind: a ratio, milliseconds or megabytes (from the bound's text). */
function formatter(bound) {
  if (bound.includes("MB")) return fmt.mb;
  if (bound.includes("ms")) return fmt.ms;
  return fmt.ratio;
}

/** Each target measured in the runs (by key and where), in the order of its first run, with its values run by run. */
export function targetRanges(runs) {
  const byTarget = new Map();
  for (const run of runs) {
    for (const entry of run.targets) {
      const id = `${entry.key}\u0000${entry.where}`;
      if (!byTarget.has(id)) byTarget.set(id, { key: entry.key, where: entry.where, what: entry.what, bound: entry.target, values: [], met: 0 });
      const target = byTarget.get(id);
      if (entry.value === null) continue;
      target.values.push(entry.value);
      if (entry.status === "met") target.met++;
    }
  }
  return [...byTarget.values()].filter((target) => target.values.length > 0);
}

/** Each headline median of the runs (TargetLog.figures), with its values run by run. */
export function figureRanges(runs) {
  const byKey = new Map();
  for (const run of runs) {
    for (const [key, figure] of Object.entries(run.figures ?? {})) {
      if (!byKey.has(key)) byKey.set(key, { key, what: figure.what, unit: figure.unit, values: [] });
      byKey.get(key).values.push(figure.value);
    }
  }
  return [...byKey.values()];
}

function span(values, format) {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return format(lo) === format(hi) ? format(lo) : `${format(lo)} – ${format(hi)}`;
}

function targetRow(target, runs) {
  const format = formatter(target.bound);
  const status = target.met === target.values.length ? "met in every run" : target.met === 0 ? "**missed** in every run" : `met in ${target.met} of ${target.values.length}`;
  const partial = target.values.length < runs ? ` (measured in ${target.values.length} of ${runs} runs)` : "";
  return `| ${target.what}${partial} | ${target.where} | ${span(target.values, format)} | ${format(median(target.values))} | ${target.bound} | ${status} |`;
}

function figureRow(figure) {
  const format = figure.unit === "ratio" ? fmt.ratio : fmt.ms;
  return `| ${figure.what} | build | ${span(figure.values, format)} | ${format(median(figure.values))} | | |`;
}

function runsLine(runs) {
  const list = runs.map((run) => `${run.date.slice(0, 16).replace("T", " ")} UTC at ${run.commit} (load ${run.load.start.split(" ")[0]} → ${run.load.end.split(" ")[0]})`);
  return `${runs.length} full run${runs.length === 1 ? "" : "s"} of \`npm run bench\` on ${runs[0].cpu}, Node ${[...new Set(runs.map((run) => run.node))].join(", ")}: ${list.join("; ")}.`;
}

const HEADER = ["| measured | where | range | median | bound | status |", "|---|---|---:|---:|---:|---|"];

/** The whole table: every target, then the headline medians. */
export function fullTable(runs) {
  const rows = targetRanges(runs).map((target) => targetRow(target, runs.length));
  const figures = figureRanges(runs).map(figureRow);
  return [runsLine(runs), "", ...HEADER, ...rows, ...figures].join("\n");
}

/** README's table: issue #27's bounds and the cold build's medians. */
export function shortTable(runs) {
  const targets = targetRanges(runs).filter((target) => README_KEYS.includes(target.key));
  targets.sort((a, b) => README_KEYS.indexOf(a.key) - README_KEYS.indexOf(b.key));
  const figures = figureRanges(runs).filter((figure) => README_FIGURES.includes(figure.key));
  figures.sort((a, b) => README_FIGURES.indexOf(a.key) - README_FIGURES.indexOf(b.key));
  return [runsLine(runs), "", ...HEADER, ...targets.map((target) => targetRow(target, runs.length)), ...figures.map(figureRow)].join("\n");
}

/** `text` with what lies between the ranges markers replaced by `block`; throws when it has no markers. */
export function replaceRanges(text, block, name) {
  const begin = text.indexOf("<!-- bench:ranges:begin");
  const end = text.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${name} has no bench:ranges markers to write between`);
  return `${text.slice(0, begin)}${BEGIN}\n${block}\n${text.slice(end)}`;
}

function main(argv) {
  const options = parse(argv);
  if (options.help) {
    console.log(
      readFileSync(new URL(import.meta.url), "utf8")
        .split("\n")
        .slice(1, 12)
        .join("\n")
        .replaceAll("// ", "")
        .replaceAll("//", ""),
    );
    return 0;
  }
  const runs = readHistory(options.files, options.last);
  if (runs.length === 0) throw new Error("no full run is recorded in bench/history/: run `npm run bench` first");
  const full = fullTable(runs);
  console.log(full);
  if (options.write) {
    for (const [name, block] of [
      ["BENCHMARKS.md", full],
      ["README.md", shortTable(runs)],
    ]) {
      const path = join(REPO_DIR, name);
      writeFileSync(path, replaceRanges(readFileSync(path, "utf8"), block, name));
      console.error(`ranges written to ${name}`);
    }
  }
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(`bench/ranges.mjs: ${error.message}`);
  process.exitCode = 1;
}
