// How a proxy process lives and ends as the server it stands for: it ends when its host is gone (a
// signal that ends a server, passed on; or its parent process gone, when a host died without closing
// the pipes), and it ends the way the server ended (its exit status, or its signal raised again).
import type { ServerEnd } from "./ports.js";

/** How often the proxy looks whether the process that started it is still there. */
const PARENT_POLL_MS = 1000;

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Calls `onEnd` once when the host is gone: a signal that ends a server (passed on), or the parent
 * process gone (the host died without closing our stdin). Returns the function that stops watching.
 */
export function untilSignal(onEnd: (signal?: NodeJS.Signals) => void): () => void {
  let done = false;
  const end = (signal?: NodeJS.Signals) => {
    if (done) return;
    done = true;
    onEnd(signal);
  };
  const handlers = SIGNALS.map((signal) => [signal, () => end(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) end();
  }, PARENT_POLL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}

/** The exit status that tells the host what the server's end told the proxy; a signal is raised again. */
export function exitLike(end: ServerEnd, stderr: (text: string) => void): number {
  if (end.problem) stderr(`mcp-gen proxy: ${end.problem}\n`);
  if (end.signal === undefined) return end.code;
  // With the proxy's own handlers gone, the signal's default action ends it as it ended the server.
  if (process.listenerCount(end.signal) === 0) process.kill(process.pid, end.signal);
  return 128 + (SIGNAL_NUMBERS[end.signal] ?? 0);
}

const SIGNAL_NUMBERS: Readonly<Record<string, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
