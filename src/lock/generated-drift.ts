// The generated folder on disk against what a build writes now and what the committed lock records →
// the state of each file that differs: missing, stale (what an earlier build wrote), edited by hand,
// reformatted (edited, but only as a formatter does), left over (an earlier build wrote it, a build
// now does not), or extra (never written by a build, or edited since). Pure; describe-drift.ts
// decides which cause each belongs to.
import { compareText } from "../model/diagnostic.js";
import type { GeneratedFile } from "../model/generated-file.js";
import { differsOnlyInFormatting, firstDifferentLine } from "./formatting-only.js";
import { hashFileText } from "./sha256.js";

export type GeneratedFileStatus = "missing" | "stale" | "edited" | "formatted" | "leftover" | "extra";

export interface GeneratedFileState {
  /** Project-relative. */
  readonly path: string;
  readonly status: GeneratedFileStatus;
  /** The first line that differs from what a build writes now (1 when the whole file is the news). */
  readonly line: number;
}

export interface GeneratedDriftInput {
  /** Every file a build writes now. */
  readonly generated: readonly GeneratedFile[];
  /** Text on disk of every file that exists among the generated paths and `outFiles`. */
  readonly disk: ReadonlyMap<string, string>;
  /** The committed lock's hash of each file the last build wrote; none without a lock. */
  readonly recorded: Readonly<Record<string, string>> | undefined;
  /** Every file under the generated folder now, project-relative. */
  readonly outFiles: readonly string[];
  /**
   * Other records of what mcp-gen wrote, by path: the newest build's lock (kept beside the build
   * cache), for when the committed lock is an earlier one (the descriptors and the lock put back by
   * git, the generated folder not). A file as one of them records it is mcp-gen's output, not an edit.
   */
  readonly writtenBefore?: readonly Readonly<Record<string, string>>[];
}

/** @example generatedFileStates({ generated, disk, recorded: lock?.files, outFiles }) */
export function generatedFileStates(input: GeneratedDriftInput): GeneratedFileState[] {
  const states: GeneratedFileState[] = [];
  const written = new Set(input.generated.map((file) => file.path));
  const recorded = (path: string) => (input.recorded && Object.hasOwn(input.recorded, path) ? input.recorded[path] : undefined);
  const wroteBefore = (path: string, hash: string) => (input.writtenBefore ?? []).some((files) => Object.hasOwn(files, path) && files[path] === hash);
  for (const file of [...input.generated].sort((a, b) => compareText(a.path, b.path))) {
    const onDisk = input.disk.get(file.path);
    if (onDisk === undefined) {
      states.push({ path: file.path, status: "missing", line: 1 });
      continue;
    }
    const diskHash = hashFileText(onDisk);
    if (diskHash === hashFileText(file.contents)) continue;
    const line = firstDifferentLine(onDisk, file.contents);
    const before = recorded(file.path);
    // Not what the last build wrote either (nor the newest, when the lock is an earlier one's): someone edited it.
    const edited = typeof before === "string" && before !== diskHash && !wroteBefore(file.path, diskHash);
    const status = !edited ? "stale" : differsOnlyInFormatting(onDisk, file.contents) ? "formatted" : "edited";
    states.push({ path: file.path, status, line });
  }
  for (const path of input.outFiles) {
    if (written.has(path)) continue;
    const onDisk = input.disk.get(path);
    const leftover = onDisk !== undefined && (recorded(path) === hashFileText(onDisk) || wroteBefore(path, hashFileText(onDisk)));
    states.push({ path, status: leftover ? "leftover" : "extra", line: 1 });
  }
  return states;
}
