// The history of full runs: every full default run (the one that rewrites BENCHMARKS.md) also
// leaves a small record of its targets and headline medians in bench/history/, one file per run, so
// that the ranges over several runs (bench/ranges.mjs) are read from files, not copied by hand.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BENCH_DIR } from "./paths.mjs";

export const HISTORY_DIR = join(BENCH_DIR, "history");

const HISTORY_VERSION = 1;

/**
 * Writes the record of one full run: when and on what it ran (date, commit, Node, load average at
 * both ends), every judged target with its value, and the headline medians (TargetLog.figures).
 * Answers the file's path.
 */
export function writeHistory(facts, targets, { loadAtEnd, duration, fileCreation }) {
  mkdirSync(HISTORY_DIR, { recursive: true });
  const record = {
    version: HISTORY_VERSION,
    date: facts.date,
    commit: facts.commit,
    node: facts.node,
    cpu: `${facts.cpu}, ${facts.cores} cores`,
    load: { start: facts.loadAverage, end: loadAtEnd },
    duration,
    fileCreation,
    targets: targets.entries.map(({ key, where, what, target, value, status }) => ({ key, where, what, target, value: Number.isFinite(value) ? value : null, status })),
    figures: targets.figures,
  };
  const stamp = facts.date.replace(/[-:]/g, "").replace(/Z$/, "");
  const path = join(HISTORY_DIR, `${stamp}-${facts.commit.split(" ")[0]}.json`);
  writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
  return path;
}

/** The records in `files`, or else the newest `last` of bench/history/ (oldest first). Files of another shape are refused by name. */
export function readHistory(files, last) {
  const chosen = files.length > 0 ? files : newest(last);
  return chosen.map((file) => {
    const record = JSON.parse(readFileSync(file, "utf8"));
    if (record?.version !== HISTORY_VERSION || !Array.isArray(record.targets)) throw new Error(`${file} is not a bench history record (version ${HISTORY_VERSION})`);
    return { file, ...record };
  });
}

function newest(last) {
  if (!existsSync(HISTORY_DIR)) return [];
  // The names start with the run's UTC date and time, so their order is the runs' order.
  const names = readdirSync(HISTORY_DIR)
    .filter((name) => name.endsWith(".json"))
    .sort();
  return names.slice(-last).map((name) => join(HISTORY_DIR, name));
}
