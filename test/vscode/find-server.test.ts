// The VS Code extension's plain part: which mcp-gen it runs for a workspace folder (the project's
// own, from node_modules, found as Node finds packages; or the one the settings name), the command
// line it hands to vscode-languageclient, and when a missing server is worth a message.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findServer, isMcpGenProject, NODE_FILES as disk } from "../../packages/vscode/src/find-server.js";
import { documentSelector, serverCommand } from "../../packages/vscode/src/server-command.js";
import { tempProject } from "../support/temp-project.js";

const INSTALLED = {
  "node_modules/mcp-gen/package.json": JSON.stringify({ name: "mcp-gen", version: "0.2.0", bin: { "mcp-gen": "bin/mcp-gen.js" } }),
  "node_modules/mcp-gen/bin/mcp-gen.js": "",
};

describe("findServer", () => {
  it("finds the project's own mcp-gen in its node_modules, or in one above it (a monorepo's)", () => {
    const root = tempProject({ ...INSTALLED, "packages/tools/mcp-gen.config.yaml": "" });
    expect(findServer(root, "", disk)).toEqual({ kind: "found", bin: join(root, "node_modules/mcp-gen/bin/mcp-gen.js"), version: "0.2.0" });
    expect(findServer(join(root, "packages/tools"), "", disk)).toEqual({ kind: "found", bin: join(root, "node_modules/mcp-gen/bin/mcp-gen.js"), version: "0.2.0" });
  });

  it("says how to install it when no node_modules holds it, or when its package names no command", () => {
    const root = tempProject({ "mcp-gen.config.yaml": "" });
    const missing = findServer(root, "", disk);
    expect(missing.kind).toBe("missing");
    expect(missing.kind === "missing" && missing.message).toBe(
      `mcp-gen is not installed in ${root}: run \`npm install --save-dev mcp-gen\` there (the extension runs the project's own \`mcp-gen lsp\`, so that the editor checks what CI checks), or set mcpGen.serverPath.`,
    );
    const broken = tempProject({ "node_modules/mcp-gen/package.json": JSON.stringify({ name: "mcp-gen", version: "0.2.0" }) });
    expect(findServer(broken, "", disk)).toEqual({
      kind: "missing",
      message: `${join(broken, "node_modules/mcp-gen/package.json")} names no mcp-gen command: reinstall mcp-gen (npm install --save-dev mcp-gen).`,
    });
  });

  it("takes the setting's mcp-gen instead: a command script or a package folder, relative to the folder", () => {
    const root = tempProject({ ...INSTALLED, "tools/mcp-gen.js": "" });
    expect(findServer(root, "tools/mcp-gen.js", disk)).toEqual({ kind: "found", bin: join(root, "tools/mcp-gen.js"), version: undefined });
    expect(findServer(root, join(root, "node_modules/mcp-gen"), disk)).toEqual({ kind: "found", bin: join(root, "node_modules/mcp-gen/bin/mcp-gen.js"), version: "0.2.0" });
    expect(findServer(root, "nowhere.js", disk)).toEqual({ kind: "missing", message: `mcpGen.serverPath names ${join(root, "nowhere.js")}, which does not exist.` });
  });
});

describe("isMcpGenProject", () => {
  it("is a folder with a config, or whose package.json depends on mcp-gen; nothing else", () => {
    expect(isMcpGenProject(tempProject({ "mcp-gen.config.yaml": "" }), disk)).toBe(true);
    expect(isMcpGenProject(tempProject({ "package.json": JSON.stringify({ devDependencies: { "mcp-gen": "^0.2.0" } }) }), disk)).toBe(true);
    expect(isMcpGenProject(tempProject({ "package.json": JSON.stringify({ dependencies: { vitest: "4" } }) }), disk)).toBe(false);
    expect(isMcpGenProject(tempProject({ "package.json": "{ not json" }), disk)).toBe(false);
  });
});

describe("the command line and the documents", () => {
  it("runs node from the PATH, or the one the setting names, with lsp --stdio in the folder", () => {
    const server = { kind: "found", bin: "/app/node_modules/mcp-gen/bin/mcp-gen.js", version: "0.2.0" } as const;
    expect(serverCommand(server, "/app", "")).toEqual({ command: "node", args: ["/app/node_modules/mcp-gen/bin/mcp-gen.js", "lsp", "--stdio"], cwd: "/app" });
    expect(serverCommand(server, "/app", "/opt/node22/bin/node").command).toBe("/opt/node22/bin/node");
  });

  it("gives the server the folder's YAML and JSON files", () => {
    expect(documentSelector("file:///app")).toEqual([
      { scheme: "file", language: "yaml", pattern: { baseUri: "file:///app", pattern: "**/*" } },
      { scheme: "file", language: "json", pattern: { baseUri: "file:///app", pattern: "**/*" } },
    ]);
  });
});
