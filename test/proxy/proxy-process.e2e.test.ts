// The proxy as a process a host starts and ends: it never starts a server without a valid lock; it
// exits with the server's status, or dies by the server's signal; a signal it gets reaches the whole
// server process group; it ends when its host closes stdin, or dies without doing so; it starts
// npx-style shims without a shell; and what either side sends that no working peer sends (a line
// that is not JSON, 100 MB on one line, a message cut short) gets an error, never a crash or a hang,
// with memory bounded even when the host never reads. Each test drives the proxy over raw pipes.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ADD, ECHO, exited, isRunning, pinnedProject, pinServer, proxyCli, startProcess, stopAll, track } from "../support/proxy-harness.js";

afterAll(stopAll);

const scratch = mkdtempSync(join(tmpdir(), "mcp-gen-proxy-process-"));

/** A Node script in the scratch folder. */
function script(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

/** `mcp-gen proxy --cwd project [options] -- server...` on raw pipes. */
async function proxy(project: string, server: readonly string[], options: readonly string[] = [], env: Record<string, string> = {}) {
  return startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", project, ...options, "--", ...server], env);
}

/** The messages the proxy wrote to stdout so far. */
function messages(stdout: string): { id?: unknown; result?: unknown; error?: { code: number; message: string }; method?: string }[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}

/** Waits until `check` holds, polling; fails after `ms`. */
async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const send = (child: ChildProcess, message: unknown) => child.stdin!.write(`${typeof message === "string" ? message : JSON.stringify(message)}\n`);
const INIT = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };

describe("fails closed", () => {
  const marker = () => join(mkdtempSync(join(scratch, "marker-")), "started");
  const markServer = (file: string) => [process.execPath, "-e", "require('fs').writeFileSync(process.argv[1], 'x')", file];

  it.each([
    ["an empty lock file", () => pinnedProject([]), (dir: string) => writeFileSync(join(dir, "mcp-tools.lock.json"), ""), 1, /the lock mcp-tools\.lock\.json is invalid/],
    ["a lock whose hash was edited", () => pinnedProject([ECHO]), (dir: string) => tamper(dir), 1, /the lock mcp-tools\.lock\.json is invalid[\s\S]*lock-invalid/],
    ["a lock that cannot be read", () => pinnedProject([ECHO]), (dir: string) => unreadable(dir), 1, /cannot read the lock mcp-tools\.lock\.json/],
  ])("does not start the server with %s", async (_case, make, spoil, code, message) => {
    const dir = make();
    spoil(dir);
    const file = marker();
    const run = await proxy(dir, markServer(file));
    expect((await exited(run.child)).code).toBe(code);
    expect(run.stderr()).toMatch(message);
    expect(run.stderr()).toContain("the server was not started");
    expect(existsSync(file)).toBe(false);
  });

  it("says so when there is no lock file at all, with the import command that pins the server", async () => {
    const run = await proxy(mkdtempSync(join(scratch, "empty-")), pinServer("honest"));
    expect((await exited(run.child)).code).toBe(2);
    expect(run.stderr()).toMatch(/there is no lock file at .*mcp-tools\.lock\.json[\s\S]*mcp-gen import --cwd .* --command/);
  });

  it("refuses a --url that holds a password, without printing it (as import and verify do)", async () => {
    const run = await startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO]), "--url", "http://user:s3cret@127.0.0.1:9/mcp"]);
    expect((await exited(run.child)).code).toBe(2);
    expect(run.stderr()).toContain("--url holds a user name or password");
    expect(run.stderr()).not.toContain("s3cret");
  });

  it("says so when the server cannot be started", async () => {
    const run = await proxy(pinnedProject([ECHO]), ["mcp-gen-no-such-server"]);
    expect((await exited(run.child)).code).toBe(2);
    expect(run.stderr()).toContain('could not start "mcp-gen-no-such-server": no such program.');
  });
});

