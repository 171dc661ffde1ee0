// Reads a project from disk: config, descriptor files matched by the config's globs, and every file
// their `$ref`s name (transitively). Refuses anything whose real path leaves the project root, and
// never reads a file larger than the configured bound. Everything after this is pure.
import { closeSync, lstatSync, openSync, readdirSync, readlinkSync, realpathSync, statSync, type Stats } from "node:fs";
import { realpath } from "node:fs/promises";
import { OPEN_WITHOUT_WAITING } from "../files/read-now.js";
import { basename, dirname, join, resolve, sep } from "node:path";
import { searchDescriptors, type GlobMemo } from "./find-descriptors.js";
import { extensionCaseMismatch } from "./extension-case.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { SourceDoc, SourceFile } from "../model/source.js";
import { hashFileText } from "../lock/sha256.js";
import type { Config } from "../config/config.js";
import { decodeSource, fileTooLarge } from "../load/decode-source.js";
import type { LoadLimits } from "../load/limits.js";
import type { FileRole } from "../load/file-role.js";
import { loadDocument } from "../load/load-document.js";
import { diagnosticAtFileStart } from "../load/diagnostic-at.js";
import { refFilePaths } from "../resolve/collect-refs.js";
import type { ProjectFile } from "../resolve/project-file.js";
import type { ProjectInput } from "../project/analyze-project.js";
import { readConfig, toProjectPath } from "./read-config.js";
import { pathKind } from "../files/path-kind.js";
import { fingerprint, readWithStat, type StatRead } from "../files/read-with-stat.js";
import type { FileRecord, ReadReuse } from "../incremental/file-record.js";
import { NO_CLOCK, type PhaseClock } from "../model/phase-clock.js";

export type { FileRecord, ReadReuse };

export interface ProjectLocation {
  /** Absolute project root. */
  readonly root: string;
  /** Config file path as given (relative to root) or undefined for the default. */
  readonly configPath: string | undefined;
  /** A ready configuration; when given, no config file is read. */
  readonly config?: Config;
}

export type ReadProjectResult =
  | { readonly ok: true; readonly input: ProjectInput; readonly sources: ReadonlyMap<string, string>; readonly records: ReadonlyMap<string, FileRecord> }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly sources: ReadonlyMap<string, string> };

/** Hashes of files read before, by their stat (a StatIndex for "input" hashes). */
export interface ReadIndex {
  /** hashFileText of the file's text, recorded when the file had this very stat (`fingerprint`); else undefined. */
  known(path: string, read: Pick<StatRead, "stat">): string | undefined;
  /** Remembers hashFileText of the text of bytes just read. */
  record(path: string, read: StatRead, hash: string): void;
  /** What the descriptor globs matched before (see findDescriptors). */
  readonly globs?: GlobMemo;
}

/**
 * Reads config and every descriptor. `ok: false` means the config itself is unusable (exit 2).
 * `clock`: reading and parsing files counts to "load" (globbing to the phase it was called in).
 * `listed`: told the descriptors once they are found, before any is read (a build starts its
 * worker threads then, to load their modules while this thread reads).
 */
export async function readProject(
  location: ProjectLocation,
  reuse?: ReadReuse,
  index?: ReadIndex,
  clock: PhaseClock = NO_CLOCK,
  listed?: (descriptors: readonly string[]) => void,
): Promise<ReadProjectResult> {
  const root = await realpath(location.root);
  const sources = new Map<string, string>();
  const configResult = location.config ? { config: location.config, diagnostics: [] } : await readConfig(root, location.configPath, sources, "all");
  if (!configResult.config) return { ok: false, diagnostics: configResult.diagnostics, sources };
  const config = configResult.config;
  const reader = new FileReader(root, config.load, sources, reuse, index);
  const { files: descriptors, caseMismatched } = await searchDescriptors(root, config, index?.globs);
  listed?.(descriptors);
  for (const path of caseMismatched) reader.report(path, extensionCaseMismatch(path, config));
  clock.time("load", () => {
    for (const path of descriptors) {
      reader.read(path);
      const file = reader.files.get(path);
      if (file?.status === "refused") reader.report(path, outsideRoot(path, file));
      if (file?.status === "missing" && file.notAFile !== undefined) reader.report(path, descriptorNotAFile(path, resolve(root, ...path.split("/"))));
      else if (file?.status === "missing" && file.unreadable !== undefined) reader.report(path, descriptorUnreadable(path, file.unreadable, file.brokenLink));
    }
    // Follow $refs breadth-first until no new file appears.
    const queue = [...descriptors];
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      for (const target of reader.refsOf(path)) {
        if (reader.files.has(target)) continue;
        // Not a descriptor (those were read first): a schema file, as its hints say.
        reader.read(target, "schema");
        queue.push(target);
      }
    }
  });
  return {
    ok: true,
    input: { descriptors, files: reader.files, loadDiagnostics: [...configResult.diagnostics, ...reader.diagnostics], config },
    sources,
    records: reader.records(),
  };
}

