// The VS Code extension: one language client per workspace folder, each running that folder's own
// `mcp-gen lsp` (find-server.ts, server-command.ts: plain code, tested without VS Code). This file
// is only what cannot run without VS Code: reading the settings, showing a message, and handing the
// command line to vscode-languageclient.
import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/node";
import { findServer, isMcpGenProject, NODE_FILES as files } from "./find-server.js";
import { documentSelector, serverCommand } from "./server-command.js";

export function activate(context: vscode.ExtensionContext): void {
  const clients = new Map<string, LanguageClient>();
  const start = (folder: vscode.WorkspaceFolder) => {
    const settings = vscode.workspace.getConfiguration("mcpGen", folder);
    const server = findServer(folder.uri.fsPath, settings.get("serverPath", ""), files);
    if (server.kind === "missing") {
      if (isMcpGenProject(folder.uri.fsPath, files)) void vscode.window.showWarningMessage(`mcp-gen: ${server.message}`);
      return;
    }
    const command = serverCommand(server, folder.uri.fsPath, settings.get("node", ""));
    const client = new LanguageClient(
      `mcp-gen ${folder.name}`,
      `mcp-gen (${folder.name})`,
      { command: command.command, args: [...command.args], options: { cwd: command.cwd } },
      {
        documentSelector: documentSelector(folder.uri.toString()),
        workspaceFolder: folder,
      },
    );
    clients.set(folder.uri.toString(), client);
    client.start().catch((error: unknown) => vscode.window.showErrorMessage(`mcp-gen: could not start \`${command.command} ${command.args.join(" ")}\`: ${String(error)}`));
  };
  const stop = (folder: vscode.WorkspaceFolder) => {
    void clients.get(folder.uri.toString())?.stop();
    clients.delete(folder.uri.toString());
  };
  for (const folder of vscode.workspace.workspaceFolders ?? []) start(folder);
  context.subscriptions.push(
    vscode.workspace.onDidChangeWorkspaceFolders((event) => {
      for (const folder of event.removed) stop(folder);
      for (const folder of event.added) start(folder);
    }),
    { dispose: () => void Promise.all([...clients.values()].map((client) => client.stop())) },
  );
}

export function deactivate(): void {}
