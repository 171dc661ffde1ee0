// One proxy run as a process: the host on this process's stdin and stdout (or on HTTP with --listen),
// the server as a child process or at a URL, the session between them. Ends when either side does:
// the host's end of input, SIGINT, SIGTERM or SIGHUP, or its parent process gone end the server
// (the signal is passed on to its whole process group); the server's end ends the proxy, with the
// server's exit status, or its signal raised again on the proxy.
import type { LockFile } from "../model/lock.js";
import { fstatSync } from "node:fs";
import { Socket } from "node:net";
import type { Writable } from "node:stream";
import type { DriftContext } from "./drift-notice.js";
import { DriftReporter } from "./drift-reporter.js";
import type { UpstreamPort } from "./ports.js";
import { ProxySession } from "./proxy-session.js";
import { exitLike, untilSignal } from "./process-life.js";
import { StdioHost } from "./stdio-host.js";
import { ToolGate, type DriftMode } from "./tool-gate.js";

export type ProxyServer =
  | { readonly kind: "stdio"; readonly command: string; readonly args: readonly string[]; readonly cwd: string; readonly env: Readonly<Record<string, string | undefined>> }
  | { readonly kind: "http"; readonly url: URL; readonly headers: Readonly<Record<string, string>> };

export interface ProxyRun {
  readonly server: ProxyServer;
  readonly listen: { readonly host: string; readonly port: number } | undefined;
  readonly lock: LockFile;
  readonly mode: DriftMode;
  readonly context: DriftContext;
  readonly maxMessageBytes: number;
  readonly maxDepth: number;
  readonly stderr: (text: string) => void;
  readonly log: (line: string) => void;
}

/** Most pages the proxy follows when it lists the tools itself, and how long it waits for each answer. */
const MAX_PAGES = 100;
const OWN_TIMEOUT_MS = 30_000;
/** How long answers still buffered for the host may take to go out once the server has ended. */
const FLUSH_TIMEOUT_MS = 2000;

/** Runs the proxy until either side ends; the exit status to use. */
export async function runProxySession(run: ProxyRun): Promise<number> {
  const gate = new ToolGate(run.lock, run.mode);
  const reporter = new DriftReporter(run.context, { stderr: run.stderr, log: run.log, now: () => new Date().toISOString() });
  const upstream = await makeUpstream(run);
  const options = { gate, reporter, context: run.context, maxDepth: run.maxDepth, maxPages: MAX_PAGES, ownTimeoutMs: OWN_TIMEOUT_MS };
  if (run.listen) {
    const { runHttpHost } = await import("./http-host.js");
    return runHttpHost({ listen: run.listen, maxMessageBytes: run.maxMessageBytes, stderr: run.stderr }, upstream, options);
  }
  const host = new StdioHost(process.stdin, hostOutput(), run.maxMessageBytes);
  const session = new ProxySession(host, upstream, options);
  try {
    await session.start();
  } catch (e) {
    run.stderr(`mcp-gen proxy: ${(e as Error).message}\n`);
    return 2;
  }
  host.start({
    line: (text) => session.fromHost(text),
    oversize: (bytes) => session.hostOversize(bytes, run.maxMessageBytes),
    closed: () => void session.close(),
  });
  const stop = untilSignal((signal) => void session.close(signal));
  const end = await session.ended;
  stop();
  await host.flush(FLUSH_TIMEOUT_MS);
  process.stdin.destroy();
  return exitLike(end, run.stderr);
}

/**
 * The proxy's stdout. Node writes to a pipe synchronously on Linux: a host that stops reading would
 * block the whole proxy in write(2), signals and all. A socket of its own on fd 1 writes without
 * blocking and says when its buffer is full, so the session can pause the server instead.
 */
function hostOutput(): Writable {
  try {
    const stat = fstatSync(1);
    if (stat.isFIFO() || stat.isSocket()) return new Socket({ fd: 1, readable: false, writable: true });
  } catch {
    // No stdout at all: process.stdout swallows what is written.
  }
  return process.stdout;
}

async function makeUpstream(run: ProxyRun): Promise<UpstreamPort> {
  if (run.server.kind === "stdio") {
    // Each kind of server loads only its own transport (cross-spawn for a child, node:http for a URL).
    const { ChildServer } = await import("./child-server.js");
    const { command, args, cwd, env } = run.server;
    return new ChildServer({ command, args, cwd, env, maxMessageBytes: run.maxMessageBytes });
  }
  const { HttpUpstream } = await import("./http-upstream.js");
  return new HttpUpstream({ url: run.server.url, headers: run.server.headers, maxMessageBytes: run.maxMessageBytes });
}
