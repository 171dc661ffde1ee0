// A host's config file (its path, and whether it is TOML) → which host reads it and what that host
// allows in it: the format, the variable it fills in for the workspace folder, whether an HTTP entry
// is written with `serverUrl`, and what the user must know after the file changes. Pure.
import { basename, dirname } from "node:path";

export type HostKind = "claude-desktop" | "claude-code" | "vscode" | "cursor" | "windsurf" | "codex" | "other";

export interface Host {
  readonly kind: HostKind;
  readonly name: string;
  readonly format: "json" | "toml";
  /**
   * The folder the host fills `${workspaceFolder}` with for this file (a workspace's .vscode/mcp.json
   * or .cursor/mcp.json), so that paths inside it can be written with the variable; undefined when
   * it fills in no such variable here.
   */
  readonly workspaceFolder: string | undefined;
  /** What to tell the user once the file has changed. */
  readonly notes: readonly string[];
}

/**
 * Known hosts by file name; `home` tells a user's own ~/.cursor/mcp.json from a workspace's. The
 * file's content decides the rest (client-config.ts reads both `servers` and `mcpServers`).
 * @example identifyHost("/work/app/.vscode/mcp.json", "/home/me").workspaceFolder === "/work/app"
 */
export function identifyHost(file: string, home: string): Host {
  const name = basename(file);
  const folder = basename(dirname(file));
  const above = dirname(dirname(file));
  if (name.endsWith(".toml")) {
    return {
      kind: "codex",
      name: "Codex",
      format: "toml",
      workspaceFolder: undefined,
      notes: ["Codex counts the proxy's start in each server's startup timeout (startup_timeout_sec, 10 s by default): raise it for a server that is slow to start, such as one npx installs first."],
    };
  }
  if (name === "claude_desktop_config.json") return jsonHost("claude-desktop", "Claude Desktop", undefined, ["Restart Claude Desktop so that it starts the servers again."]);
  if (name === ".mcp.json") return jsonHost("claude-code", "Claude Code", undefined, ["Claude Code may ask you to approve the project's servers again."]);
  const trust = ["VS Code asks you to trust each changed server again before it starts it."];
  if (name === "mcp.json" && folder === ".vscode") return jsonHost("vscode", "VS Code", above, trust);
  // The user's own mcp.json lives in VS Code's profile folder (…/Code/User/mcp.json).
  if (name === "mcp.json" && folder === "User") return jsonHost("vscode", "VS Code", undefined, trust);
  if (name === "mcp.json" && folder === ".cursor") {
    return jsonHost("cursor", "Cursor", above === home ? undefined : above, ["Cursor starts the changed servers again; check them in its MCP settings."]);
  }
  if (name === "mcp_config.json") return jsonHost("windsurf", "Windsurf", undefined, ["Refresh the servers in Windsurf's MCP panel."]);
  return jsonHost("other", "the host", undefined, []);
}

function jsonHost(kind: HostKind, name: string, workspaceFolder: string | undefined, notes: readonly string[]): Host {
  return { kind, name, format: "json", workspaceFolder, notes };
}
