// argv → exit code. Dispatches to one file per command; turns usage mistakes into exit 2 with a
// short message, and any unexpected failure into one line that says it is a bug (no stack trace
// unless MCP_GEN_DEBUG is set).
import { MCP_GEN_HOMEPAGE, MCP_GEN_VERSION } from "../model/version.js";
import { formatFailure, type StructuredFormat } from "../report/format-failure.js";
import { closest } from "../config/suggest.js";
import { UsageError } from "./args.js";
import { EXIT, processIo, type CliIo } from "./io.js";
import { systemFailure } from "../files/system-failure.js";
import { Interrupted } from "./interrupt.js";
import { quotedStart, visibleLine, visibleText } from "../diff/visible-text.js";
import { tuneEngineForBatch } from "./engine-tuning.js";

type Command = (argv: readonly string[], io: CliIo) => Promise<number>;

/**
 * Each command's module is loaded only when that command runs: `check` must not pay for code
 * generation. `batch`: the command runs for seconds and exits (engine-tuning.ts); lsp, proxy and
 * watch run for as long as their session.
 */
const COMMANDS: Readonly<Record<string, { load: () => Promise<Command>; summary: string; batch: boolean }>> = {
  build: { load: async () => (await import("./commands/build.js")).runBuild, summary: "validate, then write generated code, missing stubs and scaffolds, and the lock file", batch: true },
  check: { load: async () => (await import("./commands/check.js")).runCheck, summary: "for CI: compare a build in memory with the lock and the generated files; write nothing", batch: true },
  diff: { load: async () => (await import("./commands/diff.js")).runDiff, summary: "classify changes since the lock: breaking, needs review, compatible", batch: true },
  import: { load: async () => (await import("./commands/import.js")).runImport, summary: "write descriptors and a lock from a live server's tools/list", batch: true },
  init: { load: async () => (await import("./commands/init.js")).runInit, summary: "scaffold the config, an example tool, package.json scripts and a README section", batch: true },
  lsp: { load: async () => (await import("./commands/lsp.js")).runLsp, summary: "language server for editors: validate's diagnostics as you type, fixes, hover, completion", batch: false },
  proxy: {
    load: async () => (await import("./commands/proxy.js")).runProxy,
    summary: "run a server behind its lock: withhold every tool that changed since it was pinned, refuse its calls",
    batch: false,
  },
  unwrap: { load: async () => (await import("./commands/unwrap.js")).runUnwrap, summary: "put back the server entries of an MCP host's config that wrap rewrote", batch: true },
  validate: { load: async () => (await import("./commands/validate.js")).runValidate, summary: "load, resolve and validate every descriptor; print diagnostics", batch: true },
  verify: { load: async () => (await import("./commands/verify.js")).runVerify, summary: "compare a live server's tools/list with the lock", batch: true },
  watch: { load: async () => (await import("./commands/watch.js")).runWatch, summary: "build, then build again whenever a descriptor, a $ref'd file or the config changes", batch: false },
  wrap: { load: async () => (await import("./commands/wrap.js")).runWrap, summary: "route the servers of an MCP host's config through mcp-gen proxy, pinned to their locks", batch: true },
};

export const MAIN_HELP = () => `Usage: mcp-gen <command> [options]

Validate MCP tool descriptors against MCP 2026-07-28, generate typed server and client code, and pin
every tool with a hash lock file.

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join("\n")}

Run "mcp-gen <command> --help" for the options of a command.
Options: --version, --help
`;

/**
 * What the process entry (bin/mcp-gen.js) sets before runCli runs the command `argv` names: V8's
 * tiering for a short run when the command is one (engine-tuning.ts). Process-wide, so not in runCli,
 * which tests and the library call in their own process.
 */
export function prepareProcess(argv: readonly string[]): void {
  if (isBatchCommand(argv[0])) tuneEngineForBatch();
}

