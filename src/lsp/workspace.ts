// The projects of an editor's workspace, as the language server keeps them: which project each open
// document belongs to (find-project.ts), one ProjectSession per project, the editor's buffers laid
// over the disk, an analysis loop per project, and the diagnostics published for each file (every
// file of the project that has any, as `mcp-gen validate` lists them; a file's list is sent again
// only when it changed, or when the editor has a new version of it). A config file takes effect
// when it is saved: the project is then read again from scratch. A file is published by the project
// that owns it alone, the one whose config is nearest above it, even when another project's globs
// reach it (a root config whose `**` runs into a nested project's folder): two projects publishing
// one file would show it twice over, or each replace the other's list.
import { realpathSync } from "node:fs";
import { dirname, extname, join, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Diagnostic as LspDiagnostic } from "vscode-languageserver";
import { CONFIG_FILE } from "../config/config.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { SourceDoc } from "../model/source.js";
import { PACKAGE_JSON, readProjectConfig, toProjectPath } from "../cli/read-config.js";
import { AnalysisLoop } from "./analysis-loop.js";
import { findProject, type ProjectLocation } from "./find-project.js";
import { ProjectSession, type SessionAnalysis } from "./project-session.js";
import { SchemaAnswers } from "./schema-answers.js";
import { toLspDiagnostic } from "./to-lsp-diagnostic.js";
import { opensWithBom, toEditorRange, withoutBom } from "./client-bom.js";

/** Where the workspace sends what it finds. */
export interface WorkspaceHost {
  publish(uri: string, diagnostics: LspDiagnostic[], version: number | undefined): void;
  /** A note for the server's log (the editor's output panel). */
  log(message: string): void;
  /** A bug in mcp-gen, survived. */
  error(message: string): void;
}

/** What an analysis gave, or why there was none (the config cannot be used). */
type ProjectResult = SessionAnalysis | { readonly configProblems: readonly Diagnostic[] };

interface Project {
  readonly location: ProjectLocation;
  readonly realRoot: string;
  session: ProjectSession | undefined;
  /** Why there is no session: the config's problems. */
  configProblems: readonly Diagnostic[];
  /** The session being made (the config read, the descriptors found). */
  ready: Promise<void>;
  readonly loop: AnalysisLoop<ProjectResult>;
  /** What was last published for each URI. */
  readonly published: Map<string, Published>;
  /** The URI the editor uses for each project path it opened. */
  readonly uris: Map<string, string>;
  /** Open files that are no descriptor, for which the globs were run again once. */
  readonly looked: Set<string>;
  /** Each diagnostic as LSP has it, while the diagnostic lives. */
  readonly converted: WeakMap<Diagnostic, LspDiagnostic>;
}

/** What was last published for a URI: the document's version, and the diagnostics. */
interface Published {
  readonly version: number | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** What the server knows of one open document. */
export interface DocumentContext {
  readonly uri: string;
  /** Project path. */
  readonly path: string;
  readonly root: string;
  readonly session: ProjectSession;
  /** The document's text now, parsed (or not) as an analysis reads it. */
  readonly doc: SourceDoc | undefined;
  /** The document's text now, as an analysis reads it: without the BOM the editor's text may open with. */
  readonly text: string;
  /** Whether the editor's text opens with a BOM, which it counts on line 0 (client-bom.ts). */
  readonly bom: boolean;
  /** Whether the editor's text of another document opens with a BOM (false for one not open). */
  opensWithBom(uri: string): boolean;
  /** The last analysis published for the project, if any. */
  readonly analysis: SessionAnalysis | undefined;
  /** The URI of another file of the project. */
  uriOf(path: string): string;
}

const WATCHED_EXTENSIONS: ReadonlySet<string> = new Set([".yaml", ".yml", ".json"]);

export class Workspace {
  private readonly projects = new Map<string, Project>();
  private readonly documents = new Map<string, { readonly text: string; readonly version: number }>();
  private readonly answers: SchemaAnswers;
  /** Files already noted as outside every project. */
  private readonly noted = new Set<string>();
  /** The root of the project that owns the files of each folder (findProject), until the disk or the folders change. */
  private readonly owners = new Map<string, string | undefined>();

