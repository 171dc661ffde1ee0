// planEntry wraps the server the host runs, the one `import --client-config` pinned: for each JSON
// entry, wrap's choice (stdio through `proxy --`, HTTP through `proxy --url`, or a refusal) is the
// one readClientConfig makes (a stdio target, an HTTP target, or unusable). A declared "type"
// decides over a stray "command" or "url"; with no type, an entry with both is refused by both.
import { describe, expect, it } from "vitest";
import { readClientConfig } from "../../src/live/client-config.js";
import { JSON_KEYS, planEntry } from "../../src/wrap/entry-change.js";

const places = { node: "/usr/bin/node", bin: "/opt/mcp-gen/bin/mcp-gen.js", folder: "/work/app/mcp-servers/svc", workspaceFolder: undefined };
const context = { env: {}, workspaceFolder: "/work/app", home: "/home/me" };

/** What import reads the entry as: "stdio", "http" or "unusable". */
function importReads(entry: Record<string, unknown>): string {
  const config = readClientConfig(JSON.stringify({ mcpServers: { svc: entry } }), context, "claude-code");
  if (!config.ok) throw new Error(config.message);
  const server = config.servers[0]!;
  return server.status === "ready" ? server.target.kind : server.status;
}

/** What wrap makes of the entry: "stdio", "http" or "unusable", and the members it would write. */
function wrapMakes(entry: Record<string, unknown>): { kind: string; set?: Record<string, unknown>; remove?: readonly string[] } {
  const plan = planEntry(entry, places, JSON_KEYS);
  if (plan.kind !== "wrap") return { kind: plan.kind === "refused" ? "unusable" : plan.kind };
  const set = Object.fromEntries(plan.change.set);
  return { kind: (set["args"] as string[]).includes("--url") ? "http" : "stdio", set, remove: plan.change.remove };
}

const url = "https://mcp.example.com/mcp";

describe("planEntry", () => {
  it.each([
    ["a stdio server", { command: "npx", args: ["-y", "server"] }, "stdio"],
    ["an HTTP server", { url }, "http"],
    ['"type": "http" with a stray command', { type: "http", url, command: "node", args: ["other.js"] }, "http"],
    ['"type": "streamable-http" with a stray command', { type: "streamable-http", url, command: "node" }, "http"],
    ['"type": "stdio" with a stray url', { type: "stdio", command: "npx", url }, "stdio"],
    ['"transport": "http" with a stray command', { transport: "http", serverUrl: url, command: "node" }, "http"],
    ["both a command and a url, no type", { command: "node", url }, "unusable"],
    ["a type mcp-gen does not know", { type: "websocket", command: "node", url }, "unusable"],
    ['"type": "http" without a url', { type: "http", command: "node" }, "unusable"],
    ['"type": "stdio" without a command', { type: "stdio", url }, "unusable"],
    ['"type": "sse" with a command', { type: "sse", url, command: "node" }, "unusable"],
  ])("wraps the server import pinned: %s", (_, entry, kind) => {
    expect(importReads(entry)).toBe(kind);
    expect(wrapMakes(entry).kind).toBe(kind);
  });

  it('turns an HTTP entry with a stray command into `proxy --url`, its URL and headers gone and its "type" now stdio', () => {
    const entry = { type: "http", url, headers: { "X-Key": "k" }, command: "node", args: ["other.js"], env: { A: "1" } };
    expect(wrapMakes(entry)).toEqual({
      kind: "http",
      set: { type: "stdio", command: "/usr/bin/node", args: ["/opt/mcp-gen/bin/mcp-gen.js", "proxy", "--cwd", places.folder, "--url", url, "--header", "X-Key: k"] },
      remove: ["url", "headers"],
    });
  });

  it("says why it refuses an entry that is ambiguous or of an unknown type", () => {
    expect(planEntry({ command: "node", url }, places, JSON_KEYS)).toEqual({
      kind: "refused",
      reason: 'it has both a "command" and a "url"; say which server it is with "type": "stdio" or "http", or remove the other.',
    });
    expect(planEntry({ type: "websocket", command: "node" }, places, JSON_KEYS)).toEqual({ kind: "refused", reason: 'its "type" is "websocket"; wrap knows "stdio" and "http".' });
  });
});