function tamper(dir: string): void {
  const path = join(dir, "mcp-tools.lock.json");
  writeFileSync(path, readFileSync(path, "utf8").replace(/"sha256": "[0-9a-f]{4}/, '"sha256": "0000'));
}

/** A lock path nobody can read as a file (a folder: even root cannot). */
function unreadable(dir: string): void {
  const path = join(dir, "mcp-tools.lock.json");
  rmSync(path);
  mkdirSync(path);
}

describe("ends as the server does", () => {
  it("exits with the server's status, after answering what the server left open", async () => {
    const server = script("exit-3.mjs", "process.stdin.once('data', () => process.exit(3));\n");
    const run = await proxy(pinnedProject([ECHO]), [process.execPath, server]);
    send(run.child, { jsonrpc: "2.0", id: 1, method: "ping" });
    expect((await exited(run.child)).code).toBe(3);
    expect(messages(run.stdout())).toEqual([{ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "mcp-gen proxy: the server exited with status 3 before answering." } }]);
  });

  it.each(["SIGTERM", "SIGHUP"] as const)("passes %s on to the server and dies by it as the server did", async (signal) => {
    const run = await proxy(pinnedProject([ECHO]), pinServer("honest"));
    send(run.child, INIT);
    await until(() => run.stdout().includes('"id":0'));
    run.child.kill(signal);
    expect(await exited(run.child)).toEqual({ code: null, signal });
  });

  it("starts with a config whose rules section it has no use for, even one a build would refuse", async () => {
    // The proxy reads the config for the lock's path only: the rule registry is never loaded (memory).
    const dir = pinnedProject([ECHO], { "mcp-gen.config.yaml": "generate: client\nrules:\n  no-such-rule: off\n" });
    const run = await proxy(dir, pinServer("honest"));
    send(run.child, INIT);
    await until(() => run.stdout().includes('"id":0'));
    run.child.stdin!.end();
    expect(await exited(run.child)).toEqual({ code: 0, signal: null });
  });

  it("ends the server when the host closes stdin, and exits 0 as the server did", async () => {
    const run = await proxy(pinnedProject([ECHO]), pinServer("honest"));
    send(run.child, INIT);
    await until(() => run.stdout().includes('"id":0'));
    run.child.stdin!.end();
    expect(await exited(run.child)).toEqual({ code: 0, signal: null });
  });

  it("ends the whole process tree: a server behind a wrapper that ignores SIGTERM and the end of its input", async () => {
    const pidFile = join(mkdtempSync(join(scratch, "pid-")), "pid");
    const immortal = script(
      "immortal.mjs",
      `(await import("node:fs")).writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));\nprocess.on("SIGTERM", () => {});\nsetInterval(() => {}, 1000);\n`,
    );
    const run = await proxy(pinnedProject([ECHO]), ["sh", "-c", `"${process.execPath}" "${immortal}"; true`]);
    await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "");
    const pid = Number(readFileSync(pidFile, "utf8"));
    expect(isRunning(pid)).toBe(true);
    run.child.stdin!.end();
    await exited(run.child);
    await until(() => !isRunning(pid), 5000);
  });

  it("ends when the process that started it dies without closing its stdin", async () => {
    const pidFile = join(mkdtempSync(join(scratch, "pid-")), "pid");
    const server = script("pid-server.mjs", `(await import("node:fs")).writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);\n`);
    // The parent hands its own stdin (a pipe this test keeps open) to the proxy, then is killed.
    const parent = script(
      "parent.mjs",
      `import { spawn } from "node:child_process";\nconst child = spawn(process.execPath, ${JSON.stringify([await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO]), "--", process.execPath, server])}, { stdio: ["inherit", "ignore", "inherit"] });\nconsole.log(child.pid);\nsetInterval(() => {}, 1000);\n`,
    );
    const host = startProcess(process.execPath, [parent]);
    await until(() => host.stdout().trim() !== "" && existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "");
    const proxyPid = Number(host.stdout().trim());
    const serverPid = Number(readFileSync(pidFile, "utf8"));
    host.child.kill("SIGKILL");
    await until(() => !isRunning(proxyPid) && !isRunning(serverPid), 10_000);
  });
});

