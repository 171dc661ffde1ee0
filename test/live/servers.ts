// Starting the test servers: the misbehaving fake in test/fixtures/live/ and the tracker example,
// over stdio (a LiveTarget that starts them) or HTTP (a child process on 127.0.0.1, a free port).
// Every HTTP child is killed by stopServers(), which the tests call in afterEach.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import type { LiveTarget } from "../../src/live/live-connection.js";
import { REPO_ROOT } from "../support/spec-paths.js";

export const FAKE_SERVER = join(REPO_ROOT, "test", "fixtures", "live", "fake-server.mjs");
export const TRACKER = join(REPO_ROOT, "examples", "tracker");

const running = new Set<ChildProcess>();

export function fakeStdio(mode: string): LiveTarget {
  return { kind: "stdio", command: process.execPath, args: [FAKE_SERVER, mode], cwd: REPO_ROOT, env: {} };
}

/** Starts `node <script> <args>` and waits for the URL it prints on stderr. */
export async function startHttp(script: string, args: readonly string[]): Promise<URL> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ["ignore", "ignore", "pipe"] });
  running.add(child);
  return new Promise<URL>((resolve, reject) => {
    let seen = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      seen += chunk.toString("utf8");
      const match = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(seen);
      if (match) resolve(new URL(match[0]));
    });
    child.on("exit", (code) => reject(new Error(`${script} exited with ${code} before listening: ${seen}`)));
  });
}

export async function fakeHttp(mode: string): Promise<LiveTarget> {
  return { kind: "http", url: await startHttp(FAKE_SERVER, [mode, "--http"]), headers: {} };
}

export async function stopServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          running.delete(child);
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  );
}
