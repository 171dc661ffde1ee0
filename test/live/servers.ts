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

/**
 * A stdio session with `node <args>` as a 2025-era client has it, written as the server's log would
 * hold it: every line sent and received, in order (initialize, notifications/initialized, then
 * tools/list following nextCursor to the end). The server is ended before this returns.
 */
export async function stdioTranscript(args: readonly string[]): Promise<string> {
  const child = spawn(process.execPath, [...args], { stdio: ["pipe", "pipe", "ignore"] });
  const lines: string[] = [];
  const waiting = new Map<number, (result: { nextCursor?: string }) => void>();
  let buffer = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    for (let end = buffer.indexOf("\n"); end !== -1; end = buffer.indexOf("\n")) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (line.trim() === "") continue;
      lines.push(line);
      const message = JSON.parse(line) as { id?: number; result?: { nextCursor?: string } };
      if (typeof message.id === "number" && waiting.has(message.id)) waiting.get(message.id)!(message.result ?? {});
    }
  });
  let id = 0;
  const send = (message: Record<string, unknown>) => {
    const line = JSON.stringify({ jsonrpc: "2.0", ...message });
    lines.push(line);
    child.stdin!.write(`${line}\n`);
  };
  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<{ nextCursor?: string }>((resolve, reject) => {
      const mine = id++;
      const timer = setTimeout(() => reject(new Error(`no answer to ${method} within 20 s`)), 20_000);
      waiting.set(mine, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      send({ id: mine, method, params });
    });
  try {
    await request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "transcript", version: "1.0.0" } });
    send({ method: "notifications/initialized" });
    let cursor: string | undefined;
    do cursor = (await request("tools/list", cursor === undefined ? {} : { cursor })).nextCursor || undefined;
    while (cursor !== undefined);
    return `${lines.join("\n")}\n`;
  } finally {
    child.kill("SIGKILL");
  }
}