describe("starts servers as hosts name them, without a shell", () => {
  it("finds an npx-style shim on PATH and passes arguments as written ($HOME, quotes and spaces included)", async () => {
    const bin = mkdtempSync(join(scratch, "bin-"));
    const argsFile = join(bin, "args.json");
    writeFileSync(join(bin, "pin-shim"), `#!/bin/sh\nprintf '%s\\n' "$@" > "${argsFile}"\nexec "${process.execPath}" "${pinServer("honest")[1]}" honest\n`);
    chmodSync(join(bin, "pin-shim"), 0o755);
    const run = await proxy(pinnedProject([ECHO, ADD]), ["pin-shim", "$HOME", "two words", "a;b"], [], { PATH: `${bin}:${process.env.PATH ?? ""}` });
    send(run.child, INIT);
    await until(() => run.stdout().includes('"id":0'));
    expect(readFileSync(argsFile, "utf8")).toBe("$HOME\ntwo words\na;b\n");
    run.child.stdin!.end();
    expect((await exited(run.child)).code).toBe(0);
  });
});

describe("bad input from either side", () => {
  it("answers a host line that is not JSON, and one of 100 MB, with an error, and goes on", async () => {
    const run = await proxy(pinnedProject([ECHO]), pinServer("honest"));
    send(run.child, "this is not JSON");
    const big = Buffer.alloc(100 * 1024 * 1024, 0x61);
    await new Promise<void>((resolve) => run.child.stdin!.write(Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":9,"method":"ping","params":{"x":"'), big, Buffer.from('"}}\n')]), () => resolve()));
    send(run.child, INIT);
    await until(() => run.stdout().includes('"id":0'));
    const [notJson, tooBig, init] = messages(run.stdout());
    expect(notJson?.error?.code).toBe(-32700);
    expect(tooBig?.error).toMatchObject({ code: -32700, message: expect.stringContaining("larger than 10485760 bytes") });
    expect(init?.result).toBeDefined();
    // The line was never held whole: that alone is 100 MB above the proxy's own 60-70 MB. The bound
    // leaves room for chunks read and dropped but not yet collected, which a loaded machine's GC lets
    // pile up (107 MB seen once under a load of 6 on 2 cores, against a limit of 100 then).
    expect(peakRssMB(run.child.pid!)).toBeLessThan(150);
    run.child.stdin!.end();
    expect((await exited(run.child)).code).toBe(0);
  });

  it("ends the connection with an error and exit 1 when the server's output ends in the middle of a message", async () => {
    // The server closes its stdout inside a line and lives on: whatever that line answered is lost, and nothing says which request it was.
    const server = script(
      "cut.mjs",
      `import { closeSync, writeSync } from "node:fs";\nprocess.stdin.once("data", () => { writeSync(1, '{"jsonrpc":"2.0","id":0,"result":{"tools":[{"na'); closeSync(1); });\nsetInterval(() => {}, 1000);\n`,
    );
    const run = await proxy(pinnedProject([ECHO]), [process.execPath, server]);
    send(run.child, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect((await exited(run.child)).code).toBe(1);
    expect(messages(run.stdout())[0]?.error?.message).toContain("the server's output ended in the middle of a message");
  });

  it("skips the server's log lines on stdout, as the SDK's clients do, and goes on: the host gets only messages", async () => {
    // Before, a line starting with "[" or "{" that did not parse ended the session: the call in flight got -32603, and the proxy exit 1.
    const run = await proxy(pinnedProject([ECHO, ADD]), pinServer("stdout-logs"));
    send(run.child, INIT);
    send(run.child, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    send(run.child, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: { text: "hi" } } });
    send(run.child, { jsonrpc: "2.0", id: 3, method: "ping" });
    await until(() => messages(run.stdout()).filter((m) => m.id === 2 || m.id === 3).length === 2);
    const all = messages(run.stdout());
    expect(all.map((m) => m.id).sort()).toEqual([0, 1, 2, 3]);
    expect(all.find((m) => m.id === 2)?.result).toEqual({ content: [{ type: "text", text: "hi" }] });
    expect(run.stderr()).toContain('the server sent a line that is not JSON; it was skipped, as MCP clients skip it, and not passed on: "[dotenv@17.2.1] injecting env (0) from .env');
    run.child.stdin!.end();
    expect((await exited(run.child)).code).toBe(0);
  });

  it("keeps its memory bounded when the host never reads, pausing the server, and loses nothing once it does", async () => {
    // Every answer is 1 MB.
    const counter = join(mkdtempSync(join(scratch, "count-")), "written");
    // Each answer is counted once the server's pipe took it: a server that respects its own backpressure.
    const server = script(
      "big-answers.mjs",
      [
        'import { appendFileSync } from "node:fs";',
        'const pad = "x".repeat(1024 * 1024);',
        "const queue = [];",
        "let buffer = '';",
        "let waiting = false;",
        "const pump = () => {",
        "  while (queue.length > 0 && !waiting) {",
        "    const id = queue.shift();",
        `    const ok = process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id, result: { pad } }) + "\\n", () => appendFileSync(${JSON.stringify(counter)}, "."));`,
        "    if (!ok) { waiting = true; process.stdout.once('drain', () => { waiting = false; pump(); }); }",
        "  }",
        "};",
        "process.stdin.on('data', (c) => { buffer += c; let i; while ((i = buffer.indexOf('\\n')) >= 0) { queue.push(JSON.parse(buffer.slice(0, i)).id); buffer = buffer.slice(i + 1); } pump(); });",
        "",
      ].join("\n"),
    );
    const run = spawn(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO]), "--", process.execPath, server], { stdio: ["pipe", "pipe", "inherit"] });
    track(run);
    run.stdin.on("error", () => undefined);
    run.stdout.pause();
    const total = 64;
    for (let id = 1; id <= total; id++) send(run, { jsonrpc: "2.0", id, method: "ping" });
    const written = () => (existsSync(counter) ? readFileSync(counter, "utf8").length : 0);
    // Until the server stops writing: a proxy that held everything would let it write all of them.
    let last = -1;
    for (let still = 0; still < 6 && written() < total; await new Promise((resolve) => setTimeout(resolve, 250))) {
      still = written() === last ? still + 1 : 0;
      last = written();
    }
    expect(written()).toBeLessThan(total / 2);
    expect(peakRssMB(run.pid!)).toBeLessThan(90);
    let received = 0;
    run.stdout.on("data", (chunk: Buffer) => {
      for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, i + 1)) received++;
    });
    run.stdout.resume();
    await until(() => received === total, 60_000);
    run.stdin.end();
    await exited(run);
  });
});

