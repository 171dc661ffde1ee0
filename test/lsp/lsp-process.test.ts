// `mcp-gen lsp` as an editor starts it: a process of its own, the protocol on its stdin and stdout,
// nothing else on stdout. The CLI is compiled into a package folder of this test's own, as
// live-process-tree.test.ts does (other tests compile the repository's dist/ while this one runs).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CONTENT_BYTES } from "../../src/lsp/message-frames.js";
import { LspClient } from "../support/lsp-client.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject } from "../support/temp-project.js";
import { findServer, NODE_FILES } from "../../packages/vscode/src/find-server.js";
import { serverCommand } from "../../packages/vscode/src/server-command.js";

const work = mkdtempSync(join(tmpdir(), "mcp-gen-lsp-"));
const PACKAGE = join(work, "package");
const RUNNER = join(work, "run.mjs");
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(() => {
  mkdirSync(join(PACKAGE, "packages", "runtime"), { recursive: true });
  for (const name of ["templates", "schemas", "node_modules", "package.json"]) symlinkSync(join(REPO_ROOT, name), join(PACKAGE, name));
  symlinkSync(join(REPO_ROOT, "packages", "runtime", "src"), join(PACKAGE, "packages", "runtime", "src"));
  execFileSync(join(REPO_ROOT, "node_modules/.bin/tsc"), ["-p", join(REPO_ROOT, "tsconfig.build.json"), "--outDir", join(PACKAGE, "dist")], { stdio: "pipe" });
  // What bin/mcp-gen.js does: the exit code is set, and the process ends when nothing holds it.
  writeFileSync(RUNNER, `import { runCli } from ${JSON.stringify(join(PACKAGE, "dist/cli/main.js"))};\nprocess.exitCode = await runCli(process.argv.slice(2));\n`);
}, 180_000);

function frame(message: object): Buffer {
  const content = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }));
  return Buffer.concat([Buffer.from(`Content-Length: ${content.length}\r\n\r\n`), content]);
}

/** `mcp-gen lsp` written to byte by byte; its answers read as text. */
function rawProcess(root: string) {
  const child = spawn(process.execPath, [RUNNER, "lsp", "--stdio"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => void (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? String(signal))));
  // Without a bound, a server that stopped answering would hang the test instead of failing it.
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  void exited.then(() => clearTimeout(timer));
  return {
    exited,
    stderr: () => stderr,
    /** Resolves once the pipe takes `bytes` (at once, or when it drains). */
    write: (bytes: string | Buffer) => new Promise<void>((resolve) => (child.stdin.write(bytes) ? resolve() : child.stdin.once("drain", () => resolve()))),
    /** The text of the answer to request `id` (with what came before it), once it comes. */
    answer: (id: number) =>
      new Promise<string>((resolve, reject) => {
        const look = () => {
          const at = stdout.indexOf(`"id":${id},`);
          if (at !== -1) resolve(stdout.slice(at));
        };
        child.stdout.on("data", look);
        void exited.then(() => reject(new Error(`mcp-gen lsp ended before answering ${id}; stderr:\n${stderr}`)));
        look();
      }),
    /** The process's peak resident memory so far (Linux), in bytes. */
    peakBytes: () => Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1]) * 1024,
  };
}

