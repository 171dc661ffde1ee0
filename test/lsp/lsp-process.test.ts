// `mcp-gen lsp` as an editor starts it: a process of its own, the protocol on its stdin and stdout,
// nothing else on stdout. The CLI is compiled into a package folder of this test's own, as
// live-process-tree.test.ts does (other tests compile the repository's dist/ while this one runs).
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    for (const frame of ['Content-Length: 100\r\n\r\n{"jsonrpc":', "Content-Length: 99999999999\r\n\r\n{}"]) {
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
      expect(stderr).toBe("");
    }
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
