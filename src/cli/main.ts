// argv → exit code. Dispatches to one file per command; turns usage mistakes into exit 2 with a
// short message, and any unexpected failure into one line that says it is a bug (no stack trace
// unless MCP_GEN_DEBUG is set).
import { MCP_GEN_VERSION } from "../model/version.js";
import { UsageError } from "./args.js";
import { runBuild } from "./commands/build.js";
import { runInit } from "./commands/init.js";
import { runValidate } from "./commands/validate.js";
import { EXIT, processIo, type CliIo } from "./io.js";

type Command = (argv: readonly string[], io: CliIo) => Promise<number>;

const COMMANDS: Readonly<Record<string, { run: Command; summary: string }>> = {
  build: { run: runBuild, summary: "validate, then write generated code, missing stubs and scaffolds, and the lock file" },
  init: { run: runInit, summary: "scaffold the config, an example tool, package.json scripts and a README section" },
  validate: { run: runValidate, summary: "load, resolve and validate every descriptor; print diagnostics" },
};

export const MAIN_HELP = () => `Usage: mcp-gen <command> [options]

Validate MCP tool descriptors against MCP 2026-07-28, generate typed server and client code, and pin
every tool with a hash lock file.

Commands:
${Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`).join("\n")}

Run "mcp-gen <command> --help" for the options of a command.
Options: --version, --help
`;

/** @example process.exitCode = await runCli(process.argv.slice(2)) */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(MAIN_HELP());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === "--version" || name === "-v") {
    io.stdout(`${MCP_GEN_VERSION}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`mcp-gen: unknown command "${name}". Run "mcp-gen --help" for the list.\n`);
    return EXIT.usage;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`mcp-gen ${name}: ${e.message}\nRun "mcp-gen ${name} --help" for usage.\n`);
      return EXIT.usage;
    }
    const message = e instanceof Error ? e.message : String(e);
    io.stderr(`mcp-gen ${name}: internal error: ${message}\nThis is a bug in mcp-gen; please report it. Set MCP_GEN_DEBUG=1 for details.\n`);
    if (io.env.MCP_GEN_DEBUG) io.stderr(`${e instanceof Error ? e.stack : ""}\n`);
    return 70;
  }
}