  constructor(
    private folderPaths: readonly string[],
    private readonly host: WorkspaceHost,
    env: Readonly<Record<string, string | undefined>>,
  ) {
    this.answers = new SchemaAnswers(env);
  }

  /** The editor opened a document or changed its text. */
  changed(uri: string, text: string, version: number): void {
    if (!isCandidate(uri)) return;
    this.documents.set(uri, { text, version });
    const place = this.place(uri);
    if (!place) return;
    const { project, path } = place;
    project.uris.set(path, uri);
    const session = project.session;
    session?.files.setText(path, text, version);
    // A file the globs did not match when the descriptors were last found may be new (an editor
    // without a file watcher tells nothing else): the globs are run again, once per such file.
    if (session && !session.isDescriptor(path) && !project.looked.has(path)) {
      project.looked.add(path);
      this.queue(project, () => session.findDescriptors());
    }
    project.loop.request();
  }

  /** The editor closed a document: the disk has its text again. */
  closed(uri: string): void {
    if (!this.documents.delete(uri)) return;
    const place = this.place(uri);
    if (!place) return;
    place.project.session?.files.close(place.path);
    place.project.loop.request();
  }

  /** Files changed on disk (saved, created, deleted, renamed; the editor's file watcher). */
  diskChanged(changes: readonly { readonly uri: string; readonly created: boolean; readonly deleted: boolean }[]): void {
    // A config may have come or gone: which project owns a folder's files is found again.
    this.owners.clear();
    for (const change of changes) {
      const file = filePath(change.uri);
      if (file === undefined) continue;
      // A copy: a project dropped here may make another, for the documents it had open.
      for (const project of [...this.projects.values()]) {
        const path = toProjectPath(project.location.root, file);
        if (path === undefined) continue;
        if (path === (project.location.configPath ?? CONFIG_FILE) || path === PACKAGE_JSON) {
          if (change.deleted && !this.isStillProject(project)) this.drop(project);
          else this.reload(project);
        } else if (project.session) {
          project.session.files.diskChanged(path);
          // A file the editor has open that the globs did not match may have just reached the disk (an
          // editor without a file watcher reports its first save as a save like any other).
          const mayBeNew = project.uris.has(path) && !project.session.isDescriptor(path);
          if (change.created || change.deleted || mayBeNew) this.queue(project, async () => project.session?.findDescriptors());
          project.loop.request();
        }
      }
    }
    // A config created or deleted (in a monorepo's package folder, say) moves the open documents below
    // it into another project, or into one at all: each is placed again, as if just opened, so that it
    // is checked now rather than at its next edit.
    if (changes.some((change) => (change.created || change.deleted) && filePath(change.uri)?.endsWith(`${sep}${CONFIG_FILE}`))) {
      for (const [uri, document] of [...this.documents]) this.changed(uri, document.text, document.version);
    }
  }

  /** The editor's workspace folders, as paths. */
  get folders(): readonly string[] {
    return this.folderPaths;
  }

  /** The editor's workspace folders changed: a project that was one only as a folder removed now ends. */
  setFolders(folders: readonly string[]): void {
    this.folderPaths = folders;
    this.owners.clear();
    for (const project of [...this.projects.values()]) if (!this.isStillProject(project)) this.drop(project);
  }

  /** Resolves once the project of `uri` is read (its config and descriptors), at once for no project. */
  async loaded(uri: string): Promise<void> {
    const project = this.place(uri)?.project;
    if (!project) return;
    // Each wait may have queued more reading (a new file, a saved config): until none is left.
    for (let ready = project.ready; ; ready = project.ready) {
      await ready;
      if (ready === project.ready) return;
    }
  }