describe("a server that lists a new megabyte-sized tool at every list_changed", () => {
  it("keeps the proxy's memory bounded: 300 listings of 1 MB each peak under 250 MB", async () => {
    // Before, each name left out kept its tool and a slice pinning its whole page: this run held over
    // 600 MB, and 700 listings of 4 MB ran the proxy out of memory (a V8 heap abort at 4.2 GB).
    const listings = 300;
    const server = script(
      "new-big-tool.mjs",
      [
        `const pinned = ${JSON.stringify(ECHO)};`,
        "let listed = 0;",
        "let buffer = '';",
        "const write = (message) => process.stdout.write(JSON.stringify(message) + '\\n');",
        "process.stdin.on('data', (chunk) => {",
        "  buffer += chunk;",
        "  for (let end = buffer.indexOf('\\n'); end !== -1; end = buffer.indexOf('\\n')) {",
        "    const { id, method, params } = JSON.parse(buffer.slice(0, end));",
        "    buffer = buffer.slice(end + 1);",
        "    if (method === 'initialize') write({ jsonrpc: '2.0', id, result: { protocolVersion: params.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'big', version: '1' } } });",
        "    else if (method === 'ping') write({ jsonrpc: '2.0', id, result: {} });",
        "    else if (method === 'tools/list') {",
        "      listed++;",
        // The megabyte is in the inputSchema: the report on stderr shows the description alone.
        `      const tool = { name: 't' + listed, description: 'Tool ' + listed + '.', inputSchema: { type: 'object', default: String(listed % 10).repeat(1024 * 1024) } };`,
        "      write({ jsonrpc: '2.0', id, result: { tools: [pinned, tool] } });",
        `      if (listed < ${listings}) setTimeout(() => write({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }), 5);`,
        "      else process.stderr.write('done ' + listed + '\\n');",
        "    }",
        "  }",
        "});",
        "",
      ].join("\n"),
    );
    const run = await proxy(pinnedProject([ECHO]), [process.execPath, server]);
    send(run.child, INIT);
    send(run.child, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    await until(() => run.stderr().includes(`done ${listings}`), 120_000);
    // The last listing is checked once a ping sent after it is answered.
    send(run.child, { jsonrpc: "2.0", id: 2, method: "ping" });
    await until(() => messages(run.stdout()).some((m) => m.id === 2));
    expect(messages(run.stdout()).filter((m) => m.method === "notifications/tools/list_changed").length).toBeGreaterThan(0);
    expect(peakRssMB(run.child.pid!)).toBeLessThan(250);
    // The call of a tool the newest listing left out still gets the answer it got before.
    send(run.child, { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "t1", arguments: {} } });
    await until(() => messages(run.stdout()).some((m) => m.id === 3));
    expect(messages(run.stdout()).find((m) => m.id === 3)?.error?.code).toBe(-31001);
    run.child.stdin!.end();
    expect((await exited(run.child)).code).toBe(0);
  }, 180_000);
});