/** One file of a project as readProject reads each. */
export interface ReadFile {
  readonly file: ProjectFile;
  /** Its text, when it was read and decoded. */
  readonly text: string | undefined;
  /** What reading and parsing it reported (size, encoding, syntax); a link outside the root is "refused" without one. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Reads one file of the project at the real path `root` exactly as readProject reads each (a link
 * that leaves the root refused, the size bound, UTF-8, parsed, as a descriptor or a schema file a
 * `$ref` names), for a caller that keeps a project's files itself and reads again only the ones that
 * changed (the language server).
 * @example readProjectFile(await realpath(root), "tools/get_weather.yaml", config.load)
 */
export function readProjectFile(root: string, path: string, limits: LoadLimits, role: FileRole = "descriptor"): ReadFile {
  const sources = new Map<string, string>();
  const reader = new FileReader(root, limits, sources, undefined, undefined);
  reader.read(path, role);
  return { file: reader.files.get(path)!, text: sources.get(path), diagnostics: reader.diagnosticsOf(path) };
}

/**
 * A file's text as readProject parses what it reads: the same size bound, encoding checks and parse,
 * for text that does not come from the disk (an editor's unsaved buffer).
 * @example parseProjectText("tools/get_weather.yaml", "name: get_weather\n", config.load)
 */
export function parseProjectText(path: string, text: string, limits: LoadLimits, role: FileRole = "descriptor"): ReadFile {
  const decoded = decodeSource(path, Buffer.from(text, "utf8"), limits);
  if (!decoded.value) return { file: { status: "invalid" }, text: undefined, diagnostics: decoded.diagnostics };
  const loaded = loadDocument(decoded.value, limits, role);
  return { file: loaded.value ? { status: "ok", doc: loaded.value } : { status: "invalid" }, text: decoded.value.text, diagnostics: loaded.diagnostics };
}

class FileReader {
  readonly files = new Map<string, ProjectFile>();
  readonly diagnostics: Diagnostic[] = [];
  private readonly hashes = new Map<string, string>();
  private readonly fileDiagnostics = new Map<string, Diagnostic[]>();
  private readonly refs = new Map<string, readonly string[]>();
  private readonly reused = new Set<string>();
  /** realFolder's answers: each folder's real path (undefined: none), resolved once per read. */
  private readonly realFolders = new Map<string, string | undefined>();

  constructor(
    private readonly root: string,
    private readonly limits: LoadLimits,
    private readonly sources: Map<string, string>,
    private readonly reuse: ReadReuse | undefined,
    private readonly index: ReadIndex | undefined,
  ) {}

  // Synchronous reads: a project's files are read one after another, and awaiting fs/promises four
  // times per file (lstat, realpath, stat, read) costs ten times what the same reads cost in sync.
  read(path: string, role: FileRole = "descriptor"): void {
    this.fileDiagnostics.set(path, []);
    this.files.set(path, this.readOne(path, role));
  }

  report(path: string, diagnostic: Diagnostic): void {
    this.diagnostics.push(diagnostic);
    this.fileDiagnostics.get(path)?.push(diagnostic);
  }

  /** The files `path`'s `$ref`s name (none unless it was read and parsed, or reused). */
  refsOf(path: string): readonly string[] {
    let refs = this.refs.get(path);
    if (refs === undefined) {
      const file = this.files.get(path);
      refs = file?.status === "ok" ? refFilePaths(file.doc.value, path) : [];
      this.refs.set(path, refs);
    }
    return refs;
  }

  records(): Map<string, FileRecord> {
    const out = new Map<string, FileRecord>();
    for (const path of this.files.keys()) {
      out.set(path, { hash: this.hashes.get(path), refs: this.refsOf(path), diagnostics: this.fileDiagnostics.get(path) ?? [], reused: this.reused.has(path) });
    }
    return out;
  }

