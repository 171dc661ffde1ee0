// What creating a file costs on the disk the bench works on. On the machines this runs on, creating
// an empty file in a fresh folder costs from about 0.03 ms to about 0.9 ms of system CPU depending on
// the folder (ext4 places a new folder's files in one block group and searches its inode bitmap; a
// group that tests have filled and emptied is slow), and a cold build creates 3,695 files in fresh
// folders. The machine table shows the spread this run met, so a slow write phase is read for what it is.
import { closeSync, mkdirSync, openSync, rmSync } from "node:fs";
import { join } from "node:path";
import { WORK_DIR } from "./paths.mjs";

const FILES = 1000;
const FOLDERS = 5;

/** Milliseconds to create 1,000 empty files in each of 5 fresh folders under bench/.work: { min, max } (not rounded). */
export function fileCreationCost(base = WORK_DIR) {
  const times = [];
  for (let f = 0; f < FOLDERS; f++) {
    const folder = join(base, `file-creation-${process.pid}-${f}`);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const started = performance.now();
    for (let i = 0; i < FILES; i++) closeSync(openSync(join(folder, `f${i}.ts`), "wx"));
    times.push(performance.now() - started);
    rmSync(folder, { recursive: true, force: true });
  }
  return { min: Math.min(...times), max: Math.max(...times) };
}

/** The machine table's text for two probes (start and end of the run). */
export function fileCreationText(start, end) {
  const span = ({ min, max }) => `${min.toFixed(0)}–${max.toFixed(0)} ms`;
  return `${span(start)} at the start, ${span(end)} at the end, per 1,000 empty files created in each of ${FOLDERS} fresh folders of bench/.work (the cold build creates 3,695 files; this disk's cost depends on the folder)`;
}
