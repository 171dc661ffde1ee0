// A stdio server process for verify and import: an SDK Transport that starts the command in a
// process group of its own, reads its stdout one JSON-RPC line at a time, and on close ends the
// whole group and releases every pipe. The SDK's StdioClientTransport signals only the process it
// started: behind a wrapper that does not pass signals on (`bash -c 'node server.js; true'`) the
// server outlives it and keeps mcp-gen's pipes, and with them mcp-gen itself, open forever.
import type { ChildProcess } from "node:child_process";
import { StringDecoder } from "node:string_decoder";
import { parseJSONRPCMessage, SdkError, SdkErrorCode, serializeMessage, STDIO_DEFAULT_MAX_BUFFER_SIZE, type JSONRPCMessage, type Transport } from "@modelcontextprotocol/client";
import { getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";
import type { LiveProblem } from "./live-problem.js";
import { quotedStart } from "../diff/visible-text.js";
import { exitOf, GROUPS, settlesWithin, signalGroup, spawnGrouped } from "./process-group.js";

/** How long a server may take to end by itself once its stdin is closed, then after SIGTERM. */
const EOF_GRACE_MS = 1000;
const TERM_GRACE_MS = 1000;

/** After the process exited, how long output still in its pipes may take to arrive. */
const DRAIN_MS = 200;

export interface ServerProcessOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** Added to the few variables the SDK passes on by default (PATH, HOME, ...). */
  readonly env: Readonly<Record<string, string>>;
  readonly onStderr: (text: string) => void;
}

/** What the server wrote on stdout besides JSON-RPC messages, for a timeout's message. */
export interface StdoutNoise {
  /** The first line that is not JSON. */
  readonly text: string | undefined;
  /** Whether a JSON value that is no JSON-RPC message arrived. */
  readonly notJsonRpc: boolean;
}

export class ServerProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** A line that cannot be a message of any server that works, reported as soon as it arrives. */
  onfault?: (problem: LiveProblem) => void;

  private child: ChildProcess | undefined;
  private closing: Promise<void> | undefined;
  private closed = false;
  private line = "";
  private readonly decoder = new StringDecoder("utf8");
  private noiseText: string | undefined;
  private noiseJson = false;
  private readonly forward = (signal: NodeJS.Signals) => this.endOnSignal(signal);
  private readonly endOnExit = () => this.signalGroup("SIGKILL");

  constructor(private readonly options: ServerProcessOptions) {}

  /** The SDK reads these two to treat this transport as stdio (a silent probe means a 2025 server). */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get stderr(): null {
    return null;
  }

  get noise(): StdoutNoise {
    return { text: this.noiseText, notJsonRpc: this.noiseJson };
  }

  start(): Promise<void> {
    if (this.child) throw new Error("ServerProcessTransport.start() was called twice.");
    const child = spawnGrouped(this.options.command, this.options.args, {
      cwd: this.options.cwd,
      env: { ...getDefaultEnvironment(), ...this.options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child = child;
    this.guardParent(true);
    child.stdout!.on("data", (chunk: Buffer) => this.read(this.decoder.write(chunk)));
    child.stderr!.on("data", (chunk: Buffer) => this.options.onStderr(chunk.toString("utf8")));
    for (const stream of [child.stdin!, child.stdout!, child.stderr!]) stream.on("error", (error: Error) => this.onerror?.(error));
    // 'close' waits for every holder of the pipes; a helper the server left behind may hold them.
    child.once("close", () => this.finish());
    child.once("exit", () => setTimeout(() => this.finish(), DRAIN_MS).unref());
    return new Promise((resolve, reject) => {
      child.once("spawn", () => resolve());
      child.once("error", (error) => {
        this.guardParent(false);
        reject(error);
        this.onerror?.(error);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.closing || !stdin.writable) return Promise.reject(new SdkError(SdkErrorCode.NotConnected, "Not connected"));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /** Ends the server and everything it started, and releases the pipes; never waits for more than a few seconds. */
  close(): Promise<void> {
    return (this.closing ??= this.stop());
  }

  private async stop(): Promise<void> {
    const child = this.child;
    if (child) {
      const exited = exitOf(child);
      // A polite end first: most servers exit when their stdin closes.
      child.stdin?.end();
      if (!(await settlesWithin(exited, EOF_GRACE_MS))) {
        this.signalGroup("SIGTERM");
        await settlesWithin(exited, TERM_GRACE_MS);
      }
      // Whatever is left of the group (the server behind a wrapper that exited) ends now.
      this.signalGroup("SIGKILL");
      await settlesWithin(exited, TERM_GRACE_MS);
      this.guardParent(false);
      for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
    }
    this.finish();
  }

  /** Signals the server's process group (on Windows, the process alone). */
  private signalGroup(signal: NodeJS.Signals): void {
    if (this.child) signalGroup(this.child, signal);
  }

  /**
   * A group of its own does not get the terminal's Ctrl+C, so while the server runs, mcp-gen passes
   * on the signals that end it, and ends the group when it exits.
   */
  private guardParent(on: boolean): void {
    if (!GROUPS) return;
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      if (on) process.once(signal, this.forward);
      else process.off(signal, this.forward);
    }
    if (on) process.once("exit", this.endOnExit);
    else process.off("exit", this.endOnExit);
  }

  private endOnSignal(signal: NodeJS.Signals): void {
    this.signalGroup("SIGKILL");
    this.guardParent(false);
    // Our listener kept the default action from ending mcp-gen; with it gone, the signal does.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.read(this.decoder.end() + "\n");
    this.onclose?.();
  }

  /** Splits stdout into lines; each complete line is one message (MCP stdio transport: newline-delimited JSON-RPC). */
  private read(text: string): void {
    let start = 0;
    for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
      const line = this.line + text.slice(start, end);
      this.line = "";
      start = end + 1;
      this.readLine(line.endsWith("\r") ? line.slice(0, -1) : line);
    }
    this.line += text.slice(start);
    if (this.line.length > STDIO_DEFAULT_MAX_BUFFER_SIZE) {
      this.line = "";
      this.onfault?.({ kind: "bad-response", message: `The server sent more than ${STDIO_DEFAULT_MAX_BUFFER_SIZE / (1024 * 1024)} MiB on stdout without ending the line.` });
    }
  }

  private readLine(line: string): void {
    const text = line.trim();
    if (text === "") return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // A line that starts like JSON but does not parse is a message cut short; any other text is
      // a log line some servers print, which clients ignore.
      if (text.startsWith("{") || text.startsWith("[")) {
        this.onfault?.({ kind: "bad-response", message: `The server sent a line that is not complete JSON: ${excerpt(text)}` });
      } else {
        this.noiseText ??= text;
      }
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      this.noiseJson = true;
      return;
    }
    this.onmessage?.(message);
  }
}

/**
 * The start of a line a server sent, for a message: quotedStart, at most 120 characters. The message
 * reaches JSON and SARIF reports as it is, where a renderer would otherwise honour what the server
 * hid in the line.
 */
export function excerpt(text: string): string {
  return quotedStart(text, 120);
}