  private readOne(path: string, role: FileRole): ProjectFile {
    const absolute = resolve(this.root, ...path.split("/"));
    const found = this.realFile(absolute);
    // A dangling link is missing, like an absent file.
    if (!found) return { status: "missing" };
    if ("unreadable" in found) return { status: "missing", ...found };
    const { real, stat } = found;
    // Most files are no link at all: their real path is the one asked for, inside the root.
    if (!(real === absolute && absolute.startsWith(this.root + sep)) && toProjectPath(this.root, real) === undefined) return refusedOutside(this.root, path, absolute, real);
    if (stat.size > this.limits.maxFileBytes) {
      this.report(path, fileTooLarge(path, stat.size, this.limits.maxFileBytes));
      return { status: "invalid" };
    }
    // A folder, a named pipe, a socket or a device is not read (a pipe would wait for a writer).
    if (!stat.isFile()) return { status: "missing", notAFile: stat.isDirectory() ? "a folder" : "not a regular file (a named pipe, socket or device)" };
    // A file whose stat is the one recorded with its hash, and whose hash the last build parsed,
    // is not even read: its document reads it the first time anything looks at it.
    const recorded = this.index?.known(path, { stat: fingerprint(stat) });
    const parsed = recorded === undefined ? undefined : this.reuse?.lookup(path, recorded);
    if (recorded !== undefined && parsed) return this.reuseRecord(path, recorded, parsed, lazyDocument(path, unreadSource(path, real, this.limits), this.limits));
    const read = readWithStat(real);
    // Found, but not opened (no read permission, a file gone since its stat): why, said as readFailure says it.
    if (!read) return { status: "missing", ...readFailure(real) };
    const decoded = decodeSource(path, read.bytes, this.limits);
    for (const diagnostic of decoded.diagnostics) this.report(path, diagnostic);
    if (!decoded.value) return { status: "invalid" };
    this.sources.set(path, decoded.value.text);
    const hash = this.index?.known(path, read) ?? hashFileText(decoded.value.text);
    this.hashes.set(path, hash);
    this.index?.record(path, read, hash);
    const known = this.reuse?.lookup(path, hash);
    const file = decoded.value;
    if (known)
      return this.reuseRecord(
        path,
        hash,
        known,
        lazyDocument(path, () => file, this.limits),
      );
    const loaded = loadDocument(decoded.value, this.limits, role);
    for (const diagnostic of loaded.diagnostics) this.report(path, diagnostic);
    return loaded.value ? { status: "ok", doc: loaded.value } : { status: "invalid" };
  }

  /**
   * The real path of `absolute` and the stat of what it leads to; undefined when there is nothing
   * (a path that is no link), `unreadable` when the system refuses to look the path up or the path is
   * a link that leads to nothing or loops (`brokenLink`: reported, where leaving it out would drop
   * its tool without a word). A file that is no
   * link lies where its folder really is: one realpath per folder (remembered for the read) and one
   * lstat per file, instead of a realpath and a stat per file. A link is resolved whole.
   */
  private realFile(absolute: string): { readonly real: string; readonly stat: Stats } | { readonly unreadable: string; readonly brokenLink?: true } | undefined {
    let own: Stats | undefined;
    try {
      own = lstatSync(absolute, { throwIfNoEntry: false });
    } catch (error) {
      return lookupFailure(error);
    }
    if (!own) return undefined;
    const folder = own.isSymbolicLink() ? undefined : this.realFolder(dirname(absolute));
    if (folder !== undefined) return { real: join(folder, basename(absolute)), stat: own };
    try {
      const real = realpathSync.native(absolute);
      return { real, stat: statSync(real) };
    } catch (error) {
      return (own.isSymbolicLink() ? brokenLink(absolute, error) : undefined) ?? lookupFailure(error);
    }
  }

  private realFolder(folder: string): string | undefined {
    if (!this.realFolders.has(folder)) {
      let real: string | undefined;
      try {
        real = realpathSync.native(folder);
      } catch {
        real = undefined;
      }
      this.realFolders.set(folder, real);
    }
    return this.realFolders.get(folder);
  }

  /** What reading `path` reported (readOne's diagnostics). */
  diagnosticsOf(path: string): readonly Diagnostic[] {
    return this.fileDiagnostics.get(path) ?? [];
  }

