// A wrapped server started the way its host starts it: `mcp-gen import --client-config` pins a real
// server (test/fixtures/live/drifting-server.mjs) from a VS Code .vscode/mcp.json, `mcp-gen wrap`
// rewrites the entry, and the SDK client runs the entry's command, args and env exactly as written
// (with ${workspaceFolder} filled in, as VS Code does) from another folder: the proxy starts, lists
// the pinned tools, withholds echo once the server changes it, and refuses a call of it before it
// reaches the server. The entry runs bin/mcp-gen.js, so this needs `npm run build` (npm ci runs it).
// test/cli/wrap.test.ts checks the rewritten command lines on every host's format without starting anything.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { parse as parseJsonc } from "jsonc-parser";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, writeFiles } from "../support/temp-project.js";

const SERVER = join(REPO_ROOT, "test/fixtures/live/drifting-server.mjs");

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

interface Through {
  readonly tools: string[];
  /** The error a call of echo got, if any, and how often the server saw echo called. */
  readonly echoError: { code: number; message: string } | undefined;
  readonly echoCalls: number;
}

/** Lists the tools and calls echo through the entry's command line, started from the temp folder as a host would. */
async function listThrough(entry: { command: string; args: string[]; env?: Record<string, string> }, workspace: string): Promise<Through> {
  const fill = (text: string) => text.replaceAll("${workspaceFolder}", workspace);
  const transport = new StdioClientTransport({ command: fill(entry.command), args: entry.args.map(fill), env: { ...entry.env }, cwd: tmpdir(), stderr: "ignore" });
  const client = new Client({ name: "host", version: "1.0.0" });
  await client.connect(transport);
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const echoError = await client.callTool({ name: "echo", arguments: { text: "hi" } }).then(
      () => undefined,
      (error: { code: number; message: string }) => ({ code: error.code, message: error.message }),
    );
    const calls = (await client.callTool({ name: "calls", arguments: {} })).structuredContent as { echo: number };
    return { tools, echoError, echoCalls: calls.echo };
  } finally {
    await client.close();
  }
}

describe("a server wrapped by mcp-gen wrap, started as its host starts it", () => {
  it("runs through mcp-gen proxy, pinned to the lock import wrote: the tools match, and a changed tool is withheld", async () => {
    const root = mkdtempSync(join(tmpdir(), "mcp-gen-wrap-e2e-"));
    roots.push(root);
    const config = (server: string[]) => `{\n  "servers": {\n    "drifting": { "type": "stdio", "command": ${JSON.stringify(process.execPath)}, "args": ${JSON.stringify(server)} }\n  }\n}\n`;
    writeFiles(root, { ".vscode/mcp.json": config([SERVER]) });
    expect((await runInProcess(root, ["import", "--client-config", ".vscode/mcp.json"])).code).toBe(0);
    expect((await runInProcess(root, ["wrap", "--client-config", ".vscode/mcp.json"])).code).toBe(0);
    const entry = (parseJsonc(readFileSync(join(root, ".vscode/mcp.json"), "utf8")) as { servers: { drifting: { command: string; args: string[] } } }).servers.drifting;
    expect(await listThrough(entry, root)).toEqual({ tools: ["calls", "drift", "echo"], echoError: undefined, echoCalls: 1 });
    // The server behind the same wrapped entry now lists a changed echo: withheld, and its call refused
    // with the proxy's code before it reaches the server, without repeating the changed text.
    const drifted = await listThrough({ ...entry, args: [...entry.args, "--drifted"] }, root);
    expect(drifted.tools).toEqual(["calls", "drift"]);
    expect(drifted.echoError?.code).toBe(-31001);
    expect(drifted.echoError?.message).toContain("echo");
    expect(drifted.echoError?.message).not.toContain("id_rsa");
    expect(drifted.echoCalls).toBe(0);
  });
});