describe("mcp-gen lsp over stdio", () => {
  it("publishes validate's findings as the buffer changes, and exits 0 after shutdown", async () => {
    const root = tempProject({ "tools/a.yaml": "name: get weather\ndescription: Gets the weather.\ninputSchema: {type: object, additionalProperties: false}\n" });
    const client = LspClient.overProcess(RUNNER, root);
    const initialized = await client.initialize();
    expect(initialized.serverInfo?.name).toBe("mcp-gen");
    await client.open("tools/a.yaml");
    expect((await client.current("tools/a.yaml")).map((d) => d.code)).toContain("tool-name-syntax");
    await client.change("tools/a.yaml", "name: get_weather\ndescription: Gets the weather.\ninputSchema: {type: object, additionalProperties: false}\n");
    expect(await client.current("tools/a.yaml")).toEqual([]);
    expect(await client.shutdown()).toBe(0);
  });

  it("starts from the command line the VS Code extension builds for a project that installed it", async () => {
    const main = join(PACKAGE, "dist/cli/main.js");
    const root = tempProject({
      "node_modules/mcp-gen/package.json": JSON.stringify({ name: "mcp-gen", version: "0.1.0", bin: { "mcp-gen": "bin/mcp-gen.js" } }),
      "node_modules/mcp-gen/bin/mcp-gen.js": `import { runCli } from ${JSON.stringify(main)};\nprocess.exitCode = await runCli(process.argv.slice(2));\n`,
      "tools/a.json": JSON.stringify({ name: "a", inputSchema: { type: "object", additionalProperties: false } }),
    });
    const server = findServer(root, "", NODE_FILES);
    if (server.kind !== "found") throw new Error(server.message);
    const command = serverCommand(server, root, process.execPath);
    const client = LspClient.overCommand(command.command, command.args, command.cwd, root);
    await client.initialize();
    await client.open("tools/a.json");
    expect((await client.current("tools/a.json")).map((d) => d.code)).toEqual(["description-missing"]);
    expect(await client.shutdown()).toBe(0);
  });

  it("exits 1 when the editor goes away without a shutdown", async () => {
    const root = tempProject({ "tools/a.yaml": "name: a\n" });
    const client = LspClient.overProcess(RUNNER, root);
    await client.initialize();
    expect(await client.hangUpNow()).toBe(1);
  });

  it("exits 1 when the editor goes away in the middle of a message, or after announcing a huge one", async () => {
    const root = tempProject({ "tools/a.yaml": "name: a\n" });
    const frames = {
      'Content-Length: 100\r\n\r\n{"jsonrpc":': "",
      "Content-Length: 99999999999\r\n\r\n{}": `mcp-gen lsp: Content-Length 99999999999 is over the limit of ${MAX_CONTENT_BYTES} bytes; its content is skipped\n`,
    };
    for (const [frame, said] of Object.entries(frames)) {
      const child = spawn(process.execPath, [RUNNER, "lsp", "--stdio"], { cwd: root, stdio: ["pipe", "ignore", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString("utf8")));
      const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? String(signal))));
      child.stdin.write(frame);
      await new Promise((resolve) => setTimeout(resolve, 200));
      child.stdin.end();
      // Without a bound, a server that lingers would hang the test instead of failing it.
      const timer = setTimeout(() => child.kill("SIGKILL"), 8_000);
      expect(await exited, frame).toBe(1);
      clearTimeout(timer);
      expect(stderr).toBe(said);
    }
  });

  it("drops a header block it cannot read with one line on stderr, and answers the message after it", async () => {
    const root = tempProject({ "tools/a.yaml": "name: a\n" });
    const child = rawProcess(root);
    // The bad block and the next message in one write, as a pipe may deliver them.
    child.write(Buffer.concat([Buffer.from("Content-Type: x\r\n\r\n"), frame({ id: 1, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } })]));
    expect(await child.answer(1)).toContain('"name":"mcp-gen"');
    child.write(Buffer.concat([Buffer.from("Content-Length: -5\r\n\r\n"), frame({ id: 2, method: "shutdown" })]));
    expect(await child.answer(2)).toContain('"result":null');
    child.write(frame({ method: "exit" }));
    expect(await child.exited).toBe(0);
    expect(child.stderr()).toBe('mcp-gen lsp: a header block without Content-Length ("Content-Type: x"); dropped\nmcp-gen lsp: Content-Length "-5" is not a number of bytes; header block dropped\n');
  });

  it.runIf(existsSync("/proc/self/status"))("skips content over the limit without holding it: its peak memory does not grow with the length announced", async () => {
    const root = tempProject({ "tools/a.yaml": "name: a\n" });
    const child = rawProcess(root);
    child.write(frame({ id: 1, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } }));
    await child.answer(1);
    const before = child.peakBytes();
    const announced = 256 * 1024 * 1024;
    child.write(`Content-Length: ${announced}\r\n\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    for (let sent = 0; sent < announced; sent += chunk.length) await child.write(chunk);
    child.write(frame({ id: 2, method: "shutdown" }));
    await child.answer(2);
    // Kept, the content would add its length at least (it adds three times that: chunks, copy, text).
    expect(child.peakBytes() - before).toBeLessThan(announced / 2);
    child.write(frame({ method: "exit" }));
    expect(await child.exited).toBe(0);
    expect(child.stderr()).toBe(`mcp-gen lsp: Content-Length ${announced} is over the limit of ${MAX_CONTENT_BYTES} bytes; its content is skipped\n`);
  });

  it("prints its help, and refuses an option it does not know with exit 2", async () => {
    const root = tempProject({});
    const help = await runInProcess(root, ["lsp", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mcp-gen lsp \[--stdio\]\n/);
    const wrong = await runInProcess(root, ["lsp", "--stdoi"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("unknown option --stdoi; did you mean --stdio?");
  });
});
