// What VS Code starts for a workspace folder, as plain data: the command line of the project's
// `mcp-gen lsp`, run by `node` from the PATH (the Node that runs the project's scripts and CI, not
// the editor's own) or by the one the mcpGen.node setting names. extension.ts hands it to
// vscode-languageclient as it is.
import type { ServerFound } from "./find-server.js";

export interface ServerCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** The workspace folder: the server finds each file's project from there. */
  readonly cwd: string;
}

/**
 * @param node the mcpGen.node setting ("" when unset: `node` from the PATH)
 * @example serverCommand({ kind: "found", bin: "/app/node_modules/mcp-gen/bin/mcp-gen.js", version: "0.2.0" }, "/app", "") // { command: "node", args: [".../mcp-gen.js", "lsp", "--stdio"], cwd: "/app" }
 */
export function serverCommand(server: ServerFound & { kind: "found" }, folder: string, node: string): ServerCommand {
  return { command: node === "" ? "node" : node, args: [server.bin, "lsp", "--stdio"], cwd: folder };
}

/** A document filter as vscode-languageclient takes it: a language, and files under a folder (LSP's RelativePattern). */
export interface DocumentFilter {
  readonly scheme: "file";
  readonly language: "yaml" | "json";
  readonly pattern: { readonly baseUri: string; readonly pattern: string };
}

/**
 * The documents the server of a folder is given: its YAML and JSON files (the server decides which
 * of them are descriptors, from the config's globs).
 * @example documentSelector("file:///app") // [{ scheme: "file", language: "yaml", pattern: { baseUri: "file:///app", pattern: "**\/*" } }, ...]
 */
export function documentSelector(folderUri: string): DocumentFilter[] {
  return (["yaml", "json"] as const).map((language) => ({ scheme: "file", language, pattern: { baseUri: folderUri, pattern: "**/*" } }));
}
