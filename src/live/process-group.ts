// A server command started in a process group of its own, without a shell, and the signals that end
// the whole group: what verify, import and the proxy share. A wrapper (`npx`, `uvx`, `bash -c '…'`)
// that does not pass signals on leaves the real server running and holding the pipes; signalling the
// group reaches it. cross-spawn (CommonJS) finds `npx.cmd` and other shims on Windows without a shell,
// as the SDK does.
import type { ChildProcess, SpawnOptions } from "node:child_process";
import { createRequire } from "node:module";

const spawn = createRequire(import.meta.url)("cross-spawn") as (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

/** Process groups exist on every platform but Windows. */
export const GROUPS = process.platform !== "win32";

/**
 * Starts `command` with `args` as the leader of a new process group (on Windows, as a plain child).
 * @example spawnGrouped("npx", ["-y", "@modelcontextprotocol/server-memory"], { cwd, env, stdio: ["pipe", "pipe", "inherit"] })
 */
export function spawnGrouped(command: string, args: readonly string[], options: Omit<SpawnOptions, "detached" | "windowsHide" | "shell">): ChildProcess {
  return spawn(command, args, { ...options, detached: GROUPS, windowsHide: true });
}

/** Signals the process group `child` leads (on Windows, the process alone); nothing when it is gone. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  const pid = child.pid;
  if (pid === undefined) return;
  try {
    if (GROUPS) process.kill(-pid, signal);
    else child.kill(signal);
  } catch {
    // ESRCH: nothing is left to signal.
  }
}

/** Whether `promise` settles within `ms` (a timer that keeps nothing alive). */
export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    void promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(true);
      },
    );
  });
}

/** Resolves when `child` has exited (at once if it already has). */
export function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}
