// `mcp-gen lsp`: the language server for descriptor files. In: an LSP connection (the editor). Out:
// diagnostics as `mcp-gen validate` reports them, published as the editor's buffers change; quick
// fixes, hover, completion and go to definition. Never writes a file, never fetches anything, and
// answers a document of no mcp-gen project with nothing (a note in the log).
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  LSPErrorCodes,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type CancellationToken,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { fileURLToPath } from "node:url";
import { CONFIG_FILE } from "../config/config.js";
import { isJsonPath } from "../load/load-document.js";
import { MCP_GEN_VERSION } from "../model/version.js";
import { completions, type DocumentKind } from "./completion.js";
import { definitionOf } from "./definition.js";
import { hoverText } from "./hover.js";
import { offsetOf } from "./node-at.js";
import { fromEditorPosition, toEditorRange } from "./client-bom.js";
import { quickFixes } from "./quick-fixes.js";
import { schemaFileReaders, type SchemaFileReader } from "./schema-file-readers.js";
import { SchemaGuide } from "./schema-guide.js";
import { Workspace, type DocumentContext } from "./workspace.js";

/** YAML and JSON files whatever the case of their extension (an LSP glob: `[yY]` is a character range). */
const WATCHED_FILES = "**/*.{[yY][aA][mM][lL],[yY][mM][lL],[jJ][sS][oO][nN]}";

