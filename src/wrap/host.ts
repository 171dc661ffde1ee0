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
 * Known hosts by file name; `home` tells a user's own ~/.cursor/mcp.json from a workspace's. Which
 * object of the file lists the servers is serversPath's to say.
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

/** Where a JSON host config may list its servers: VS Code's mcp.json, VS Code's settings.json, everyone else's. */
const SERVERS: readonly string[] = ["servers"];
const SETTINGS_SERVERS: readonly string[] = ["mcp", "servers"];
const MCP_SERVERS: readonly string[] = ["mcpServers"];

export type ServersPath = { readonly ok: true; readonly path: readonly string[] } | { readonly ok: false; readonly message: string };

/**
 * The object of a JSON config that lists the servers `host` starts, given which of the candidates
 * are objects in the file. wrap, unwrap, import and verify all ask here, so that the servers pinned,
 * checked and wrapped are the ones the host runs: a file written for VS Code and Cursor at once has
 * both `servers` and `mcpServers`, and wrapping the one the host ignores would leave its servers
 * unpinned. A file naming no known host with more than one candidate is refused, never guessed at.
 * @example serversPath("cursor", (path) => path[0] !== "mcp") // { ok: true, path: ["mcpServers"] }
 */
export function serversPath(host: HostKind, isObjectAt: (path: readonly string[]) => boolean): ServersPath {
  const present = [SERVERS, SETTINGS_SERVERS, MCP_SERVERS].filter((path) => isObjectAt(path));
  const own = host === "vscode" ? SERVERS : host === "other" || host === "codex" ? undefined : MCP_SERVERS;
  if (own !== undefined && present.includes(own)) return { ok: true, path: own };
  // A file with one object is read as it is, whichever host's name it has, as before hosts were told apart.
  if (present.length === 1) return { ok: true, path: present[0]! };
  if (present.length === 0) return { ok: false, message: 'it has no "servers" (VS Code) or "mcpServers" (Claude Desktop, Cursor) object listing MCP servers.' };
  const named = present.map((path) => `"${path.join(".")}"`);
  const both = `${named.slice(0, -1).join(", ")} and ${named.at(-1)!}`;
  const why = own === undefined ? "its file name does not say which host reads it" : `none of them is "${own.join(".")}", the one this host reads`;
  return {
    ok: false,
    message: `it lists servers in both ${both}, and ${why} (VS Code reads "servers"; Claude Desktop, Claude Code, Cursor and Windsurf read "mcpServers"); keep only the object your host reads, or give the host's own file (.vscode/mcp.json, .cursor/mcp.json, .mcp.json, claude_desktop_config.json, mcp_config.json).`,
  };
}
