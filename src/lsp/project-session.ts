// One project as the language server checks it: its config (read once; a new config makes a new
// session), its descriptors, and what the last analysis found for each tool. An analysis runs the
// pipeline of `mcp-gen validate` (analyzeProjectWith: every rule, with the config's settings) over
// the editor's buffers and the disk, and checks again only the tools whose descriptor or `$ref`'d
// files changed since (ProjectInput.checked): the others keep their findings, and the project-wide
// rules (names unique across files, case collisions, shadowing) see every tool each time.
import { statSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_FILE, type Config } from "../config/config.js";
import { parseLock } from "../lock/parse-lock.js";
import type { LockFile } from "../model/lock.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { RunMemo } from "../model/run-memo.js";
import type { ResolvedTool, SourceDoc } from "../model/source.js";
import { withPatternVerdicts } from "../pattern-check/certify-patterns.js";
import { analyzeProjectWith, type CheckedTool } from "../project/analyze-project.js";
import type { ProjectFile } from "../resolve/project-file.js";
import { searchDescriptors } from "../cli/find-descriptors.js";
import { extensionCaseMismatch } from "../cli/extension-case.js";
import { descriptorUnreadable, folderUnlisted, outsideRoot } from "../cli/read-project.js";
import { toolsNotFound } from "../cli/tools-not-found.js";
import { ProjectFiles } from "./project-files.js";
import type { SchemaAnswers } from "./schema-answers.js";
import { schemaReach, type SchemaReach } from "./schema-file-readers.js";
import { readFileNow } from "../files/read-now.js";

/** What one analysis found. */
export interface SessionAnalysis {
  /** Every diagnostic of the project, sorted, as `mcp-gen validate` reports them. */
  readonly diagnostics: readonly Diagnostic[];
  /** Each tool that resolved, by its descriptor file. */
  readonly tools: ReadonlyMap<string, ResolvedTool>;
  /** Every parsed file, by project path. */
  readonly docs: ReadonlyMap<string, SourceDoc>;
  /** The version of each open document the analysis read. */
  readonly versions: ReadonlyMap<string, number>;
  /** The generation of each file it read (ProjectFiles), and the list of descriptors it checked. */
  readonly generations: ReadonlyMap<string, number>;
  readonly descriptors: readonly string[];
  /** For each schema file the tools' schemas bundle, which ones (schema-file-readers.ts): the dialect hover and completion read it in. */
  readonly reach: ReadonlyMap<string, readonly SchemaReach[]>;
}

/** A tool checked by an earlier analysis, and the generation of each file it was made from. */
interface ToolCheck {
  readonly checked: CheckedTool;
  readonly closure: ReadonlyMap<string, number>;
}

/** Analyses after which the session's RunMemo starts afresh (some of its slots are keyed by text). */
const MEMO_LIFETIME = 200;

export interface SessionSetup {
  /** The project's real root. */
  readonly root: string;
  readonly config: Config;
  /** The config file's path as the config reader took it (undefined: the default). */
  readonly configPath: string | undefined;
  /** Texts the config was read from (the config file, package.json), by project path. */
  readonly configSources: ReadonlyMap<string, string>;
  /** Diagnostics of reading the config (warnings: an unusable config makes no session). */
  readonly configDiagnostics: readonly Diagnostic[];
  readonly answers: SchemaAnswers;
}

export class ProjectSession {
  readonly files: ProjectFiles;
  private descriptors: readonly string[] = [];
  private descriptorSet: ReadonlySet<string> = new Set();
  /** Files a tools glob misses only by the case of their extension (searchDescriptors), reported with every analysis. */
  private caseMismatched: readonly string[] = [];
  private checks = new Map<string, ToolCheck>();
  private memo = new RunMemo();
  private runs = 0;
  /** The last analysis's reach, which a file that does not parse for a while keeps. */
  private reach: ReadonlyMap<string, readonly SchemaReach[]> | undefined;
  /** The lock last read, by the stat it was read with. */
  private lockRead: { readonly stamp: string; readonly lock: LockFile | { readonly problem: string } } | undefined;

  constructor(readonly setup: SessionSetup) {
    // A file the config's globs do not match is read only because a $ref names it: a schema file.
    this.files = new ProjectFiles(setup.root, setup.config.load, (path) => (this.descriptorSet.has(path) ? "descriptor" : "schema"));
  }

  get config(): Config {
    return this.setup.config;
  }

  /** Finds the descriptor files the config's globs match, again (a file was added, removed or renamed). */
  async findDescriptors(): Promise<void> {
    const { files: found, caseMismatched } = await searchDescriptors(this.setup.root, this.setup.config);
    this.caseMismatched = caseMismatched;
    if (found.length !== this.descriptors.length || found.some((path, i) => path !== this.descriptors[i])) {
      this.descriptors = found;
      this.descriptorSet = new Set(found);
    }
  }