export interface LanguageServerOptions {
  /** Where MCP_GEN_WORKERS is read. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * Serves `connection` until it closes; call connection.listen() after. Returns what stops the server's work.
 * @example const server = startLanguageServer(connectStreams(stdin, stdout, done, log), { env }); ...; server.dispose()
 */
export function startLanguageServer(connection: Connection, options: LanguageServerOptions): { dispose(): void } {
  const documents = new TextDocuments(TextDocument);
  const guide = new SchemaGuide();
  let workspace: Workspace | undefined;
  let watching = false;
  let foldersChange = false;
  const host = {
    publish: (uri: string, diagnostics: Parameters<Connection["sendDiagnostics"]>[0]["diagnostics"], version: number | undefined) =>
      void connection.sendDiagnostics({ uri, diagnostics, ...(version !== undefined ? { version } : {}) }),
    log: (message: string) => connection.console.info(message),
    error: (message: string) => connection.console.error(message),
  };

  // The lifecycle (LSP 3.17 §"Lifecycle Messages"): requests before initialize get -32002, after shutdown -32600.
  let phase: "new" | "running" | "shut down" = "new";
  const live = (method: string): void => {
    if (phase === "new") throw new ResponseError(-32002, `${method} came before initialize.`);
    if (phase === "shut down") throw new ResponseError(-32600, `${method} came after shutdown.`);
  };

  connection.onInitialize((params): InitializeResult => {
    if (phase !== "new") throw new ResponseError(-32600, "initialize came a second time.");
    phase = "running";
    workspace = new Workspace(workspaceFolders(params), host, options.env);
    watching = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    foldersChange = params.capabilities.workspace?.workspaceFolders === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        completionProvider: { triggerCharacters: ['"', ":", " "] },
        definitionProvider: true,
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: "mcp-gen", version: MCP_GEN_VERSION },
    };
  });
  connection.onInitialized(() => {
    // Files changed outside the editor (a branch switched, a schema saved from elsewhere, a new descriptor),
    // in any case: a glob misses `x.YAML`, which is reported (load-extension-case), and editors on Linux match case.
    if (watching) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: WATCHED_FILES }] });
    if (foldersChange) {
      connection.workspace.onDidChangeWorkspaceFolders(
        guarded("workspace/didChangeWorkspaceFolders", (event) => {
          const removed = new Set((event.removed ?? []).map((folder) => folderPath(folder.uri)));
          const added = (event.added ?? []).map((folder) => folderPath(folder.uri)).filter((path): path is string => path !== undefined);
          workspace?.setFolders([...(workspace?.folders ?? []).filter((folder) => !removed.has(folder)), ...added]);
        }),
      );
    }
  });
  // A notification the client got wrong (a uri that is no string) is logged in one line; the
  // jsonrpc library would print the listener's stack on stderr.
  const guarded =
    <E>(what: string, listen: (event: E) => void) =>
    (event: E): void => {
      try {
        listen(event);
      } catch (error) {
        host.error(`mcp-gen lsp: ${what} could not be handled: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
  documents.onDidChangeContent(guarded("textDocument/didOpen or didChange", (event) => workspace?.changed(event.document.uri, event.document.getText(), event.document.version)));
  documents.onDidClose(guarded("textDocument/didClose", (event) => workspace?.closed(event.document.uri)));
  // Without a file watcher, a save is how the server hears that the config (or a closed file's disk text) changed.
  documents.onDidSave(
    guarded("textDocument/didSave", (event) => {
      if (!watching) workspace?.diskChanged([{ uri: event.document.uri, created: false, deleted: false }]);
    }),
  );
  connection.onDidChangeWatchedFiles(
    guarded("workspace/didChangeWatchedFiles", (params) =>
      workspace?.diskChanged(params.changes.map((change) => ({ uri: change.uri, created: change.type === FileChangeType.Created, deleted: change.type === FileChangeType.Deleted }))),
    ),
  );

  connection.onHover(async (params, token) => {
    live("textDocument/hover");
    checkPositionParams("textDocument/hover", params);
    const context = await settledContext(workspace, params.textDocument.uri, token);
    if (!context) return null;
    const config = context.session.config;
    const kind = documentKind(context);
    const role = kind ?? (context.path === (context.session.setup.configPath ?? CONFIG_FILE) ? "config" : "other");
    const text = hoverText({
      text: context.text,
      doc: context.doc,
      offset: offsetOf(context.text, fromEditorPosition(params.position, context.bom)),
      role,
      diagnostics: context.analysis?.diagnostics.filter((diagnostic) => diagnostic.file === context.path) ?? [],
      readers: kind === "schema-file" ? fileReaders(context) : [],
      tool: context.analysis?.tools.get(context.path),
      lock: () => context.session.readLock(),
      lockPath: config.lock,
      guide,
    });
    return text === undefined ? null : { contents: { kind: "markdown", value: text } };
  });
  connection.onCodeAction(async (params) => {
    live("textDocument/codeAction");
    checkDocumentParams("textDocument/codeAction", params);
    if (!Array.isArray((params as { context?: { diagnostics?: unknown } }).context?.diagnostics)) throw invalidParams("textDocument/codeAction", "context.diagnostics");
    const context = await loadedContext(workspace, params.textDocument.uri);
    return context?.doc ? quickFixes(context.doc, context.uri, params.context.diagnostics, context.bom) : [];
  });
  connection.onCompletion(async (params) => {
    live("textDocument/completion");
    checkPositionParams("textDocument/completion", params);
    const context = await loadedContext(workspace, params.textDocument.uri);
    const kind = context && documentKind(context);
    if (!context || !kind) return [];
    const offset = offsetOf(context.text, fromEditorPosition(params.position, context.bom));
    const items = completions(guide, context.text, offset, isJsonPath(context.path), context.doc?.value, kind, kind === "schema-file" ? fileReaders(context) : []);
    if (!context.bom) return items;
    return items.map((item) => (item.textEdit && "range" in item.textEdit ? { ...item, textEdit: { ...item.textEdit, range: toEditorRange(item.textEdit.range, true) } } : item));
  });
  connection.onDefinition(async (params) => {
    live("textDocument/definition");
    checkPositionParams("textDocument/definition", params);
    const context = await loadedContext(workspace, params.textDocument.uri);
    if (!context?.doc) return null;
    const session = context.session;
    const target = definitionOf({
      doc: context.doc,
      descriptor: session.isDescriptor(context.path),
      offset: offsetOf(context.text, fromEditorPosition(params.position, context.bom)),
      fileOf: (path) => session.files.get(path).file,
      uriOf: context.uriOf,
    });
    return target ? { uri: target.uri, range: toEditorRange(target.range, context.opensWithBom(target.uri)) } : null;
  });
  connection.onShutdown(() => {
    live("shutdown");
    phase = "shut down";
    workspace?.dispose();
  });
  documents.listen(connection);
  return { dispose: () => workspace?.dispose() };
}

/** A request whose params lack what it needs: -32602, naming what is missing, not a TypeError's text as -32603. */
function invalidParams(method: string, what: string): ResponseError<void> {
  return new ResponseError(-32602, `${method} needs ${what}.`);
}

function checkDocumentParams(method: string, params: unknown): void {
  const uri = (params as { textDocument?: { uri?: unknown } } | null | undefined)?.textDocument?.uri;
  if (typeof uri !== "string") throw invalidParams(method, "textDocument.uri, a string");
}

function checkPositionParams(method: string, params: unknown): void {
  checkDocumentParams(method, params);
  const position = (params as { position?: { line?: unknown; character?: unknown } }).position;
  if (!Number.isInteger(position?.line) || !Number.isInteger(position?.character)) throw invalidParams(method, "position, with whole-number line and character");
}

/**
 * The context of `uri` once its project has analyzed the latest text, so that a hover shows what
 * the buffer says now. The editor may cancel the wait (it moved on): the request then fails as
 * cancelled, and the analysis goes on.
 */
async function settledContext(workspace: Workspace | undefined, uri: string, token: CancellationToken): Promise<DocumentContext | undefined> {
  if (!workspace) return undefined;
  await new Promise<void>((resolve, reject) => {
    const cancelled = () => reject(new ResponseError(LSPErrorCodes.RequestCancelled, "The request was cancelled."));
    if (token.isCancellationRequested) return cancelled();
    const listener = token.onCancellationRequested(() => {
      listener.dispose();
      cancelled();
    });
    workspace.settled(uri).then(
      () => (listener.dispose(), resolve()),
      (error: unknown) => (listener.dispose(), reject(error)),
    );
  });
  return workspace.context(uri);
}

/** The context of `uri` once its project is read (not analyzed: completion and quick fixes work on the text). */
/**
 * A descriptor of the project, or a schema file its last analysis read (a descriptor's `$ref` names
 * it, or a file such a one does); undefined for any other file.
 */
function documentKind(context: DocumentContext): DocumentKind | undefined {
  if (context.session.isDescriptor(context.path)) return "descriptor";
  return context.analysis?.generations.has(context.path) ? "schema-file" : undefined;
}

/** The tool schemas of the last analysis that bundle the schema file of `context`, read in the dialect validate reads them in. */
function fileReaders(context: DocumentContext): SchemaFileReader[] {
  const analysis = context.analysis;
  return analysis ? schemaFileReaders(analysis.reach.get(context.path) ?? [], analysis.tools) : [];
}

async function loadedContext(workspace: Workspace | undefined, uri: string): Promise<DocumentContext | undefined> {
  await workspace?.loaded(uri);
  return workspace?.context(uri);
}

/** The editor's workspace folders as paths: workspaceFolders, or the older rootUri and rootPath. */
function workspaceFolders(params: InitializeParams): string[] {
  const uris = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
  const paths = uris.map(folderPath).filter((path): path is string => path !== undefined);
  if (paths.length === 0 && params.rootPath) paths.push(params.rootPath);
  return paths;
}

function folderPath(uri: string): string | undefined {
  try {
    return uri.startsWith("file:") ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
}
