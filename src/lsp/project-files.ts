// The files of one project as the language server sees them: the editor's text for every open
// document (saved or not), the disk for the rest. Each file is read or parsed once per text, and
// carries a generation that changes exactly when its text does, so that an analysis can tell which
// tools need checking again (those whose descriptor or `$ref`'d files have a new generation).
// Files are read as readProject reads them (confined to the project, bounded, UTF-8, parsed).
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import type { FileRole } from "../load/file-role.js";
import type { LoadLimits } from "../load/limits.js";
import { toProjectPath } from "../cli/read-config.js";
import { parseProjectText, readProjectFile, type ReadFile } from "../cli/read-project.js";
import { refFilePaths } from "../resolve/collect-refs.js";
import { withoutBom } from "./client-bom.js";

/** One file's text, what reading it gave, and when that text was first seen. */
export interface StoredFile extends ReadFile {
  /** Changes exactly when the file's text (or its reading) does. */
  readonly generation: number;
  /** What it was read as (its hints about the file as a whole differ). */
  readonly role: FileRole;
  /** Project paths its `$ref`s name. */
  readonly refs: readonly string[];
}

interface OpenText {
  readonly text: string;
  readonly version: number;
  /** What the text gave, once asked for. */
  stored?: StoredFile | undefined;
  /** Whether its path leads out of the project on disk, as of the disk epoch it was looked up in. */
  leaves?: { readonly epoch: number; readonly value: boolean } | undefined;
}

export class ProjectFiles {
  private readonly disk = new Map<string, StoredFile>();
  private readonly buffers = new Map<string, OpenText>();
  /** The file each path gave last, open or not: a new text equal to it keeps its generation. */
  private readonly last = new Map<string, StoredFile>();
  private generation = 0;
  /**
   * Counts the disk changes the editor reported. Whether an open document's path leads out of the
   * project is looked up again after any of them (a link made anywhere on the way), and otherwise
   * once per text: an analysis asks for every open document several times per keystroke, and a
   * real-path lookup of each of a thousand documents every time cost 25 ms a keystroke.
   */
  private diskEpoch = 0;

  /**
   * @param root the project's real path (no links)
   * @param roleOf what a file is read as now: a descriptor, or a schema file a `$ref` names
   */
  constructor(
    readonly root: string,
    private readonly limits: LoadLimits,
    private readonly roleOf: (path: string) => FileRole = () => "descriptor",
  ) {}

  /**
   * The file at `path`: the editor's text when it is open, else the disk's. A path that leads out of
   * the project on disk (a link, or a folder on the way that is one) is refused as readProject refuses
   * it, open or not: an editor shows a link's target as the file, and its text would slip past the check.
   */
  get(path: string): StoredFile {
    const open = this.buffers.get(path);
    const role = this.roleOf(path);
    // A file that became a descriptor, or stopped being one, is read again as what it is now.
    const previous = this.last.get(path)?.role === role ? this.last.get(path) : undefined;
    if (open && !this.leadsOut(open, path)) {
      if (open.stored?.role !== role) open.stored = undefined;
      // The text as read: an editor's BOM is dropped, as from a file on disk (client-bom.ts).
      open.stored ??= previous?.text === withoutBom(open.text) ? previous : this.keep(path, parseProjectText(path, open.text, this.limits, role), role);
      return open.stored;
    }
    let stored = this.disk.get(path);
    if (stored?.role !== role) stored = undefined;
    if (!stored) {
      const read = readProjectFile(this.root, path, this.limits, role);
      stored = previous && sameRead(previous, read) ? previous : this.keep(path, read, role);
      this.disk.set(path, stored);
      this.last.set(path, stored);
    }
    return stored;
  }

  /** The editor's text of `path` and its version; undefined when it is not open. */
  openVersion(path: string): number | undefined {
    return this.buffers.get(path)?.version;
  }

  isOpen(path: string): boolean {
    return this.buffers.has(path);
  }

  /** The editor opened `path` or changed its text. */
  setText(path: string, text: string, version: number): void {
    this.buffers.set(path, { text, version });
  }

  /** The editor closed `path`: the disk has its text again (read anew, it may have been saved or not). */
  close(path: string): void {
    this.buffers.delete(path);
    this.disk.delete(path);
  }

  /** `path` changed on disk (or appeared, or went): it is read again when next needed. */
  diskChanged(path: string): void {
    this.disk.delete(path);
    this.diskEpoch++;
  }

  /** leavesRoot for an open document, looked up once per text and disk epoch. */
  private leadsOut(open: OpenText, path: string): boolean {
    if (open.leaves?.epoch !== this.diskEpoch) open.leaves = { epoch: this.diskEpoch, value: leavesRoot(this.root, path) };
    return open.leaves.value;
  }

  /** Every path read or open, for a caller that forgets files no longer in the project. */
  paths(): string[] {
    return [...new Set([...this.disk.keys(), ...this.buffers.keys()])];
  }

  /** Forgets what was read of `path` from disk (it is in no analysis any more). */
  forget(path: string): void {
    this.disk.delete(path);
    if (!this.buffers.has(path)) this.last.delete(path);
  }

  private keep(path: string, read: ReadFile, role: FileRole): StoredFile {
    const refs = read.file.status === "ok" ? refFilePaths(read.file.doc.value, path) : [];
    const stored: StoredFile = { ...read, refs, role, generation: ++this.generation };
    this.last.set(path, stored);
    return stored;
  }
}

/** The same reading of a file: its text and status (a missing file stays missing). */
function sameRead(a: StoredFile, b: ReadFile): boolean {
  return a.text === b.text && a.file.status === b.file.status && a.diagnostics.length === b.diagnostics.length;
}

/** Whether `path` (project-relative) exists on disk and its real path lies outside the real `root`. */
function leavesRoot(root: string, path: string): boolean {
  let real: string;
  try {
    real = realpathSync.native(resolve(root, ...path.split("/")));
  } catch {
    return false; // not on disk (yet): the editor's text is all there is
  }
  return toProjectPath(root, real) === undefined;
}