  /**
   * The project's lock as it is on disk: undefined when there is none, its first problem when it
   * cannot be read. Read again only when its stat changes.
   */
  readLock(): LockFile | { readonly problem: string } | undefined {
    const path = join(this.setup.root, ...this.config.lock.split("/"));
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile()) return undefined;
    const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
    if (this.lockRead?.stamp !== stamp) {
      const parsed = parseLock(readFileNow(path, "utf8"), this.config.lock, this.config.load);
      this.lockRead = { stamp, lock: parsed.value ?? { problem: parsed.diagnostics[0]?.message ?? "it is not a lock file" } };
    }
    return this.lockRead.lock;
  }

  /** Whether the files and descriptors `analysis` was made from are the ones of the project now. */
  isCurrent(analysis: SessionAnalysis): boolean {
    if (analysis.descriptors !== this.descriptors) return false;
    for (const [path, generation] of analysis.generations) if (this.files.get(path).generation !== generation) return false;
    return true;
  }

  /** Whether this is an mcp-gen project at all: it has a config file, or descriptors where one without keeps them. */
  get isProject(): boolean {
    return this.descriptors.length > 0 || this.setup.configSources.has(this.setup.configPath ?? CONFIG_FILE);
  }

  isDescriptor(path: string): boolean {
    return this.descriptorSet.has(path);
  }

  /**
   * Analyzes the project as its files are now; resolves when done. Not to be called again before it settles.
   * @example const { diagnostics } = await session.analyze()
   */
  async analyze(): Promise<SessionAnalysis> {
    const descriptors = this.descriptors;
    const { files, loadDiagnostics, versions, generations } = this.readFiles(descriptors);
    const closures = new Map<string, ReadonlyMap<string, number>>();
    const checked: CheckedTool[] = [];
    for (const path of descriptors) {
      const known = this.checks.get(path);
      // A tool whose files all have the generation they had: its closure is what it was.
      if (known && this.unchanged(known.closure)) {
        checked.push(known.checked);
        closures.set(path, known.closure);
      } else closures.set(path, this.closureOf(path));
    }
    if (++this.runs % MEMO_LIFETIME === 0) this.memo = new RunMemo();
    const input = { descriptors, files, loadDiagnostics: [...this.setup.configDiagnostics, ...loadDiagnostics], config: this.config, checked, memo: this.memo };
    // The ReDoS checker's verdicts, as validate gets them: a lookaround pattern is judged the same here.
    const analysis = await analyzeProjectWith(await withPatternVerdicts(input, this.setup.root), this.setup.answers.precompile);
    const next = new Map<string, ToolCheck>();
    for (const tool of analysis.tools) {
      const fresh = analysis.toolDiagnostics?.get(tool);
      const base: CheckedTool = fresh ? { tool, diagnostics: fresh } : this.checks.get(tool.file)!.checked;
      const inProject = analysis.inProject && { names: analysis.inProject.names, diagnostics: analysis.inProject.diagnostics.get(tool) ?? [] };
      next.set(tool.file, { checked: { tool: base.tool, diagnostics: base.diagnostics, ...(inProject ? { inProject } : {}) }, closure: closures.get(tool.file)! });
    }
    this.checks = next;
    this.forgetUnused(files);
    const noTools = descriptors.length === 0 ? toolsNotFound(this.config, this.setup.configPath, this.setup.configSources) : undefined;
    // No config and no descriptor is no project (an editor's workspace folder that holds projects
    // further down, a CI workflow opened beside them): nothing to report, on a config that is not there.
    const diagnostics = noTools && noTools.ruleId !== "project-not-found" ? [...analysis.diagnostics, noTools] : analysis.diagnostics;
    const tools = new Map(analysis.tools.map((tool) => [tool.file, tool]));
    this.reach = schemaReach(tools, (path) => files.has(path), this.reach);
    return { diagnostics, tools, docs: analysis.docs, versions, generations, descriptors, reach: this.reach };
  }

  /** Every descriptor and every file their `$ref`s reach, with what reading them reported. */
  private readFiles(descriptors: readonly string[]): { files: Map<string, ProjectFile>; loadDiagnostics: Diagnostic[]; versions: Map<string, number>; generations: Map<string, number> } {
    const files = new Map<string, ProjectFile>();
    const loadDiagnostics: Diagnostic[] = [];
    const versions = new Map<string, number>();
    const generations = new Map<string, number>();
    for (const path of this.caseMismatched) loadDiagnostics.push(extensionCaseMismatch(path, this.config));
    const queue = [...descriptors];
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      if (files.has(path)) continue;
      const stored = this.files.get(path);
      files.set(path, stored.file);
      generations.set(path, stored.generation);
      loadDiagnostics.push(...stored.diagnostics);
      const version = this.files.openVersion(path);
      if (version !== undefined) versions.set(path, version);
      queue.push(...stored.refs);
    }
    for (const path of descriptors) {
      const file = files.get(path)!;
      if (file.status === "refused") loadDiagnostics.push(outsideRoot(path, file));
      else if (file.status === "missing" && file.unreadable !== undefined) loadDiagnostics.push(descriptorUnreadable(path, file.unreadable, file.brokenLink));
      else if (file.status === "missing" && file.notAFile !== undefined) {
        const unlisted = folderUnlisted(path, join(this.setup.root, path));
        if (unlisted !== undefined) loadDiagnostics.push(unlisted);
      }
    }
    return { files, loadDiagnostics, versions, generations };
  }

  /** The generation of the descriptor at `path` and of every file its `$ref`s reach. */
  private closureOf(path: string): Map<string, number> {
    const closure = new Map<string, number>();
    const queue = [path];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (closure.has(next)) continue;
      const stored = this.files.get(next);
      closure.set(next, stored.generation);
      queue.push(...stored.refs);
    }
    return closure;
  }

  /** Whether every file of a closure still has the generation recorded in it. */
  private unchanged(closure: ReadonlyMap<string, number>): boolean {
    for (const [path, generation] of closure) if (this.files.get(path).generation !== generation) return false;
    return true;
  }

  /** Drops what was read from disk of files no analysis reads any more. */
  private forgetUnused(files: ReadonlyMap<string, ProjectFile>): void {
    for (const path of this.files.paths()) if (!files.has(path)) this.files.forget(path);
  }
}
