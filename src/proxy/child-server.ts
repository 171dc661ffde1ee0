// The server as a child process (`mcp-gen proxy -- COMMAND ARGS`): started without a shell in a
// process group of its own (live/process-group.ts, as verify does), with the host's environment
// whole and its stderr going straight to the proxy's (hosts keep it in their MCP log). Its stdout is
// framed into lines with a limit on whole messages; a line past the limit, or output that ends in
// the middle of one, is a fault. Closing ends the server and everything it started: end of input
// first, then the signal the proxy got (or SIGTERM), then SIGKILL for the whole group.
import type { ChildProcess } from "node:child_process";
import { quotedStart } from "../diff/visible-text.js";
import { exitOf, settlesWithin, signalGroup, spawnGrouped } from "../live/process-group.js";
import { LineFramer, oneLine } from "./frame-lines.js";
import type { SendInfo, ServerEnd, UpstreamEvents, UpstreamPort } from "./ports.js";
import { excerpt } from "./read-message.js";

/** How long a server may take to end by itself once its stdin is closed, then after a signal. */
const EOF_GRACE_MS = 2000;
const SIGNAL_GRACE_MS = 2000;
/** After the process exited, how long output still in its pipe may take to arrive. */
const DRAIN_MS = 200;

export interface ChildServerOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly maxMessageBytes: number;
}

export class ChildServer implements UpstreamPort {
  private child: ChildProcess | undefined;
  private events: UpstreamEvents | undefined;
  private end: ServerEnd | undefined;
  private closing: Promise<ServerEnd> | undefined;
  private finished = false;
  private readonly done: Promise<ServerEnd>;
  private resolveDone!: (end: ServerEnd) => void;

  constructor(private readonly options: ChildServerOptions) {
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
  }

  start(events: UpstreamEvents): Promise<void> {
    this.events = events;
    let child: ChildProcess;
    try {
      child = spawnGrouped(this.options.command, this.options.args, { cwd: this.options.cwd, env: { ...this.options.env }, stdio: ["pipe", "pipe", "inherit"] });
    } catch (error) {
      // Node refuses some commands before starting anything (a NUL character in it or an argument).
      this.end = { code: 1, problem: startProblem(this.options.command, error as NodeJS.ErrnoException) };
      return Promise.reject(new Error(this.end.problem));
    }
    this.child = child;
    const framer = new LineFramer(this.options.maxMessageBytes, {
      line: (text) => events.line(text, undefined),
      oversize: (bytes, head) => {
        // Its start is the server's text: stderr has it, the host gets the sizes.
        events.trouble(`the server's message of ${bytes} bytes starts ${excerpt(head)}`);
        events.fault(`the server sent a message of ${bytes} bytes, more than the limit of ${this.options.maxMessageBytes}`);
      },
    });
    child.stdout!.on("data", (chunk: Buffer) => framer.push(chunk));
    child.stdout!.on("end", () => {
      if (framer.partial) events.fault("the server's output ended in the middle of a message");
    });
    child.stdin!.on("drain", () => events.drain());
    // A server that exits while the proxy writes to it closes the pipe: its exit says the rest.
    child.stdin!.on("error", () => undefined);
    child.stdout!.on("error", () => undefined);
    child.once("exit", (code, signal) => {
      this.end = signal !== null ? { signal } : { code: code ?? 1 };
      setTimeout(() => this.finish(), DRAIN_MS).unref();
    });
    child.once("close", () => this.finish());
    return new Promise((resolve, reject) => {
      child.once("spawn", () => resolve());
      child.once("error", (error: NodeJS.ErrnoException) => {
        if (this.end === undefined) this.end = { code: 1, problem: startProblem(this.options.command, error) };
        reject(new Error(startProblem(this.options.command, error)));
      });
    });
  }

  send(text: string, _info: SendInfo): boolean {
    const stdin = this.child?.stdin;
    if (!stdin?.writable || this.closing) return true;
    return stdin.write(oneLine(text));
  }

  abandon(): void {
    // On stdio the host's notifications/cancelled says it; it is passed on as sent.
  }

  answered(): void {
    // One stream for every message: nothing to close.
  }

  pause(): void {
    this.child?.stdout?.pause();
  }

  resume(): void {
    this.child?.stdout?.resume();
  }

  tellsSession(): boolean {
    // One connection for the whole session: a 2025-era server sends list_changed on it unasked.
    return true;
  }

  close(signal?: NodeJS.Signals): Promise<ServerEnd> {
    return (this.closing ??= this.stop(signal));
  }

  private async stop(signal: NodeJS.Signals | undefined): Promise<ServerEnd> {
    const child = this.child;
    if (child === undefined || child.pid === undefined) return this.end ?? { code: 1 };
    const exited = exitOf(child);
    if (signal === undefined) {
      // A polite end first: most servers exit when their stdin closes.
      child.stdin?.end();
      if (!(await settlesWithin(exited, EOF_GRACE_MS))) signalGroup(child, "SIGTERM");
    } else {
      signalGroup(child, signal);
    }
    if (!(await settlesWithin(exited, SIGNAL_GRACE_MS))) signalGroup(child, "SIGKILL");
    await settlesWithin(exited, SIGNAL_GRACE_MS);
    // Whatever is left of the group (a server behind a wrapper that exited) ends now.
    signalGroup(child, "SIGKILL");
    this.end ??= { signal: "SIGKILL" };
    this.finish();
    return this.done;
  }

  private finish(): void {
    if (this.finished || this.end === undefined) return;
    this.finished = true;
    const child = this.child!;
    // The server is gone; helpers it started (npx, uvx grandchildren) go with it.
    signalGroup(child, "SIGKILL");
    for (const stream of [child.stdin, child.stdout]) stream?.destroy();
    this.resolveDone(this.end);
    this.events?.ended(this.end);
  }
}

/**
 * Why the server did not start, for stderr and for the host's error answers. The command is the
 * user's text and may hold anything (an escape, a line break, U+2028), and Node's messages repeat it
 * ("spawn CMD EISDIR", "... Received 'CMD'"): the command is quoted with its invisible characters
 * shown, and Node's message is used only when it carries no code.
 */
function startProblem(command: string, error: NodeJS.ErrnoException): string {
  const code = error.code;
  const why = code !== undefined && Object.hasOwn(START_FAILURES, code) ? START_FAILURES[code]! : (code ?? quotedStart(error.message, 200));
  return `could not start ${quotedStart(command, 300)}: ${why}.`;
}

/** What a start failure's code means, in the words of the message. */
const START_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: "no such program",
  EACCES: "permission denied",
  ERR_INVALID_ARG_VALUE: "it or one of its arguments holds a NUL character",
};
