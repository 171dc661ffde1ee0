// `mcp-gen lsp`: the language server for descriptor files, over stdio, until the editor ends it.
// Everything it does is in src/lsp/; this file hands it the process's stdin and stdout and turns
// the end of the session into an exit status (0 after the editor's shutdown, 1 when the editor
// went away without one, as LSP asks).
import { connectStreams } from "../../lsp/connection.js";
import { startLanguageServer } from "../../lsp/server.js";
import { parseCommandArgs } from "../args.js";
import { EXIT, type CliIo } from "../io.js";

export const LSP_HELP = `Usage: mcp-gen lsp [--stdio]

Run the language server for tool descriptors: the diagnostics of mcp-gen validate as you type, quick
fixes, hover (rules, lock status, schema docs), completion and go to definition. It speaks the
Language Server Protocol on stdin and stdout; an editor starts it (see docs/editor.md). Each file
belongs to the project whose mcp-gen.config.yaml is nearest above it in the workspace folder (or to
the workspace folder), whose config and rule settings apply.

Options:
  --stdio        talk over stdin and stdout (the default and only transport)
  -h, --help     show this help

Exit status: 0 after the editor's shutdown request, 1 when the editor went away without one.
`;

export async function runLsp(argv: readonly string[], io: CliIo): Promise<number> {
  // Editors add these: vscode-languageclient the process id to watch, others --stdio.
  const { values } = parseCommandArgs(argv, { stdio: { type: "boolean" }, clientProcessId: { type: "string" }, help: { type: "boolean", short: "h" } });
  if (values.help) {
    io.stdout(LSP_HELP);
    return EXIT.ok;
  }
  const input = process.stdin;
  const code = await new Promise<number>((done) => {
    const connection = connectStreams(
      input,
      process.stdout,
      (exitCode) => {
        server.dispose();
        connection.dispose();
        done(exitCode);
      },
      // A frame that is not a message is dropped; the editor's log of the server's stderr says why.
      (line) => io.stderr(`mcp-gen lsp: ${line}\n`),
    );
    const server = startLanguageServer(connection, { env: io.env });
    connection.listen();
  });
  // Nothing may keep the process: the editor may hold its end of stdin open after `exit`.
  input.destroy();
  return code === 0 ? EXIT.ok : EXIT.problems;
}