  /** Resolves once the project of `uri` has published what it finds of the latest text (at once for no project). */
  async settled(uri: string): Promise<void> {
    const place = this.place(uri);
    if (!place) return;
    await this.loaded(uri);
    await place.project.loop.settled();
  }

  /** What the server knows of the open document `uri`; undefined outside every project or while its project loads. */
  context(uri: string): DocumentContext | undefined {
    const place = this.place(uri);
    const session = place?.project.session;
    const open = this.documents.get(uri);
    if (!place || !session || !open) return undefined;
    const stored = session.files.get(place.path);
    const latest = place.project.loop.latest;
    const project = place.project;
    return {
      uri,
      path: place.path,
      root: project.location.root,
      session,
      doc: stored.file.status === "ok" ? stored.file.doc : undefined,
      text: withoutBom(open.text),
      bom: opensWithBom(open.text),
      opensWithBom: (other) => this.opensWithBom(other),
      analysis: latest && "tools" in latest ? latest : undefined,
      uriOf: (path) => this.uriOf(project, path),
    };
  }

  /** Stops every analysis loop. */
  dispose(): void {
    for (const project of this.projects.values()) project.loop.dispose();
  }

  /** The project of `uri` and its path in it; undefined for a file in no project (noted once in the log). */
  private place(uri: string): { project: Project; path: string } | undefined {
    const file = filePath(uri);
    if (file === undefined) return undefined;
    const location = findProject(file, this.folderPaths);
    if (!location) {
      this.note(file, `${file} is in no mcp-gen project (no ${CONFIG_FILE} above it, and no workspace folder holds it): mcp-gen lsp does not check it.`);
      return undefined;
    }
    const project = this.projects.get(location.root) ?? this.open(location);
    const path = toProjectPath(location.root, file);
    return path === undefined ? undefined : { project, path };
  }

  private open(location: ProjectLocation): Project {
    let realRoot: string;
    try {
      realRoot = realpathSync.native(location.root);
    } catch {
      realRoot = location.root;
    }
    const project: Project = {
      location,
      realRoot,
      session: undefined,
      configProblems: [],
      ready: Promise.resolve(),
      published: new Map(),
      uris: new Map(),
      looked: new Set(),
      converted: new WeakMap(),
      loop: new AnalysisLoop<ProjectResult>({
        run: async () => {
          await project.ready;
          const session = project.session;
          return session ? session.analyze() : { configProblems: project.configProblems };
        },
        isCurrent: (result) => ("configProblems" in result ? true : project.session?.isCurrent(result) === true),
        publish: (result) => {
          if (project.session && !project.session.isProject) this.noteNoProject(project);
          this.publish(project, "configProblems" in result ? result.configProblems : result.diagnostics, "versions" in result ? result.versions : new Map());
        },
        failed: (error) =>
          this.host.error(`mcp-gen lsp: analyzing ${location.root} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}. This is a bug in mcp-gen; please report it.`),
      }),
    };
    this.projects.set(location.root, project);
    // A project found by a file's path (its config made since the owners were found) owns its files from now.
    this.owners.clear();
    this.reload(project);
    return project;
  }

  /** Whether the project's root is still where the files in it find their project (its config may be gone). */
  private isStillProject(project: Project): boolean {
    return findProject(join(project.location.root, CONFIG_FILE), this.folderPaths)?.root === project.location.root;
  }

  /**
   * Forgets a project whose config was deleted from a folder that is no project without it, or
   * whose workspace folder was removed: what it published is cleared, and its open documents find
   * their project again (the one above, or none).
   */
  private drop(project: Project): void {
    project.loop.dispose();
    this.projects.delete(project.location.root);
    this.owners.clear();
    for (const uri of project.published.keys()) this.host.publish(uri, [], undefined);
    const uris = new Set(project.uris.values());
    for (const [uri, open] of this.documents) if (uris.has(uri)) this.changed(uri, open.text, open.version);
  }

