// An editor's side of a Language Server Protocol session, for tests: the server in this process over
// a pair of streams, or the real `mcp-gen lsp` process over stdio. Keeps every publishDiagnostics in
// the order it came, and sends documents as an editor does (open, full or ranged changes with
// increasing versions, close).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
import { afterEach } from "vitest";
import {
  type CancellationTokenSource,
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type CodeAction,
  type Diagnostic,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextEdit,
} from "vscode-languageserver/node";
import { computeLineStarts } from "../../src/load/line-index.js";
import { connectStreams } from "../../src/lsp/connection.js";
import { startLanguageServer } from "../../src/lsp/server.js";

const started: LspClient[] = [];

afterEach(async () => {
  for (const client of started.splice(0)) await client.shutdown();
});

/**
 * An initialized in-process server for the workspace folders `folders` (by default the root alone),
 * shut down after the test.
 */
export async function startInProcess(root: string, folders: readonly string[] = [root]): Promise<LspClient> {
  const client = LspClient.inProcess(root);
  started.push(client);
  await client.initialize({}, folders);
  return client;
}

export class LspClient {
  /** Every publishDiagnostics, in the order the server sent them. */
  readonly published: PublishDiagnosticsParams[] = [];
  /** Every window/logMessage text. */
  readonly logs: string[] = [];
  private readonly versions = new Map<string, number>();
  private readonly texts = new Map<string, string>();
  private readonly listeners = new Set<() => void>();

  private constructor(
    readonly connection: ProtocolConnection,
    /** The server's exit status, once it ends. */
    readonly exited: Promise<number>,
    /** The workspace folder (the project root, unless a test says otherwise). */
    readonly root: string,
    private readonly hangUp: () => void,
    /** What the in-process server said of each frame it dropped (a server in a process says it on stderr). */
    readonly problems: string[] = [],
  ) {
    connection.onNotification("textDocument/publishDiagnostics", (params: PublishDiagnosticsParams) => {
      this.published.push(params);
      for (const listener of this.listeners) listener();
    });
    connection.onNotification("window/logMessage", (params: { message: string }) => {
      this.logs.push(params.message);
      for (const listener of this.listeners) listener();
    });
    connection.listen();
  }

  /** The server of src/lsp/ in this process, on a pair of streams. */
  static inProcess(root: string, env: Readonly<Record<string, string>> = {}): LspClient {
    const { toServer, toClient, exited, problems } = serveInProcess(env);
    const client = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    return new LspClient(client, exited, root, () => toServer.end(), problems);
  }

  /** `node <script> lsp --stdio` as an editor starts it, with `cwd` as its working folder. */
  static overProcess(script: string, root: string, env: Readonly<Record<string, string>> = {}): LspClient {
    return LspClient.overCommand(process.execPath, [script, "lsp", "--stdio"], root, root, env);
  }

