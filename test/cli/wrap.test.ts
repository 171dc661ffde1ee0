// `mcp-gen wrap` and `mcp-gen unwrap` on each host's config format, in temp folders: every stdio
// server starts through `mcp-gen proxy --cwd <its folder> -- <its command>`, an HTTP one through
// `proxy --url`, read back with each format's own parser and with the argument parser the proxy's
// command line follows; comments, key order and other settings survive; wrap twice changes nothing;
// unwrap gives the file back byte for byte (or keeps later edits to other servers); a server without
// a lock is refused and nothing is written. The locks here are written directly (the same files
// `import --client-config` writes); test/e2e/wrap-proxy.e2e.test.ts starts a wrapped server for real.
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { parseArgs } from "node:util";
import { parse as parseJsonc } from "jsonc-parser";
import { getStaticTOMLValue, parseTOML } from "toml-eslint-parser";
import { describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "../../src/cli/package-files.js";
import { hashTool } from "../../src/lock/hash-tool.js";
import { renderLock } from "../../src/lock/render-lock.js";
import type { JsonObject } from "../../src/model/json.js";
import { LOCK_GENERATOR_NAME, LOCKFILE_VERSION } from "../../src/model/lock.js";
import { SPEC_REVISION } from "../../src/model/spec.js";
import { MCP_GEN_VERSION } from "../../src/model/version.js";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";

const BIN = join(PACKAGE_ROOT, "bin", "mcp-gen.js");

/** The lock `import` writes for a server with one tool, in its folder under mcp-servers/. */
function lockFor(tool: JsonObject = { name: "echo", description: "Echoes.", inputSchema: { type: "object" } }): string {
  const hash = hashTool(tool);
  return renderLock({
    lockfileVersion: LOCKFILE_VERSION,
    generator: { name: LOCK_GENERATOR_NAME, version: MCP_GEN_VERSION },
    specRevision: SPEC_REVISION,
    tools: { [tool.name as string]: { file: `tools/${tool.name as string}.yaml`, sha256: hash.sha256, parts: hash.parts, descriptor: tool } },
    inputs: {},
    files: {},
    packageJson: {},
  });
}

/** The proxy's command line (after node and mcp-gen's script), parsed as `mcp-gen proxy` declares its options. */
function proxyLine(command: unknown, args: unknown): { cwd: string; url?: string; header?: string[]; server: string[] } {
  expect(command).toBe(process.execPath);
  const list = args as string[];
  expect(list[0]).toBe(BIN);
  expect(list[1]).toBe("proxy");
  const { values, positionals } = parseArgs({
    args: list.slice(2),
    options: { cwd: { type: "string" }, "on-drift": { type: "string" }, log: { type: "string" }, url: { type: "string" }, header: { type: "string", multiple: true } },
    allowPositionals: true,
    strict: true,
  });
  return { cwd: values.cwd!, ...(values.url ? { url: values.url } : {}), ...(values.header ? { header: values.header } : {}), server: positionals };
}

const read = (root: string, path: string) => readFileSync(join(root, path), "utf8");

describe("mcp-gen wrap and unwrap", () => {
  it("VS Code (.vscode/mcp.json): JSON with comments, paths in the workspace as ${workspaceFolder}, an HTTP server as proxy --url", async () => {
    const original = `{
  // Servers this workspace uses.
  "inputs": [{ "type": "promptString", "id": "token", "password": true }],
  "servers": {
    "memory": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "env": { "DIR": "\${workspaceFolder}/data" } }, // kept
    "remote": {
      "type": "http",
      "url": "https://mcp.example.com/mcp",
      "headers": { "Authorization": "Bearer \${env:TOKEN}" },
      "dev": { "watch": "src/**" },
    },
  },
}
`;
    const root = tempProject({ ".vscode/mcp.json": original, "mcp-servers/memory/mcp-tools.lock.json": lockFor(), "mcp-servers/remote/mcp-tools.lock.json": lockFor() });
    const run = await runInProcess(root, ["wrap", "--client-config", ".vscode/mcp.json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Wrapped 2 servers of .vscode/mcp.json (VS Code): "memory", "remote" now start through mcp-gen proxy');
    expect(run.stdout).toContain("VS Code asks you to trust each changed server again");
    const text = read(root, ".vscode/mcp.json");
    expect(text).toContain("// Servers this workspace uses.");
    expect(text).toContain("}, // kept");
    const value = parseJsonc(text) as { inputs: unknown; servers: Record<string, Record<string, unknown>> };
    expect(Object.keys(value.servers)).toEqual(["memory", "remote"]);
    expect(value.inputs).toEqual([{ type: "promptString", id: "token", password: true }]);
    const memory = value.servers["memory"]!;
    expect(Object.keys(memory)).toEqual(["type", "command", "args", "env"]);
    expect(memory["env"]).toEqual({ DIR: "${workspaceFolder}/data" });
    expect(proxyLine(memory["command"], memory["args"])).toEqual({ cwd: "${workspaceFolder}/mcp-servers/memory", server: ["npx", "-y", "@modelcontextprotocol/server-memory"] });
    const remote = value.servers["remote"]!;
    expect(remote).toMatchObject({ type: "stdio", dev: { watch: "src/**" } });
    expect(Object.keys(remote)).not.toContain("url");
    expect(Object.keys(remote)).not.toContain("headers");
    expect(proxyLine(remote["command"], remote["args"])).toEqual({
      cwd: "${workspaceFolder}/mcp-servers/remote",
      url: "https://mcp.example.com/mcp",
      header: ["Authorization: Bearer ${env:TOKEN}"],
      server: [],
    });

    const again = await runInProcess(root, ["wrap", "--client-config", ".vscode/mcp.json"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('"memory" is left as it is: it already starts through mcp-gen proxy.');
    expect(again.stdout).toContain("Nothing to wrap in");
    expect(read(root, ".vscode/mcp.json")).toBe(text);

    const unwrap = await runInProcess(root, ["unwrap", "--client-config", ".vscode/mcp.json"]);
    expect(unwrap).toEqual({ code: 0, stdout: 'Put back 2 servers of .vscode/mcp.json: "memory", "remote".\n', stderr: "" });
    expect(read(root, ".vscode/mcp.json")).toBe(original);
    expect(existsSync(join(root, ".vscode/mcp.json.mcp-gen-wrap.json"))).toBe(false);
    expect((await runInProcess(root, ["unwrap", "--client-config", ".vscode/mcp.json"])).stdout).toMatch(/^Nothing to unwrap/);
  });

  it.each([
    [
      "Claude Desktop",
      "claude_desktop_config.json",
      { mcpServers: { files: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], env: { A: "1" } } }, globalShortcut: "" },
    ],
    ["Claude Code", ".mcp.json", { mcpServers: { files: { type: "stdio", command: "uvx", args: ["mcp-server-fetch"] }, web: { type: "http", url: "https://mcp.example.com/mcp" } } }],
    [
      "Cursor",
      ".cursor/mcp.json",
      { mcpServers: { files: { command: "node", args: ["${workspaceFolder}/server.js"] }, web: { url: "https://mcp.example.com/mcp", headers: { "X-Key": "${env:KEY}" } } } },
    ],
    ["Windsurf", "mcp_config.json", { mcpServers: { files: { command: "npx", args: [], disabled: false }, web: { serverUrl: "https://mcp.example.com/mcp" } } }],
  ] as const)("%s (%s): absolute paths (or the host's variable), env and other keys kept, back byte for byte", async (host, file, config) => {
    const original = `${JSON.stringify(config, null, "\t")}\n`;
    const servers = Object.keys(config.mcpServers);
    const root = tempProject({ [file]: original, ...Object.fromEntries(servers.map((name) => [`mcp-servers/${name}/mcp-tools.lock.json`, lockFor()])) });
    const run = await runInProcess(root, ["wrap", "--client-config", file]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain(`(${host})`);
    const text = read(root, file);
    // Tabs stay tabs.
    expect(text).toMatch(/^\{\n\t"mcpServers": \{\n\t\t"files": \{\n\t\t\t"/);
    const wrapped = JSON.parse(text) as { mcpServers: Record<string, Record<string, unknown>> };
    for (const name of servers) {
      const before = (config.mcpServers as Record<string, Record<string, unknown>>)[name]!;
      const after = wrapped.mcpServers[name]!;
      const line = proxyLine(after["command"], after["args"]);
      expect(line.cwd).toBe(host === "Cursor" ? `\${workspaceFolder}/mcp-servers/${name}` : join(root, "mcp-servers", name));
      if (typeof before["command"] === "string") expect(line.server).toEqual([before["command"], ...(before["args"] as string[])]);
      else expect(line.url).toBe(before["url"] ?? before["serverUrl"]);
      for (const [key, value] of Object.entries(before)) if (!["command", "args", "url", "serverUrl", "headers", "type"].includes(key)) expect(after[key]).toEqual(value);
      if (before["type"] !== undefined) expect(after["type"]).toBe("stdio");
    }
    expect((await runInProcess(root, ["unwrap", "--client-config", file])).code).toBe(0);
    expect(read(root, file)).toBe(original);
  });

  it("Codex (config.toml): [mcp_servers.NAME] tables edited in place, comments and other settings kept, back byte for byte", async () => {
    const original = `# Codex settings
model = "o3"

[mcp_servers.github]
command = "npx" # the shim
args = [
  "-y",
  "@modelcontextprotocol/server-github",
]
startup_timeout_sec = 20

[mcp_servers.github.env]
GITHUB_TOKEN = "ghp_example"

[mcp_servers.docs]
# a remote server
url = "https://mcp.example.com/mcp"
http_headers = { "X-Key" = "k" }
tool_timeout_sec = 30

[mcp_servers.time]
command = 'uvx'

[profiles.fast]
model = "o4-mini"
`;
    const root = tempProject({
      ".codex/config.toml": original,
      "mcp-servers/github/mcp-tools.lock.json": lockFor(),
      "mcp-servers/docs/mcp-tools.lock.json": lockFor(),
      "mcp-servers/time/mcp-tools.lock.json": lockFor(),
    });
    const run = await runInProcess(root, ["wrap", "--client-config", ".codex/config.toml"]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("Codex counts the proxy's start in each server's startup timeout");
    const text = read(root, ".codex/config.toml");
    for (const kept of [
      "# Codex settings",
      "# a remote server",
      "startup_timeout_sec = 20",
      '[mcp_servers.github.env]\nGITHUB_TOKEN = "ghp_example"',
      "tool_timeout_sec = 30",
      '[profiles.fast]\nmodel = "o4-mini"',
    ])
      expect(text).toContain(kept);
    const value = getStaticTOMLValue(parseTOML(text)) as { model: string; mcp_servers: Record<string, Record<string, unknown>> };
    expect(value.model).toBe("o3");
    const { github, docs, time } = value.mcp_servers as Record<string, Record<string, unknown>>;
    expect(proxyLine(github!["command"], github!["args"])).toEqual({ cwd: join(root, "mcp-servers/github"), server: ["npx", "-y", "@modelcontextprotocol/server-github"] });
    expect(github!["env"]).toEqual({ GITHUB_TOKEN: "ghp_example" });
    expect(proxyLine(docs!["command"], docs!["args"])).toEqual({ cwd: join(root, "mcp-servers/docs"), url: "https://mcp.example.com/mcp", header: ["X-Key: k"], server: [] });
    expect(Object.keys(docs!).sort()).toEqual(["args", "command", "tool_timeout_sec"]);
    expect(proxyLine(time!["command"], time!["args"])).toEqual({ cwd: join(root, "mcp-servers/time"), server: ["uvx"] });
    expect((await runInProcess(root, ["wrap", "--client-config", ".codex/config.toml"])).stdout).toContain("Nothing to wrap");
    expect(read(root, ".codex/config.toml")).toBe(text);
    expect((await runInProcess(root, ["unwrap", "--client-config", ".codex/config.toml"])).code).toBe(0);
    expect(read(root, ".codex/config.toml")).toBe(original);
  });

  it("Codex (config.toml) with CRLF line ends: every line wrap writes or leaves ends in CRLF, a comment after the URL stays", async () => {
    // A removed line goes with its own line end (not the one before it), and added lines use the file's.
    const original = [
      "[mcp_servers.remote]",
      'url = "https://mcp.example.com/mcp"',
      'http_headers = { Authorization = "Bearer abc" }',
      "",
      "[mcp_servers.prod]",
      'url = "https://prod.example.com/mcp" # prod',
      'http_headers = { "X-Key" = "k" }',
      "",
      "[mcp_servers.time]",
      "command = 'uvx' # the shim",
      "",
    ].join("\r\n");
    const root = tempProject({
      ".codex/config.toml": original,
      ...Object.fromEntries(["remote", "prod", "time"].map((name) => [`mcp-servers/${name}/mcp-tools.lock.json`, lockFor()])),
    });
    const run = await runInProcess(root, ["wrap", "--client-config", ".codex/config.toml"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const text = read(root, ".codex/config.toml");
    const command = JSON.stringify(process.execPath);
    const proxy = (name: string, ...rest: string[]) => JSON.stringify([BIN, "proxy", "--cwd", join(root, "mcp-servers", name), ...rest]).replace(/","/g, '", "');
    expect(text).toBe(
      [
        "[mcp_servers.remote]",
        `command = ${command}`,
        `args = ${proxy("remote", "--url", "https://mcp.example.com/mcp", "--header", "Authorization: Bearer abc")}`,
        "",
        "[mcp_servers.prod]",
        " # prod",
        `command = ${command}`,
        `args = ${proxy("prod", "--url", "https://prod.example.com/mcp", "--header", "X-Key: k")}`,
        "",
        "[mcp_servers.time]",
        `command = ${command} # the shim`,
        `args = ${proxy("time", "--", "uvx")}`,
        "",
      ].join("\r\n"),
    );
    expect((await runInProcess(root, ["unwrap", "--client-config", ".codex/config.toml"])).code).toBe(0);
    expect(read(root, ".codex/config.toml")).toBe(original);
  });

  it("Codex (config.toml): headers written as a [mcp_servers.NAME.http_headers] table or as dotted keys become --header, and their lines go", async () => {
    const original = `[mcp_servers.remote]
url = "https://mcp.example.com/mcp"
tool_timeout_sec = 30

[mcp_servers.remote.http_headers]
Authorization = "Bearer abc"
"X-Team" = "core"

[mcp_servers.dotted]
url = "https://dotted.example.com/mcp"
http_headers.X-Key = "k"

[profiles.fast]
model = "o4-mini"
`;
    const root = tempProject({ ".codex/config.toml": original, "mcp-servers/remote/mcp-tools.lock.json": lockFor(), "mcp-servers/dotted/mcp-tools.lock.json": lockFor() });
    const run = await runInProcess(root, ["wrap", "--client-config", ".codex/config.toml"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const text = read(root, ".codex/config.toml");
    expect(text).not.toContain("http_headers");
    expect(text).toContain("tool_timeout_sec = 30\n\n[mcp_servers.dotted]\ncommand = ");
    expect(text).toContain('[profiles.fast]\nmodel = "o4-mini"\n');
    const { remote, dotted } = (getStaticTOMLValue(parseTOML(text)) as { mcp_servers: Record<string, Record<string, unknown>> }).mcp_servers;
    expect(Object.keys(remote!).sort()).toEqual(["args", "command", "tool_timeout_sec"]);
    expect(proxyLine(remote!["command"], remote!["args"])).toEqual({
      cwd: join(root, "mcp-servers/remote"),
      url: "https://mcp.example.com/mcp",
      header: ["Authorization: Bearer abc", "X-Team: core"],
      server: [],
    });
    expect(proxyLine(dotted!["command"], dotted!["args"])).toEqual({ cwd: join(root, "mcp-servers/dotted"), url: "https://dotted.example.com/mcp", header: ["X-Key: k"], server: [] });
    expect((await runInProcess(root, ["unwrap", "--client-config", ".codex/config.toml"])).code).toBe(0);
    expect(read(root, ".codex/config.toml")).toBe(original);
  });

  it("refuses a server that has no lock yet, names the import to run, and writes nothing", async () => {
    const original = JSON.stringify({ mcpServers: { pinned: { command: "a" }, fresh: { command: "b" }, off: { command: "c", disabled: true } } });
    const root = tempProject({ ".mcp.json": original, "mcp-servers/pinned/mcp-tools.lock.json": lockFor() });
    const run = await runInProcess(root, ["wrap", "--client-config", ".mcp.json"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      'mcp-gen wrap: nothing was written; 1 server cannot be wrapped:\n  "fresh": it has no lock yet (mcp-servers/fresh/mcp-tools.lock.json); run `mcp-gen import --client-config .mcp.json --server fresh` first.\n',
    );
    expect(read(root, ".mcp.json")).toBe(original);
    expect(existsSync(join(root, ".mcp.json.mcp-gen-wrap.json"))).toBe(false);
    // --server wraps the one that is pinned; the disabled one is never a reason to refuse.
    const one = await runInProcess(root, ["wrap", "--client-config", ".mcp.json", "--server", "pinned", "--server", "off"]);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('"off" is left as it is: it is turned off in the config.');
    expect(JSON.parse(read(root, ".mcp.json")).mcpServers.fresh).toEqual({ command: "b" });
  });

  it("a reason that quotes the config (a variable an entry passes on) is one line, its line breaks and escapes shown as <U+...>", async () => {
    const original = '[mcp_servers.fresh]\ncommand = "b"\nenv_vars = ["A\\n::error file=README.md::pwned\\u001b[2J"]\n';
    const root = tempProject({ ".codex/config.toml": original });
    const run = await runInProcess(root, ["wrap", "--client-config", ".codex/config.toml"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'mcp-gen wrap: nothing was written; 1 server cannot be wrapped:\n  "fresh": it has no lock yet (mcp-servers/fresh/mcp-tools.lock.json); run `mcp-gen import --client-config .codex/config.toml --server fresh` first. (mcp-gen cannot reach it from here: its "env_vars" passes on A<U+000A>::error file=README.md::pwned<U+001B>[2J, which is not set)\n',
    );
    expect(read(root, ".codex/config.toml")).toBe(original);
  });

  it.each([
    ["an SSE server", ".mcp.json", JSON.stringify({ mcpServers: { old: { type: "sse", url: "https://x.example/sse" } } }), "it is an SSE server"],
    [
      "a Codex server that takes a bearer token from the environment",
      "config.toml",
      '[mcp_servers.old]\nurl = "https://x.example/mcp"\nbearer_token_env_var = "TOKEN"\n',
      'it takes credentials from "bearer_token_env_var"',
    ],
    ["a Codex server written as an inline table", "config.toml", '[mcp_servers]\nold = { command = "npx", args = ["x"] }\n', "write this one that way first"],
    [
      "a Codex server whose headers table is apart from it",
      "config.toml",
      '[mcp_servers.old]\nurl = "https://x.example/mcp"\n\n[profiles.fast]\nmodel = "m"\n\n[mcp_servers.old.http_headers]\nK = "v"\n',
      "its tables are apart ([profiles.fast] is between them); put [mcp_servers.old] and its sub-tables together first.",
    ],
    ["a lock that cannot be read", ".mcp.json", JSON.stringify({ mcpServers: { old: { command: "x" } } }), "cannot be read"],
  ])("refuses %s with the reason", async (_, file, original, reason) => {
    const lock = reason === "cannot be read" ? "{ not json" : lockFor();
    const root = tempProject({ [file]: original, "mcp-servers/old/mcp-tools.lock.json": lock });
    const run = await runInProcess(root, ["wrap", "--client-config", file], { TOKEN: "t" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(reason);
    expect(read(root, file)).toBe(original);
  });

  it("a file with both servers and mcpServers: wrap, verify and import use the object the host reads, and refuse to guess for a file that names no host", async () => {
    // Written for VS Code and Cursor at once; Cursor runs mcpServers' "pin" and never servers'.
    const both = `{
  "servers": { "pin": { "command": "good" }, "vs": { "command": "a" } },
  "mcpServers": { "pin": { "command": "drift" }, "cur": { "command": "b" } }
}
`;
    const root = tempProject({ ".cursor/mcp.json": both, "both.json": both, "mcp-servers/pin/mcp-tools.lock.json": lockFor(), "mcp-servers/cur/mcp-tools.lock.json": lockFor() });
    const run = await runInProcess(root, ["wrap", "--client-config", ".cursor/mcp.json"]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain('Wrapped 2 servers of .cursor/mcp.json (Cursor): "pin", "cur" now start');
    const value = parseJsonc(read(root, ".cursor/mcp.json")) as Record<string, Record<string, Record<string, unknown>>>;
    expect(proxyLine(value["mcpServers"]!["pin"]!["command"], value["mcpServers"]!["pin"]!["args"]).server).toEqual(["drift"]);
    expect(value["servers"]).toEqual({ pin: { command: "good" }, vs: { command: "a" } });
    expect((await runInProcess(root, ["unwrap", "--client-config", ".cursor/mcp.json"])).code).toBe(0);
    expect(read(root, ".cursor/mcp.json")).toBe(both);

    // verify (and import, which reads the file the same way) names Cursor's servers, not VS Code's.
    const verify = await runInProcess(root, ["verify", "--client-config", ".cursor/mcp.json", "--server", "cur"]);
    expect(verify.stdout).toMatch(/^"cur" \(mcp-servers\/cur\):\n/);
    expect((await runInProcess(root, ["verify", "--client-config", ".cursor/mcp.json", "--server", "vs"])).stderr).toContain('--server "vs": not in');

    for (const command of ["wrap", "verify", "import"]) {
      const ambiguous = await runInProcess(root, [command, "--client-config", "both.json"]);
      expect(ambiguous.code, command).toBe(2);
      expect(ambiguous.stderr, command).toContain('it lists servers in both "servers" and "mcpServers", and its file name does not say which host reads it');
    }
    expect(read(root, "both.json")).toBe(both);
    expect(existsSync(join(root, "both.json.mcp-gen-wrap.json"))).toBe(false);
  });

  it('goes by the declared "type" as the host and import do: an HTTP entry with a stray command becomes proxy --url; both and no type is refused', async () => {
    const original = `${JSON.stringify({ mcpServers: { svc: { type: "http", url: "https://mcp.example.com/mcp", command: "node", args: ["other.js"] } } }, null, 2)}\n`;
    const root = tempProject({ ".mcp.json": original, "mcp-servers/svc/mcp-tools.lock.json": lockFor() });
    const run = await runInProcess(root, ["wrap", "--client-config", ".mcp.json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const svc = (JSON.parse(read(root, ".mcp.json")) as { mcpServers: Record<string, Record<string, unknown>> }).mcpServers["svc"]!;
    expect(Object.keys(svc)).toEqual(["type", "command", "args"]);
    expect(svc["type"]).toBe("stdio");
    expect(proxyLine(svc["command"], svc["args"])).toEqual({ cwd: join(root, "mcp-servers/svc"), url: "https://mcp.example.com/mcp", server: [] });
    expect((await runInProcess(root, ["unwrap", "--client-config", ".mcp.json"])).code).toBe(0);
    expect(read(root, ".mcp.json")).toBe(original);

    const both = JSON.stringify({ mcpServers: { svc: { url: "https://mcp.example.com/mcp", command: "node" } } });
    writeFiles(root, { ".mcp.json": both });
    const refused = await runInProcess(root, ["wrap", "--client-config", ".mcp.json"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('"svc": it has both a "command" and a "url"; say which server it is with "type": "stdio" or "http", or remove the other.');
    expect(read(root, ".mcp.json")).toBe(both);
  });

  it("unwrap keeps edits made since to other servers, and refuses (writing nothing) when a wrapped entry itself was edited", async () => {
    const original = '{\n  "mcpServers": {\n    "a": { "command": "x", "args": ["1"] },\n    "b": { "command": "y" }\n  }\n}\n';
    const root = tempProject({ ".mcp.json": original, "mcp-servers/a/mcp-tools.lock.json": lockFor(), "mcp-servers/b/mcp-tools.lock.json": lockFor() });
    expect((await runInProcess(root, ["wrap", "--client-config", ".mcp.json", "--server", "a"])).code).toBe(0);
    const wrapped = read(root, ".mcp.json");
    // The user changes server b after wrap: unwrap gives a back and keeps b's change.
    writeFiles(root, { ".mcp.json": wrapped.replace('"b": { "command": "y" }', '"b": { "command": "z" }') });
    expect((await runInProcess(root, ["unwrap", "--client-config", ".mcp.json"])).code).toBe(0);
    expect(read(root, ".mcp.json")).toBe(original.replace('"command": "y"', '"command": "z"'));

    writeFiles(root, { ".mcp.json": original });
    expect((await runInProcess(root, ["wrap", "--client-config", ".mcp.json"])).code).toBe(0);
    const edited = read(root, ".mcp.json").replace('"y"]', '"y2"]');
    expect(edited).not.toBe(read(root, ".mcp.json"));
    writeFiles(root, { ".mcp.json": edited });
    const run = await runInProcess(root, ["unwrap", "--client-config", ".mcp.json"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('"b": its entry was changed or removed since wrap.');
    expect(read(root, ".mcp.json")).toBe(edited);
    // The others can still be put back one by one.
    expect((await runInProcess(root, ["unwrap", "--client-config", ".mcp.json", "--server", "a"])).code).toBe(0);
    expect(existsSync(join(root, ".mcp.json.mcp-gen-wrap.json"))).toBe(true);
  });

  it("unwrap puts an entry back when the host re-serialised the whole file and the entry's value is what wrap wrote; refuses when the value changed", async () => {
    const pin = '{ "command": "x", "args": ["1"] }';
    const original = `{\n  "mcpServers": {\n    "pin": ${pin},\n    "other": { "command": "y" }\n  }\n}\n`;
    const root = tempProject({ "claude_desktop_config.json": original, "mcp-servers/pin/mcp-tools.lock.json": lockFor() });
    expect((await runInProcess(root, ["wrap", "--client-config", "claude_desktop_config.json", "--server", "pin"])).code).toBe(0);
    // Claude Desktop saves a setting of its own: JSON.stringify(config, null, 2), wrap's one-line entry now spread over lines.
    const saved = { ...(JSON.parse(read(root, "claude_desktop_config.json")) as Record<string, unknown>), globalShortcut: "Ctrl+Space" };
    const reserialised = JSON.stringify(saved, null, 2);
    const backup = JSON.parse(read(root, "claude_desktop_config.json.mcp-gen-wrap.json")) as { entries: { wrapped: string }[] };
    expect(reserialised).not.toContain(backup.entries[0]!.wrapped);
    writeFiles(root, { "claude_desktop_config.json": reserialised });
    const unwrap = await runInProcess(root, ["unwrap", "--client-config", "claude_desktop_config.json"]);
    expect(unwrap).toEqual({ code: 0, stdout: 'Put back 1 server of claude_desktop_config.json: "pin".\n', stderr: "" });
    // Every byte the host wrote stays; only the entry's text is the original's.
    const expected = JSON.stringify({ mcpServers: { pin: "PIN", other: { command: "y" } }, globalShortcut: "Ctrl+Space" }, null, 2).replace('"PIN"', pin);
    expect(read(root, "claude_desktop_config.json")).toBe(expected);
    expect(existsSync(join(root, "claude_desktop_config.json.mcp-gen-wrap.json"))).toBe(false);

    // Re-serialised and the wrapped entry itself edited: not guessed at.
    writeFiles(root, { "claude_desktop_config.json": original });
    expect((await runInProcess(root, ["wrap", "--client-config", "claude_desktop_config.json", "--server", "pin"])).code).toBe(0);
    const edited = JSON.parse(read(root, "claude_desktop_config.json")) as { mcpServers: Record<string, { args: string[] }> };
    edited.mcpServers["pin"]!.args.push("--verbose");
    writeFiles(root, { "claude_desktop_config.json": JSON.stringify(edited, null, 2) });
    const refused = await runInProcess(root, ["unwrap", "--client-config", "claude_desktop_config.json"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('"pin": its entry was changed or removed since wrap.');
    expect(read(root, "claude_desktop_config.json")).toBe(JSON.stringify(edited, null, 2));
  });

  it("refuses (writing nothing), as unwrap does, a backup it cannot read: it may be the only copy of entries wrapped before", async () => {
    const original = '{\n  "mcpServers": {\n    "a": { "command": "x" },\n    "b": { "command": "y" }\n  }\n}\n';
    const root = tempProject({ ".mcp.json": original, "mcp-servers/a/mcp-tools.lock.json": lockFor(), "mcp-servers/b/mcp-tools.lock.json": lockFor() });
    expect((await runInProcess(root, ["wrap", "--client-config", ".mcp.json", "--server", "a"])).code).toBe(0);
    // A newer mcp-gen's backup, or one edited by hand.
    const backup = read(root, ".mcp.json.mcp-gen-wrap.json").replace('"version": 1', '"version": 2');
    writeFiles(root, { ".mcp.json.mcp-gen-wrap.json": backup });
    const config = read(root, ".mcp.json");
    const unwrap = await runInProcess(root, ["unwrap", "--client-config", ".mcp.json"]);
    const wrap = await runInProcess(root, ["wrap", "--client-config", ".mcp.json", "--server", "b"]);
    expect(wrap.code).toBe(2);
    expect(wrap.code).toBe(unwrap.code);
    expect(wrap.stderr).toContain(
      `${JSON.stringify(join(root, ".mcp.json.mcp-gen-wrap.json"))} is not what mcp-gen wrap writes, and may hold the original text of entries wrapped before; put .mcp.json back by hand`,
    );
    expect(read(root, ".mcp.json")).toBe(config);
    expect(read(root, ".mcp.json.mcp-gen-wrap.json")).toBe(backup);
  });

  it("refuses a server listed twice (which copy a host runs is unclear) with where both are, and writes nothing; import refuses it too", async () => {
    const original = '{"mcpServers": {\n  "pin": { "command": "x" },\n  "pin": { "command": "y" }\n}}\n';
    const root = tempProject({ "claude_desktop_config.json": original, "mcp-servers/pin/mcp-tools.lock.json": lockFor() });
    const message = `--client-config: ${JSON.stringify(join(root, "claude_desktop_config.json"))} is not an MCP client's config: "pin" is written twice in "mcpServers" (line 2, column 3 and line 3, column 3)`;
    const wrap = await runInProcess(root, ["wrap", "--client-config", "claude_desktop_config.json"]);
    expect(wrap.code).toBe(2);
    expect(wrap.stderr).toContain(message);
    expect(read(root, "claude_desktop_config.json")).toBe(original);
    expect(existsSync(join(root, "claude_desktop_config.json.mcp-gen-wrap.json"))).toBe(false);
    const imported = await runInProcess(root, ["import", "--client-config", "claude_desktop_config.json", "--force"]);
    expect(imported.code).toBe(2);
    expect(imported.stderr).toContain(message);
  });

  describe("two wraps of one config at once", () => {
    const original = '{\n  "mcpServers": {\n    "a": { "command": "x" },\n    "b": { "command": "y" }\n  }\n}\n';
    const bothWrapped = (root: string) => {
      const servers = (JSON.parse(read(root, ".mcp.json")) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers;
      expect(proxyLine(servers["a"]!.command, servers["a"]!.args).server).toEqual(["x"]);
      expect(proxyLine(servers["b"]!.command, servers["b"]!.args).server).toEqual(["y"]);
      const backup = JSON.parse(read(root, ".mcp.json.mcp-gen-wrap.json")) as { entries: { name: string }[] };
      expect(backup.entries.map((entry) => entry.name).sort()).toEqual(["a", "b"]);
      expect(existsSync(join(root, ".mcp.json.mcp-gen-wrap.lock"))).toBe(false);
    };

    it("in one process: the second waits for the first, both are wrapped and recorded, and unwrap puts both back", async () => {
      const root = tempProject({ ".mcp.json": original, "mcp-servers/a/mcp-tools.lock.json": lockFor(), "mcp-servers/b/mcp-tools.lock.json": lockFor() });
      const runs = await Promise.all(["a", "b"].map((name) => runInProcess(root, ["wrap", "--client-config", ".mcp.json", "--server", name])));
      expect(runs.map((run) => [run.code, run.stderr])).toEqual([
        [0, ""],
        [0, ""],
      ]);
      bothWrapped(root);
      expect((await runInProcess(root, ["unwrap", "--client-config", ".mcp.json"])).code).toBe(0);
      expect(read(root, ".mcp.json")).toBe(original);
    });

    it("in two processes: both are wrapped and recorded, every time", async () => {
      const root = tempProject({ "mcp-servers/a/mcp-tools.lock.json": lockFor(), "mcp-servers/b/mcp-tools.lock.json": lockFor() });
      const wrap = (name: string) => promisify(execFile)(process.execPath, [BIN, "wrap", "--client-config", ".mcp.json", "--server", name], { cwd: root, timeout: 30_000 });
      for (let round = 0; round < 4; round++) {
        writeFiles(root, { ".mcp.json": original });
        rmSync(join(root, ".mcp.json.mcp-gen-wrap.json"), { force: true });
        await Promise.all([wrap("a"), wrap("b")]);
        bothWrapped(root);
      }
    }, 60_000);
  });

  it("rewrites the file behind a symlink, keeps its permissions, and keeps the backup as private", async () => {
    const original = JSON.stringify({ mcpServers: { a: { command: "x", env: { TOKEN: "secret" } } } }, null, 2);
    const root = tempProject({ "dotfiles/claude_desktop_config.json": original, "mcp-servers/a/mcp-tools.lock.json": lockFor() });
    chmodSync(join(root, "dotfiles/claude_desktop_config.json"), 0o600);
    mkdirSync(join(root, "app"));
    symlinkSync(join(root, "dotfiles/claude_desktop_config.json"), join(root, "app/claude_desktop_config.json"));
    expect((await runInProcess(root, ["wrap", "--client-config", "app/claude_desktop_config.json"])).code).toBe(0);
    expect(lstatSync(join(root, "app/claude_desktop_config.json")).isSymbolicLink()).toBe(true);
    expect(statSync(join(root, "dotfiles/claude_desktop_config.json")).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, "dotfiles/claude_desktop_config.json.mcp-gen-wrap.json")).mode & 0o777).toBe(0o600);
    expect(read(root, "dotfiles/claude_desktop_config.json")).toContain(`"${join(root, "mcp-servers", "a")}"`);
    expect((await runInProcess(root, ["unwrap", "--client-config", "app/claude_desktop_config.json"])).code).toBe(0);
    expect(read(root, "dotfiles/claude_desktop_config.json")).toBe(original);
    expect(statSync(join(root, "dotfiles/claude_desktop_config.json")).mode & 0o777).toBe(0o600);
  });

  it("is a usage error without --client-config, or with a file that is not a host's config", async () => {
    const root = tempProject({ "notes.json": "[1, 2]", "bad.toml": "[mcp_servers.x\n" });
    expect((await runInProcess(root, ["wrap"])).code).toBe(2);
    expect((await runInProcess(root, ["wrap", "--client-config", "notes.json"])).stderr).toContain("is not an MCP client's config");
    const toml = await runInProcess(root, ["wrap", "--client-config", "bad.toml"]);
    expect(toml.code).toBe(2);
    expect(toml.stderr).toContain("it is not TOML");
    expect((await runInProcess(root, ["unwrap", "--client-config", "missing.json"])).code).toBe(2);
  });
});