describe("a --log file that cannot be written", () => {
  // Before, the first drift's log line threw ENOSPC out of the proxy: a stack trace, and the host's tools/list never answered.
  it.skipIf(!existsSync("/dev/full"))("says so once on stderr, naming the file and the reason, and goes on checking and serving", async () => {
    const run = await proxy(pinnedProject([ECHO]), pinServer("drift"), ["--log", "/dev/full"]);
    send(run.child, INIT);
    send(run.child, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    send(run.child, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: { text: "x" } } });
    send(run.child, { jsonrpc: "2.0", id: 3, method: "ping" });
    await until(() => messages(run.stdout()).some((m) => m.id === 3));
    const byId = new Map(messages(run.stdout()).map((m) => [m.id, m]));
    // The drifted echo and the unpinned add are withheld, and the call of echo refused, as without --log.
    expect(byId.get(1)?.result).toEqual({ tools: [] });
    expect(byId.get(2)?.error?.code).toBe(-31001);
    expect(byId.get(3)?.result).toEqual({});
    const stderr = run.stderr();
    expect(stderr.match(/cannot write to the --log file/g)).toHaveLength(1);
    expect(stderr).toContain('cannot write to the --log file "/dev/full" (ENOSPC: no space left on device, write)');
    // Every report is still on stderr, and no stack trace is.
    expect(stderr).toContain('withheld the tool "echo"');
    expect(stderr).toContain('refused a tools/call of "echo"');
    expect(stderr).not.toMatch(/\n\s+at /);
    run.child.stdin!.end();
    expect((await exited(run.child)).code).toBe(0);
  });
});

/** Peak resident set size of a live process, in MB, from /proc (Linux). */
function peakRssMB(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}
