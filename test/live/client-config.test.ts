// readClientConfig: the MCP client configs people have (VS Code's `servers`, Claude Desktop's and
// Cursor's `mcpServers`, with comments and trailing commas) → a target per server, variables filled
// in from the environment given, and every server mcp-gen cannot reach named with the reason.
import { describe, expect, it } from "vitest";
import { readClientConfig, type ClientConfigContext } from "../../src/live/client-config.js";

const context: ClientConfigContext = { env: { API_KEY: "k-123", TOKEN: "t-456" }, workspaceFolder: "/work/app", home: "/home/me" };

describe("readClientConfig", () => {
  it("reads VS Code's .vscode/mcp.json: stdio and http servers, comments and trailing commas", () => {
    const text = `{
      // the servers this workspace uses
      "inputs": [],
      "servers": {
        "memory": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "env": { "KEY": "\${env:API_KEY}" }, },
        "remote": { "type": "http", "url": "https://mcp.example/mcp", "headers": { "Authorization": "Bearer \${env:TOKEN}" } },
      },
    }`;
    expect(readClientConfig(text, context, "vscode")).toEqual({
      ok: true,
      servers: [
        {
          name: "memory",
          status: "ready",
          target: {
            kind: "stdio",
            command: "npx",
            args: ["-y", "@modelcontextprotocol/server-memory"],
            env: { KEY: "k-123" },
            cwd: "/work/app",
            label: '"npx -y @modelcontextprotocol/server-memory"',
            written: ["npx", "-y", "@modelcontextprotocol/server-memory"],
          },
        },
        {
          name: "remote",
          status: "ready",
          target: { kind: "http", url: new URL("https://mcp.example/mcp"), headers: { Authorization: "Bearer t-456" }, label: "https://mcp.example/mcp", written: "https://mcp.example/mcp" },
        },
      ],
    });
  });

  it("reads Claude Desktop's and Cursor's mcpServers, with or without a type", () => {
    const text = JSON.stringify({ mcpServers: { fs: { command: "node", args: ["${workspaceFolder}/server.js", "${userHome}"] }, web: { url: "http://127.0.0.1:3000/mcp" } } });
    const config = readClientConfig(text, context, "cursor");
    expect(config).toMatchObject({
      ok: true,
      servers: [
        { name: "fs", status: "ready", target: { kind: "stdio", args: ["/work/app/server.js", "/home/me"] } },
        { name: "web", status: "ready", target: { kind: "http" } },
      ],
    });
  });

  it("fills ${NAME} and ${NAME:-default} as Claude Code does, and labels servers by the text before filling in", () => {
    const config = readClientConfig(JSON.stringify({ mcpServers: { a: { command: "run", args: ["--key=${API_KEY}", "--region=${REGION:-eu}"] } } }), context, "claude-code");
    expect(config).toMatchObject({
      ok: true,
      servers: [{ target: { args: ["--key=k-123", "--region=eu"], label: '"run --key=${API_KEY} --region=${REGION:-eu}"', written: ["run", "--key=${API_KEY}", "--region=${REGION:-eu}"] } }],
    });
  });

  it.each([
    ["a variable that is not set", { command: "x", env: { A: "${env:MISSING}" } }, '"env".A uses the environment variable MISSING, which is not set.'],
    [
      "a VS Code input prompt",
      { command: "x", args: ["${input:api-key}"] },
      '"args"[0] asks for "api-key" interactively, which mcp-gen cannot do; put the value in an environment variable and write ${env:NAME} instead.',
    ],
    ["an unknown variable", { command: "x", args: ["${command:pick}"] }, '"args"[0] uses ${command:pick}, a variable mcp-gen does not know.'],
    ["an SSE server", { type: "sse", url: "http://x/sse" }, "it is an SSE server; mcp-gen reaches servers over stdio and Streamable HTTP only."],
    ["an envFile", { command: "x", envFile: ".env" }, 'it reads variables from an "envFile", which mcp-gen does not read; set them in the environment and reference them as ${env:NAME}.'],
    ["both a command and a url", { command: "x", url: "http://x/" }, 'it has both a "command" and a "url".'],
    ["neither", { args: [] }, 'it has neither a "command" (stdio) nor a "url" (HTTP).'],
    ["args that are not strings", { command: "x", args: [1] }, 'its "args" is not a list of strings.'],
    ["a url that is not http", { url: "file:///etc/passwd" }, 'its "url" is not an http or https URL.'],
  ])("names %s as the reason the server cannot be reached", (_, entry, reason) => {
    expect(readClientConfig(JSON.stringify({ mcpServers: { s: entry } }), context, "claude-desktop")).toEqual({ ok: true, servers: [{ name: "s", status: "unusable", reason }] });
  });

  it("skips a disabled server, and keeps a server named __proto__ as data", () => {
    const config = readClientConfig('{ "mcpServers": { "off": { "command": "x", "disabled": true }, "__proto__": { "command": "y" } } }', context, "other");
    expect(config).toMatchObject({
      ok: true,
      servers: [
        { name: "off", status: "disabled" },
        { name: "__proto__", status: "ready" },
      ],
    });
  });

  it("reads the object the host reads when a file has both servers and mcpServers, and refuses to guess for a host it does not know", () => {
    // One file written for VS Code and Cursor at once: each host runs its own object (the drifting "b" for Cursor).
    const text = JSON.stringify({ servers: { a: { command: "good" } }, mcpServers: { b: { command: "drift" } } });
    const names = (host: Parameters<typeof readClientConfig>[2]) => {
      const config = readClientConfig(text, context, host);
      return config.ok ? config.servers.map((server) => server.name) : config.message;
    };
    expect(names("vscode")).toEqual(["a"]);
    for (const host of ["cursor", "claude-desktop", "claude-code", "windsurf"] as const) expect(names(host), host).toEqual(["b"]);
    expect(names("other")).toBe(
      'it lists servers in both "servers" and "mcpServers", and its file name does not say which host reads it (VS Code reads "servers"; Claude Desktop, Claude Code, Cursor and Windsurf read "mcpServers"); keep only the object your host reads, or give the host\'s own file (.vscode/mcp.json, .cursor/mcp.json, .mcp.json, claude_desktop_config.json, mcp_config.json).',
    );
    // One object is read whatever the file's name: VS Code's settings.json keeps its servers under "mcp".
    expect(readClientConfig(JSON.stringify({ mcp: { servers: { c: { command: "x" } } } }), context, "other")).toMatchObject({ ok: true, servers: [{ name: "c" }] });
  });

  it("refuses a file that is not JSON or lists no servers", () => {
    expect(readClientConfig('{ "servers": { ', context, "vscode")).toEqual({ ok: false, message: "it is not JSON: CloseBraceExpected at line 1, column 16." });
    expect(readClientConfig('{ "tools": [] }', context, "other")).toEqual({ ok: false, message: 'it has no "servers" (VS Code) or "mcpServers" (Claude Desktop, Cursor) object listing MCP servers.' });
  });

  it("refuses a key written twice where the servers are listed (readers disagree about which copy wins), naming both places; not one elsewhere", () => {
    const twice = (key: string, where: string, first: string, again: string) => ({
      ok: false,
      message: `"${key}" is written twice${where} (${first} and ${again}); remove one of them: hosts disagree about which one they use.`,
    });
    const server = '{\n  "mcpServers": {\n    "pin": { "command": "a" },\n    "pin": { "command": "b" }\n  }\n}\n';
    expect(readClientConfig(server, context, "other")).toEqual(twice("pin", ' in "mcpServers"', "line 3, column 5", "line 4, column 5"));
    expect(readClientConfig('{ "servers": { "s": { "command": "a", "args": [], "command": "b" } } }', context, "other")).toEqual(
      twice("command", ' in "servers"."s"', "line 1, column 23", "line 1, column 51"),
    );
    expect(readClientConfig('{ "mcpServers": { "a": { "command": "x" } },\n"mcpServers": { "b": { "command": "y" } } }', context, "other")).toEqual(
      twice("mcpServers", "", "line 1, column 3", "line 2, column 1"),
    );
    expect(readClientConfig('{ "mcp": { "servers": { "a": { "env": { "K": "1", "K": "2" }, "command": "x" } } } }', context, "other")).toEqual(
      twice("K", ' in "mcp"."servers"."a"."env"', "line 1, column 41", "line 1, column 51"),
    );
    // A VS Code settings.json's other settings are VS Code's business.
    expect(readClientConfig('{ "editor.tabSize": 2, "editor.tabSize": 4, "mcp": { "servers": { "a": { "command": "x" } } } }', context, "other")).toMatchObject({ ok: true });
  });
});