  /** Reads the project's config and finds its descriptors again: a new session, with the editor's buffers. */
  private reload(project: Project): void {
    this.queue(project, async () => {
      const read = await readProjectConfig(project.realRoot, project.location.configPath, "all");
      if (!read.config) {
        project.session = undefined;
        project.configProblems = read.diagnostics;
        return;
      }
      const session = new ProjectSession({
        root: project.realRoot,
        config: read.config,
        configPath: project.location.configPath,
        configSources: read.sources,
        configDiagnostics: read.diagnostics,
        answers: this.answers,
      });
      await session.findDescriptors();
      for (const [uri, open] of this.documents) {
        const file = filePath(uri);
        const path = file === undefined ? undefined : toProjectPath(project.location.root, file);
        if (path !== undefined && findProject(file!, this.folderPaths)?.root === project.location.root) session.files.setText(path, open.text, open.version);
      }
      project.session = session;
    });
    project.loop.request();
  }

  /**
   * Runs `step` on the project once what is queued before it is done (reading the project is
   * asynchronous, and an analysis waits for it). A step that throws is a bug, reported; the steps
   * after it run all the same.
   */
  private queue(project: Project, step: () => Promise<unknown>): void {
    project.ready = project.ready.then(step).then(
      () => undefined,
      (error: unknown) =>
        this.host.error(
          `mcp-gen lsp: reading the project at ${project.location.root} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}. This is a bug in mcp-gen; please report it.`,
        ),
    );
  }

  private publish(project: Project, diagnostics: readonly Diagnostic[], versions: ReadonlyMap<string, number>): void {
    const byFile = new Map<string, Diagnostic[]>();
    for (const diagnostic of diagnostics) {
      const list = byFile.get(diagnostic.file);
      if (list) list.push(diagnostic);
      else byFile.set(diagnostic.file, [diagnostic]);
    }
    // Open documents are answered on every analysis (with their version); others when their list changes.
    for (const path of versions.keys()) if (!byFile.has(path)) byFile.set(path, []);
    const stale = new Set(project.published.keys());
    const owned = [...byFile].filter(([path]) => this.owns(project, path)).map(([path, list]) => ({ path, list, uri: this.uriOf(project, path) }));
    for (const { uri } of owned) stale.delete(uri);
    // Cleared first: a file published under Node's spelling of its URI (…/@acme/…) and now open under
    // the editor's (…/%40acme/…) is one file to an editor that reads both alike, and the last message wins.
    for (const uri of stale) {
      project.published.delete(uri);
      // A file another project owns now (a nested config was created) is left to it, once it published.
      const file = filePath(uri);
      const owner = file === undefined ? undefined : this.ownerRoot(file);
      if (owner !== undefined && owner !== project.location.root && this.projects.get(owner)?.published.has(uri)) continue;
      this.host.publish(uri, [], undefined);
    }
    for (const { path, list, uri } of owned) {
      const version = versions.get(path);
      const last = project.published.get(uri);
      if (!last && list.length === 0 && version === undefined) continue;
      // Most files keep the very diagnostics of the last analysis (tools not checked again), or new
      // ones that read the same (a tool checked again, a project rule run again): nothing is sent.
      if (last !== undefined && last.version === version && sameContent(last.diagnostics, list)) {
        if (last.diagnostics !== list) project.published.set(uri, { version, diagnostics: list });
        continue;
      }
      project.published.set(uri, { version, diagnostics: list });
      this.host.publish(
        uri,
        list.map((diagnostic) => this.forEditor(uri, this.lspOf(project, diagnostic))),
        version,
      );
    }
  }

  /**
   * Whether `project` publishes the findings of its file at `path`: it owns the file, or no project
   * does. A file of another project (its config nearer) is that project's to publish: it is opened,
   * so that the file's findings show though no file of it is open.
   */
  private owns(project: Project, path: string): boolean {
    const file = join(project.location.root, ...path.split("/"));
    const owner = this.ownerRoot(file);
    if (owner === undefined || owner === project.location.root) return true;
    if (!this.projects.has(owner)) {
      const location = findProject(file, this.folderPaths);
      if (location) this.open(location);
    }
    return false;
  }