  /** A file a previous build parsed with this very text: its record stands in for parsing it. */
  private reuseRecord(path: string, hash: string, known: ReturnType<ReadReuse["lookup"]> & object, doc: SourceDoc): ProjectFile {
    this.hashes.set(path, hash);
    this.reused.add(path);
    this.refs.set(path, known.refs);
    for (const diagnostic of known.diagnostics) this.report(path, diagnostic);
    return { status: "ok", doc };
  }
}

/**
 * Why the file at `absolute`, which lstat found, cannot be opened; nothing when it now can, or is
 * gone (a race with a writer: missing, as before it was found).
 */
function readFailure(absolute: string): { readonly unreadable: string } | Record<string, never> {
  try {
    closeSync(openSync(absolute, OPEN_WITHOUT_WAITING));
    return {};
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === "EACCES" || code === "EPERM") return { unreadable: `mcp-gen may not read it (${code})` };
    return lookupFailure(error) ?? {};
  }
}

/**
 * Why looking a path up failed, as a clause, or undefined when there is simply nothing there. The
 * path of a file a `$ref` names is descriptor text, and any text may reach lstat: a name longer than
 * the file system allows, a path through a file, a loop of links, a folder mcp-gen may not search.
 * Each is the `$ref`'s problem (ref-unresolved), never mcp-gen's.
 */
function lookupFailure(error: unknown): { readonly unreadable: string } | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return undefined;
    case "ENAMETOOLONG":
      return { unreadable: "its name is longer than the file system allows (ENAMETOOLONG)" };
    case "ENOTDIR":
      return { unreadable: "its path goes through a file as if it were a folder (ENOTDIR)" };
    case "ELOOP":
      return { unreadable: "a symbolic link on its path leads back to itself (ELOOP)" };
    case "EACCES":
    case "EPERM":
      return { unreadable: `mcp-gen may not search a folder on its path (${code})` };
    default:
      return { unreadable: `the file system refused it (${code ?? (error instanceof Error ? error.message : String(error))})` };
  }
}

/**
 * Why the symbolic link at `absolute` cannot be followed (`error`, what resolving it threw): it leads
 * to nothing (dangling) or back to a link already followed (a loop); undefined for any other failure.
 * Said with where the link points, which is what its author has to fix.
 */
function brokenLink(absolute: string, error: unknown): { readonly unreadable: string; readonly brokenLink: true } | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== "ENOENT" && code !== "ELOOP") return undefined;
  let target: string;
  try {
    target = readlinkSync(absolute);
  } catch {
    return undefined;
  }
  const why =
    code === "ENOENT"
      ? `it is a symbolic link to ${target}, which leads to nothing (a dangling link)`
      : `it is a symbolic link to ${target}, which leads back to a link already followed (a loop of links, ELOOP)`;
  return { unreadable: why, brokenLink: true };
}

/**
 * The text of a file not read yet (its stat says it is the file a previous build parsed), read and
 * decoded the first time it is asked for. Such a file is trusted as the stat index is (see
 * src/incremental/stat-index.ts); one that no longer reads as it did is a bug or a tampered cache.
 */
function unreadSource(path: string, absolute: string, limits: LoadLimits): () => SourceFile {
  let file: SourceFile | undefined;
  return () => {
    if (!file) {
      const read = readWithStat(absolute);
      file = read ? decodeSource(path, read.bytes, limits).value : undefined;
      if (!file) throw new Error(`${path} can no longer be read as UTF-8 text though its stat is unchanged; delete node_modules/.cache/mcp-gen and build again.`);
    }
    return file;
  };
}

/**
 * A document that parses the first time its value, spans or line starts are read (and reads its
 * file, when `source` has not yet, the first time anything is): a file that an earlier build parsed,
 * unchanged since, and that this build may not need to look into.
 */
function lazyDocument(path: string, source: () => SourceFile, limits: LoadLimits): SourceDoc {
  let parsed: SourceDoc | undefined;
  const doc = (): SourceDoc => {
    if (!parsed) {
      parsed = loadDocument(source(), limits).value;
      // The same text parsed before with the same limits; anything else is a bug.
      if (!parsed) throw new Error(`${path} no longer parses though its text is unchanged; this is a bug in mcp-gen.`);
    }
    return parsed;
  };
  return {
    file: path,
    // decodeSource already dropped a BOM, as loadDocument would.
    get text() {
      return source().text;
    },
    get value() {
      return doc().value;
    },
    get spans() {
      return doc().spans;
    },
    get lineStarts() {
      return doc().lineStarts;
    },
  };
}

