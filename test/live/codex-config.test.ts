// readCodexConfig: Codex's config.toml (`[mcp_servers.NAME]` tables) → a target per server as
// readClientConfig gives for the JSON hosts: stdio servers with env, env_vars and cwd, Streamable HTTP
// servers with static and environment-sourced headers, turned-off servers, and why one is unusable.
// And `import --client-config config.toml` pins a real server from one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ClientConfigContext } from "../../src/live/client-config.js";
import { readCodexConfig } from "../../src/live/codex-config.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const context: ClientConfigContext = { env: { TOKEN: "t-1", PASSED: "p-2" }, workspaceFolder: "/work/app", home: "/home/me" };

describe("readCodexConfig", () => {
  it("reads stdio and Streamable HTTP servers, with Codex's keys", () => {
    const text = `model = "o3"

[mcp_servers.github]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github"]
env_vars = ["PASSED"]
cwd = "tools"

[mcp_servers.github.env]
GITHUB_TOKEN = "ghp_x"

[mcp_servers.docs]
url = "https://mcp.example.com/mcp"
http_headers = { "X-Key" = "k" }
bearer_token_env_var = "TOKEN"

[mcp_servers.off]
command = "x"
enabled = false
`;
    expect(readCodexConfig(text, context)).toEqual({
      ok: true,
      servers: [
        {
          name: "github",
          status: "ready",
          target: {
            kind: "stdio",
            command: "npx",
            args: ["-y", "@modelcontextprotocol/server-github"],
            env: { GITHUB_TOKEN: "ghp_x", PASSED: "p-2" },
            cwd: "/work/app/tools",
            label: '"npx -y @modelcontextprotocol/server-github"',
          },
        },
        {
          name: "docs",
          status: "ready",
          target: { kind: "http", url: new URL("https://mcp.example.com/mcp"), headers: { "X-Key": "k", Authorization: "Bearer t-1" }, label: "https://mcp.example.com/mcp" },
        },
        { name: "off", status: "disabled" },
      ],
    });
  });

  it.each([
    ["an unset variable", '[mcp_servers.a]\nurl = "https://x.example/mcp"\nbearer_token_env_var = "NOPE"\n', '"bearer_token_env_var" names the environment variable NOPE, which is not set.'],
    ["both a command and a url", '[mcp_servers.a]\ncommand = "x"\nurl = "https://x.example/mcp"\n', 'it has both a "command" and a "url".'],
    ["args that are not strings", '[mcp_servers.a]\ncommand = "x"\nargs = [1]\n', 'its "args" is not a list of strings.'],
    ["a url that is not http", '[mcp_servers.a]\nurl = "file:///etc/passwd"\n', 'its "url" is not an http or https URL.'],
  ])("says why a server is unusable: %s", (_, text, reason) => {
    expect(readCodexConfig(text, context)).toEqual({ ok: true, servers: [{ name: "a", status: "unusable", reason: expect.stringContaining(reason) }] });
  });

  it("refuses a file that is not TOML, or has no [mcp_servers] tables, with the line and column", () => {
    expect(readCodexConfig('model = "o3"\n[mcp_servers.a\n', context)).toEqual({ ok: false, message: "it is not TOML: Unterminated table-key at line 3, column 1." });
    expect(readCodexConfig('model = "o3"\n', context)).toEqual({ ok: false, message: "it has no [mcp_servers.NAME] tables listing MCP servers (Codex's config.toml)." });
  });

  it("lets import --client-config pin each server of a Codex config in a folder of its own", async () => {
    const server = join(REPO_ROOT, "test/fixtures/live/drifting-server.mjs");
    const root = tempProject({ ".codex/config.toml": `[mcp_servers.drifting]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(server)}]\n` });
    const run = await runInProcess(root, ["import", "--client-config", ".codex/config.toml"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(Object.keys((JSON.parse(readFileSync(join(root, "mcp-servers/drifting/mcp-tools.lock.json"), "utf8")) as { tools: object }).tools)).toEqual(["calls", "drift", "echo"]);
  });
});