  /** The root of the project that owns the file at `file` (absolute), as findProject finds it. */
  private ownerRoot(file: string): string | undefined {
    const folder = dirname(file);
    if (!this.owners.has(folder)) this.owners.set(folder, findProject(file, this.folderPaths)?.root);
    return this.owners.get(folder);
  }

  /** A diagnostic as LSP has it (converted once per diagnostic object and project). */
  private lspOf(project: Project, diagnostic: Diagnostic): LspDiagnostic {
    let lsp = project.converted.get(diagnostic);
    if (!lsp) {
      lsp = toLspDiagnostic(diagnostic, (other) => this.uriOf(project, other));
      project.converted.set(diagnostic, lsp);
    }
    return lsp;
  }

  /**
   * `lsp`, published for `uri`, placed as the editor counts: on line 0 of a buffer that opens with a
   * BOM, one character further than in the analysed text (the same object when nothing moves).
   */
  private forEditor(uri: string, lsp: LspDiagnostic): LspDiagnostic {
    const bom = this.opensWithBom(uri);
    const related = lsp.relatedInformation;
    if (!bom && !related?.some((place) => this.opensWithBom(place.location.uri))) return lsp;
    return {
      ...lsp,
      range: toEditorRange(lsp.range, bom),
      ...(related
        ? { relatedInformation: related.map((place) => ({ ...place, location: { uri: place.location.uri, range: toEditorRange(place.location.range, this.opensWithBom(place.location.uri)) } })) }
        : {}),
    };
  }

  /** Whether the editor's text of `uri` opens with a BOM; false for a document that is not open. */
  private opensWithBom(uri: string): boolean {
    const open = this.documents.get(uri);
    return open !== undefined && opensWithBom(open.text);
  }

  private uriOf(project: Project, path: string): string {
    return project.uris.get(path) ?? pathToFileURL(join(project.location.root, ...path.split("/"))).href;
  }

  /** Notes each open document of a workspace folder that is no project (no config, no descriptor). */
  private noteNoProject(project: Project): void {
    const globs = project.session!.config.tools.map((glob) => JSON.stringify(glob)).join(", ");
    for (const [path, uri] of project.uris) {
      if (!this.documents.has(uri)) continue;
      const file = join(project.location.root, ...path.split("/"));
      this.note(
        file,
        `${file} is in no mcp-gen project (no ${CONFIG_FILE} above it in the workspace folder ${project.location.root}, which holds no descriptor where ${globs} looks either): mcp-gen lsp does not check it.`,
      );
    }
  }

  private note(file: string, message: string): void {
    if (this.noted.has(file)) return;
    this.noted.add(file);
    this.host.log(message);
  }
}

/** A document the server looks at: a file: URI of a YAML or JSON file. */
function isCandidate(uri: string): boolean {
  const file = filePath(uri);
  return file !== undefined && WATCHED_EXTENSIONS.has(extname(file).toLowerCase());
}

function filePath(uri: string): string | undefined {
  // A client's uri is whatever it sent: not always a string.
  if (typeof uri !== "string" || !uri.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** Whether two lists of diagnostics read the same in an editor, item by item (the very same objects, mostly). */
function sameContent(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i]!, b[i]!];
    if (x === y) continue;
    const same =
      x.ruleId === y.ruleId &&
      x.severity === y.severity &&
      x.message === y.message &&
      x.hint === y.hint &&
      x.line === y.line &&
      x.column === y.column &&
      x.endLine === y.endLine &&
      x.endColumn === y.endColumn &&
      JSON.stringify(x.related ?? null) === JSON.stringify(y.related ?? null);
    if (!same) return false;
  }
  return true;
}