/**
 * Why the file at `path` (absolute path `absolute`, real path `real`, outside `root`) is not read: it
 * lies outside the project itself (a `tools` glob such as `../sibling/*.yaml` matched it), or it is a
 * link (or lies behind one) whose target does.
 */
function refusedOutside(root: string, path: string, absolute: string, real: string): ProjectFile & { status: "refused" } {
  if (toProjectPath(root, absolute) === undefined) {
    return { status: "refused", reason: `${path} is a file outside the project root (${real})`, hint: "Move the file into the project, or fix the tools glob in mcp-gen.config.yaml that matched it." };
  }
  return { status: "refused", reason: `${path} is a link to ${real}, outside the project root`, hint: "Copy the file into the project instead of linking to it." };
}

/**
 * The finding for what a tools glob matches that is no file: a named pipe, a socket, a device, or a
 * folder named like a descriptor file (findDescriptors). It is never opened: a named pipe would wait
 * for a writer.
 */
function descriptorNotAFile(file: string, absolute: string): Diagnostic {
  const unlisted = folderUnlisted(file, absolute);
  if (unlisted !== undefined) return unlisted;
  const found = pathKind(absolute);
  const what = found.kind === "other" ? found.what : "not a regular file";
  return diagnosticAtFileStart(file, {
    ruleId: "load-not-a-file",
    severity: "error",
    message: `${file} is ${what}, not a descriptor file, though a tools glob matches it; mcp-gen does not open it.`,
    hint: "Replace it with the descriptor file, or move it out of the folders the tools globs in mcp-gen.config.yaml match.",
  });
}

/**
 * The finding for a descriptor a tools glob matches that the system will not let mcp-gen look up or
 * open (`why`, a clause of lookupFailure or readFailure): leaving it out would build a project without
 * a tool its author wrote, and say nothing.
 */
export function descriptorUnreadable(file: string, why: string, brokenLink?: true): Diagnostic {
  return diagnosticAtFileStart(file, {
    ruleId: "load-unreadable",
    severity: "error",
    message: `${file} cannot be read, though a tools glob matches it: ${why}.`,
    hint: brokenLink
      ? `Point the link ${file} at the descriptor file it stands for (or put that file back where it points), or delete the link.`
      : "Give the user that runs mcp-gen read permission on the file (and search permission on its folders), or move it out of the folders the tools globs match.",
  });
}

/**
 * Why the folder at `absolute` cannot be listed (no read permission), or undefined when it can, or is
 * no folder: findDescriptors lists such a folder among the descriptors, as the glob's walk could not look into it.
 */
function listFailure(absolute: string): string | undefined {
  try {
    if (!statSync(absolute).isDirectory()) return undefined;
    readdirSync(absolute);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return code === "EACCES" || code === "EPERM" ? `mcp-gen may not list it (${code})` : undefined;
  }
}

/**
 * The finding for a folder the tools globs look into that mcp-gen may not list (at `absolute`), or
 * undefined when it can be listed: the tools in it would be left out, and a build would remove their code.
 */
export function folderUnlisted(folder: string, absolute: string): Diagnostic | undefined {
  const why = listFailure(absolute);
  if (why === undefined) return undefined;
  return diagnosticAtFileStart(folder, {
    ruleId: "load-unreadable",
    severity: "error",
    message: `The folder ${folder === "." ? "of the project" : folder} cannot be listed, though the tools globs look into it for descriptors: ${why}.`,
    hint: 'Give the user that runs mcp-gen permission to read and search the folder, or leave it out of the tools globs with a pattern such as "!folder/**" in mcp-gen.config.yaml.',
  });
}

/** The finding for a descriptor outside the project, or a link leading there (readProject reports it; the language server too). */
export function outsideRoot(file: string, refused: { readonly reason: string; readonly hint: string }): Diagnostic {
  return diagnosticAtFileStart(file, {
    ruleId: "load-outside-root",
    severity: "error",
    message: `${refused.reason}; mcp-gen reads nothing outside the project.`,
    hint: refused.hint,
  });
}