  /** A server started as `command args` in `cwd`, for the workspace folder `root`. */
  static overCommand(command: string, args: readonly string[], cwd: string, root: string, env: Readonly<Record<string, string>> = {}): LspClient {
    const child = spawn(command, [...args], { cwd, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, ...env } });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString("utf8")));
    const exited = new Promise<number>((resolve, reject) => {
      child.on("error", reject);
      child.on("exit", (code) => (code === null ? reject(new Error(`mcp-gen lsp was killed; stderr:\n${stderr}`)) : resolve(code)));
    });
    const client = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    return new LspClient(client, exited, root, () => child.stdin.end());
  }

  async initialize(capabilities: ClientCapabilities = {}, folders: readonly string[] = [this.root]): Promise<InitializeResult> {
    const result = await this.connection.sendRequest<InitializeResult>("initialize", {
      processId: process.pid,
      rootUri: folders[0] === undefined ? null : pathToFileURL(folders[0]).href,
      capabilities,
      workspaceFolders: folders.map((folder, i) => ({ uri: pathToFileURL(folder).href, name: `folder${i}` })),
    });
    await this.connection.sendNotification("initialized", {});
    return result;
  }

  /** The URI of a path relative to the root (or an absolute path). */
  uri(path: string): string {
    return pathToFileURL(path.startsWith("/") ? path : join(this.root, path)).href;
  }

  /** Opens `path` with `text` (by default its text on disk), as version 1. */
  async open(path: string, text = readFileSync(path.startsWith("/") ? path : join(this.root, path), "utf8")): Promise<void> {
    this.versions.set(path, 1);
    this.texts.set(path, text);
    await this.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: this.uri(path), languageId: path.endsWith(".json") ? "json" : "yaml", version: 1, text } });
  }

  /** Replaces the whole text of `path` (the next version). */
  async change(path: string, text: string): Promise<number> {
    const version = (this.versions.get(path) ?? 0) + 1;
    this.versions.set(path, version);
    this.texts.set(path, text);
    await this.connection.sendNotification("textDocument/didChange", { textDocument: { uri: this.uri(path), version }, contentChanges: [{ text }] });
    return version;
  }

  /** Applies edits to `path` as ranged changes (the next version), as an editor applies a quick fix. */
  async edit(path: string, edits: readonly TextEdit[]): Promise<number> {
    const version = (this.versions.get(path) ?? 0) + 1;
    this.versions.set(path, version);
    this.texts.set(path, applyEdits(this.text(path), edits));
    // Last edit first, so that each range still means what it meant in the text before.
    const ordered = [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
    await this.connection.sendNotification("textDocument/didChange", {
      textDocument: { uri: this.uri(path), version },
      contentChanges: ordered.map((edit) => ({ range: edit.range, text: edit.newText })),
    });
    return version;
  }

  async close(path: string): Promise<void> {
    this.versions.delete(path);
    this.texts.delete(path);
    await this.connection.sendNotification("textDocument/didClose", { textDocument: { uri: this.uri(path) } });
  }

  /** The text of an open document, as this client last sent it. */
  text(path: string): string {
    const text = this.texts.get(path);
    if (text === undefined) throw new Error(`${path} is not open`);
    return text;
  }

  version(path: string): number | undefined {
    return this.versions.get(path);
  }

  /** A mark in the published diagnostics: what comes after it is new. */
  mark(): number {
    return this.published.length;
  }

  /**
   * The first diagnostics published for `path` after `mark` that `accept` takes (by default, any):
   * waits for them.
   */
  diagnostics(path: string, mark: number, accept: (params: PublishDiagnosticsParams) => boolean = () => true): Promise<Diagnostic[]> {
    const uri = this.uri(path);
    return this.until(() => this.published.slice(mark).find((params) => params.uri === uri && accept(params))?.diagnostics);
  }

  /** The diagnostics for `path` once the server published them for its current version (an open document). */
  current(path: string, mark = 0): Promise<Diagnostic[]> {
    const version = this.versions.get(path);
    return this.diagnostics(path, mark, (params) => params.version === version);
  }

  /** The last diagnostics published for `path` (undefined if none). */
  latest(path: string): Diagnostic[] | undefined {
    const uri = this.uri(path);
    return this.published.findLast((params) => params.uri === uri)?.diagnostics;
  }

  /** Waits for a log message that `accept` takes. */
  log(accept: (message: string) => boolean): Promise<string> {
    return this.until(() => this.logs.find(accept));
  }

  request<R>(method: string, params: unknown, cancel?: CancellationTokenSource): Promise<R> {
    return cancel ? this.connection.sendRequest<R>(method, params, cancel.token) : this.connection.sendRequest<R>(method, params);
  }

  /** The quick fixes for `diagnostics` of `path`. */
  codeActions(path: string, diagnostics: readonly Diagnostic[]): Promise<CodeAction[]> {
    const range = diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return this.request<CodeAction[]>("textDocument/codeAction", { textDocument: { uri: this.uri(path) }, range, context: { diagnostics } });
  }

  /** shutdown, then exit, as an editor ends a session; resolves with the server's exit status. */
  async shutdown(): Promise<number> {
    await this.connection.sendRequest("shutdown");
    await this.connection.sendNotification("exit");
    const code = await this.exited;
    this.connection.dispose();
    return code;
  }

  /** Ends the session without shutdown: the editor went away. */
  async hangUpNow(): Promise<number> {
    this.hangUp();
    const code = await this.exited;
    this.connection.dispose();
    return code;
  }

  private until<T>(found: () => T | undefined): Promise<T> {
    const now = found();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve) => {
      const listener = () => {
        const value = found();
        if (value === undefined) return;
        this.listeners.delete(listener);
        resolve(value);
      };
      this.listeners.add(listener);
    });
  }
}

/** `text` with LSP text edits applied (ranges in the original text, none overlapping; lines end at "\n", "\r\n" or "\r"). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lineStarts = computeLineStarts(text);
  const offset = (line: number, character: number) => (lineStarts[line] ?? text.length) + character;
  const spans = edits.map((edit) => ({ start: offset(edit.range.start.line, edit.range.start.character), end: offset(edit.range.end.line, edit.range.end.character), text: edit.newText }));
  spans.sort((a, b) => b.start - a.start);
  let out = text;
  for (const span of spans) out = out.slice(0, span.start) + span.text + out.slice(span.end);
  return out;
}

/**
 * The server of src/lsp/ listening in this process on a pair of streams: write the client's bytes to
 * `toServer`, read its messages from `toClient`; `exited` is its exit status, `problems` the frames
 * it dropped.
 */
export function serveInProcess(env: Readonly<Record<string, string>> = {}): {
  readonly toServer: PassThrough;
  readonly toClient: PassThrough;
  readonly exited: Promise<number>;
  readonly problems: string[];
} {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  let exit!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (exit = resolve));
  const problems: string[] = [];
  const connection = connectStreams(
    toServer,
    toClient,
    (code) => {
      server.dispose();
      connection.dispose();
      exit(code);
    },
    (line) => problems.push(line),
  );
  const server = startLanguageServer(connection, { env });
  connection.listen();
  return { toServer, toClient, exited, problems };
}