/** Whether `name` is a command that runs for seconds and exits (COMMANDS' `batch`). */
export function isBatchCommand(name: string | undefined): boolean {
  return name !== undefined && Object.hasOwn(COMMANDS, name) && COMMANDS[name]!.batch;
}

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
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.stderr(unknownCommand(name, rest));
    return EXIT.usage;
  }
  try {
    return await (await command.load())(rest, io);
  } catch (e) {
    if (e instanceof Interrupted) return interrupted(name, rest, e, io);
    const usage = e instanceof UsageError;
    // Usage messages quote the arguments, and others may name a path or a server's text: whatever
    // they hold (an escape sequence, a bidi override, U+2028) is shown, never sent to the terminal.
    const message = visibleText(e instanceof Error ? e.message : String(e));
    // The disk full, no permission...: the system's refusal, not a bug (src/files/system-failure.ts).
    const system = usage ? undefined : systemFailure(e);
    const exitCode = usage ? EXIT.usage : system ? EXIT.system : EXIT.internal;
    const systemText = system && `the system refused an operation (${system.code}: ${system.why}): ${visibleLine(message)}. mcp-gen stopped; run it again once that is fixed.`;
    // Whoever asked for a document gets one, never an empty file.
    const format = structuredFormat(rest);
    if (format) {
      const text = usage ? message : (systemText ?? `Internal error: ${message.replace(/([^.!?])$/, "$1.")} This is a bug in mcp-gen; please report it.`);
      io.stdout(formatFailure(format, { command: name, exitCode, message: text }, { toolVersion: MCP_GEN_VERSION, informationUri: MCP_GEN_HOMEPAGE }));
    }
    if (usage) {
      io.stderr(`mcp-gen ${name}: ${message}\nRun "mcp-gen ${name} --help" for usage.\n`);
      return exitCode;
    }
    if (systemText) {
      io.stderr(`mcp-gen ${name}: ${systemText}\n`);
      return exitCode;
    }
    io.stderr(`mcp-gen ${name}: internal error: ${message}\nThis is a bug in mcp-gen; please report it. Set MCP_GEN_DEBUG=1 for details.\n`);
    if (io.env.MCP_GEN_DEBUG) io.stderr(`${e instanceof Error ? e.stack : ""}\n`);
    return exitCode;
  }
}

/** A command stopped by a signal (interrupt.ts): what it left, on stderr and in the document its --format asks for; 128 + the signal's number. */
function interrupted(name: string, argv: readonly string[], e: Interrupted, io: CliIo): number {
  const format = structuredFormat(argv);
  if (format) io.stdout(formatFailure(format, { command: name, exitCode: e.status, message: e.message }, { toolVersion: MCP_GEN_VERSION, informationUri: MCP_GEN_HOMEPAGE }));
  io.stderr(`mcp-gen ${name}: ${e.message}\n`);
  return e.status;
}

/** The --format a command line asks for, when it is a document format; read leniently, as the command may have failed parsing it. */
function structuredFormat(argv: readonly string[]): StructuredFormat | undefined {
  let format: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") break;
    if (arg === "--format") format = argv[++i];
    else if (arg.startsWith("--format=")) format = arg.slice("--format=".length);
  }
  return format === "json" || format === "sarif" ? format : undefined;
}

/** What to say about a first argument that names no command: the command it most likely meant, or that options follow the command. */
function unknownCommand(name: string, rest: readonly string[]): string {
  const names = Object.keys(COMMANDS);
  const given = rest.find((arg) => Object.hasOwn(COMMANDS, arg));
  if (name.startsWith("-")) {
    const example = given === undefined ? `mcp-gen build ${name}` : `mcp-gen ${given} ${name}`;
    return `mcp-gen: ${quotedStart(name, 200)} is an option, and the command comes first: ${visibleLine(example)} ...\nRun "mcp-gen --help" for the list of commands.\n`;
  }
  const guess = closest(name, names);
  const suggestion = guess === undefined ? "" : ` Did you mean "${guess}"?`;
  return `mcp-gen: unknown command ${quotedStart(name, 200)}.${suggestion}\nRun "mcp-gen --help" for the list of commands.\n`;
}
