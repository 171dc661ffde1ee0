// `mcp-gen proxy [--cwd DIR] [--on-drift block|warn] [--log FILE] -- COMMAND [ARGS…]` (or `--url URL`,
// and `--listen 127.0.0.1:PORT` for a host on HTTP): stands between a host and the server the lock at
// DIR pins, and passes everything through but tools that differ from the lock (src/proxy/). Reads the
// lock first and refuses to start without a valid one (fail closed); then runs until either side
// ends, and exits as the server did: its exit status, or its signal raised again.
import { appendFileSync } from "node:fs";
import { resolve } from "node:path";
import { quotedStart, visibleLine } from "../../diff/visible-text.js";
import { parseLock } from "../../lock/parse-lock.js";
import type { LockFile } from "../../model/lock.js";
import type { DriftContext } from "../../proxy/drift-notice.js";
import type { DriftMode } from "../../proxy/tool-gate.js";
import { formatText } from "../../report/format-text.js";
import { readTextIfExists } from "../../files/write-files.js";
import { choice, COMMON_OPTIONS, parseCommandArgs, UsageError } from "../args.js";
import { headerValues, serverUrl } from "../live-args.js";
import { configFromCommandLine, findProjectRoot, pathsFromCommandLine } from "../project-root.js";
import { EXIT, type CliIo } from "../io.js";
import { readProjectConfig } from "../read-config.js";

export const PROXY_HELP = `Usage: mcp-gen proxy [options] -- COMMAND [ARGS...]
       mcp-gen proxy [options] --url URL [--header "NAME: VALUE"]...

Stand between an MCP host and a server, as the server the host starts: every message passes through
unchanged, but each tools/list answer is checked tool by tool against the lock (the same hashes
\`mcp-gen verify\` compares) and a tool that changed since it was pinned, or that the lock does not
pin, is withheld, and a tools/call of it is answered with an error (code -31001) and never reaches
the server. A list_changed is passed on only after the proxy has checked the new list. Both protocol
eras (2025 and 2026-07-28) pass through. See docs/pinning.md.

The server:
  -- COMMAND [ARGS...]     start the server over stdio (without a shell; npx-style shims work), with
                           this environment whole and its stderr on the proxy's; it runs in the
                           current directory, not in --cwd
  --url URL                a Streamable HTTP server instead
  --header "NAME: VALUE"   send this HTTP header with every --url request (repeatable)

Options:
  --cwd DIR                the project whose lock pins the server (default: the folder of --config;
                           else the nearest folder up with mcp-gen.config.yaml, else the current
                           directory):
                           what \`mcp-gen import\` wrote, or one server folder of \`import --client-config\`
  --lock FILE              the lock file, relative to where you type it, or to --cwd (default: the config's lock)
  --on-drift block|warn    block (default): withhold a changed or unpinned tool and refuse its calls;
                           warn: pass it on, and report it as block does
  --log FILE               also append each report to FILE as one JSON line (relative to where you type it, or to --cwd)
  --listen HOST:PORT       offer the host Streamable HTTP at http://HOST:PORT/mcp instead of stdio
                           (127.0.0.1 or localhost only: DNS-rebinding guards on)
  --config FILE            mcp-gen's config file, relative to --cwd or the current directory
                           (default: mcp-gen.config.yaml, in the root); without --cwd, the folder
                           that holds it is the root
  -h, --help               show this help

Reports (on stderr, which hosts keep in their MCP log; in --log; and as a notifications/message at
level warning to a host that asked for log messages): each changed or unpinned tool once per hash,
with the parts that changed and verify's diff; each pinned tool a complete list left out; each call
refused.

Exit status: the server's (its signal is raised again); 1 when the lock is invalid or the proxy ended
the connection over a message no server sends; 2 bad usage, no lock, or a server that cannot start.
`;

const OPTIONS = {
  ...COMMON_OPTIONS,
  lock: { type: "string" },
  "on-drift": { type: "string" },
  log: { type: "string" },
  url: { type: "string" },
  header: { type: "string", multiple: true },
  listen: { type: "string" },
} as const;

/** Whole messages larger than this are refused: the SDK's own stdio limit (a host would refuse them too). */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Deepest nesting a listed tool may have, whatever load.maxDepth says (hashing recurses). */
const MAX_TOOL_DEPTH = 1000;

export async function runProxy(argv: readonly string[], io: CliIo): Promise<number> {
  const dash = argv.indexOf("--");
  const { values } = parseCommandArgs(dash === -1 ? argv : argv.slice(0, dash), OPTIONS);
  if (values.help) {
    io.stdout(PROXY_HELP);
    return EXIT.ok;
  }
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  if (command.length > 0 === (values.url !== undefined)) {
    throw new UsageError('give the server either after "--" (mcp-gen proxy -- node server.js) or as --url URL, not both.');
  }
  if (values.header?.length && values.url === undefined) throw new UsageError("--header applies to --url servers only.");
  const mode = choice<DriftMode>("on-drift", values["on-drift"], ["block", "warn"], "block");
  const listen = values.listen === undefined ? undefined : parseListen(values.listen);
  // Like every command: the project is --config's folder or the nearest folder up with a config, and
  // paths given on the command line (--lock, --log, --config) are relative to where the command was typed.
  const root = findProjectRoot(io.cwd, values);
  const given = configFromCommandLine(io.cwd, pathsFromCommandLine(io.cwd, values, root, ["lock", "log"]), root);
  const project = await readProjectConfig(root, given.config, "none");
  if (!project.config) {
    io.stderr(formatText([...project.diagnostics], { sources: project.sources, color: false }));
    return EXIT.usage;
  }
  const lockPath = given.lock ?? project.config.lock;
  const server =
    command.length > 0 ? { kind: "stdio" as const, command: command[0]!, args: command.slice(1) } : { kind: "http" as const, url: serverUrl(values.url!), headers: headerValues(values.header ?? []) };
  const target = describeTarget(server, { root, cwd: io.cwd, config: given.config, lock: given.lock });
  const lock = await readLock(root, lockPath, project.config.load, target, io);
  if (typeof lock === "number") return lock;
  const logFile = given.log === undefined ? undefined : openLog(resolve(root, given.log));
  const context: DriftContext = {
    lockPath,
    lock,
    verifyCommand: `mcp-gen verify ${target}`,
    updateCommand: `mcp-gen import --update ${target}`,
  };
  const { runProxySession } = await import("../../proxy/run-proxy.js");
  return runProxySession({
    server: server.kind === "stdio" ? { ...server, cwd: io.cwd, env: io.env } : server,
    listen,
    lock,
    mode,
    context,
    maxMessageBytes: MAX_MESSAGE_BYTES,
    maxDepth: Math.min(project.config.load.maxDepth, MAX_TOOL_DEPTH),
    stderr: (text) => io.stderr(text),
    log: logFile === undefined ? () => undefined : logWriter(logFile, (text) => io.stderr(text)),
  });
}

/** The lock, or the exit code after saying why there is none to trust: the proxy never runs without one. */
async function readLock(root: string, lockPath: string, limits: Parameters<typeof parseLock>[2], target: string, io: CliIo): Promise<LockFile | number> {
  const text = await readTextIfExists(resolve(root, lockPath)).catch((e: NodeJS.ErrnoException) => {
    io.stderr(`mcp-gen proxy: cannot read the lock ${lockPath} (${e.code ?? e.message}); the server was not started: nothing it lists could be checked.\n`);
    return null;
  });
  if (text === null) return EXIT.problems;
  if (text === undefined) {
    io.stderr(`mcp-gen proxy: there is no lock file at ${resolve(root, lockPath)}; the server was not started: nothing it lists could be checked.\nPin the server first: mcp-gen import ${target}\n`);
    return EXIT.usage;
  }
  const parsed = parseLock(text, lockPath, limits);
  if (!parsed.value) {
    io.stderr(`mcp-gen proxy: the lock ${lockPath} is invalid; the server was not started: nothing it lists could be checked.\n`);
    io.stderr(formatText(parsed.diagnostics, { sources: new Map([[lockPath, text]]), color: false }));
    return EXIT.problems;
  }
  return parsed.value;
}

/** `127.0.0.1:PORT` or `localhost:PORT`: the host side on loopback only. */
function parseListen(text: string): { readonly host: string; readonly port: number } {
  const match = /^(127\.0\.0\.1|localhost|\[::1\]):([0-9]{1,5})$/.exec(text);
  if (!match || Number(match[2]) > 65535) {
    throw new UsageError(`--listen ${JSON.stringify(text)} must be 127.0.0.1:PORT, localhost:PORT or [::1]:PORT: the proxy offers its HTTP endpoint to this machine only.`);
  }
  return { host: match[1] === "[::1]" ? "::1" : match[1]!, port: Number(match[2]) };
}

/** Checks that --log can be written before anything starts. */
function openLog(path: string): string {
  try {
    appendFileSync(path, "");
  } catch (e) {
    throw new UsageError(`--log: cannot write ${JSON.stringify(path)} (${(e as NodeJS.ErrnoException).code ?? "error"}).`);
  }
  return path;
}

/**
 * Appends each report line to the --log file. A write that fails (a full disk, a folder removed)
 * must not end the proxy, which goes on checking tools: it is said once on stderr, with the file and
 * the system's reason, and each later line is tried again, so the log goes on once the disk has
 * room. Every report is on stderr as well, so none is lost meanwhile; a failure after a write that
 * worked again is said again.
 */
function logWriter(path: string, stderr: (text: string) => void): (line: string) => void {
  let failing = false;
  return (line) => {
    try {
      appendFileSync(path, line);
      failing = false;
    } catch (e) {
      if (failing) return;
      failing = true;
      const why = visibleLine((e as NodeJS.ErrnoException).message ?? String(e));
      stderr(`mcp-gen proxy: cannot write to the --log file ${quotedStart(path, 300)} (${why}); the reports are on stderr, and each one is tried on the log file again.\n`);
    }
  };
}

/** Where the proxy runs: its project, the folder the host started it in, and the config and lock it was given (project-relative). */
interface ProxyPlace {
  readonly root: string;
  readonly cwd: string;
  readonly config: string | undefined;
  readonly lock: string | undefined;
}

/**
 * The options that have verify and import see what this proxy sees: the project, its config and lock
 * as the proxy was given them, and the server as the proxy reaches it — `--command "CMD ARGS"` run in
 * the host's folder (`--server-cwd`, verify runs it in the project otherwise), or `--url URL` with
 * every `--header`. Whole, for stderr and --log only (a header or URL may carry a credential). The
 * host's environment is not named: verify passes the server only PATH, HOME and a few others, and
 * `--env NAME` adds one (docs/pinning.md).
 */
function describeTarget(
  server: { readonly kind: "stdio"; readonly command: string; readonly args: readonly string[] } | { readonly kind: "http"; readonly url: URL; readonly headers: Readonly<Record<string, string>> },
  place: ProxyPlace,
): string {
  // The host's log is read from anywhere: folders are named in full.
  const words = [`--cwd ${quoteArg(place.root)}`];
  if (place.config !== undefined) words.push(`--config ${quoteArg(place.config)}`);
  if (place.lock !== undefined) words.push(`--lock ${quoteArg(place.lock)}`);
  if (server.kind === "http") {
    words.push(`--url ${quoteArg(server.url.href)}`);
    for (const [name, value] of Object.entries(server.headers)) words.push(`--header ${quoteArg(`${name}: ${value}`)}`);
  } else {
    words.push(`--command ${quoteArg([server.command, ...server.args].map(commandWord).join(" "))}`);
    if (resolve(place.cwd) !== resolve(place.root)) words.push(`--server-cwd ${quoteArg(resolve(place.cwd))}`);
  }
  return words.join(" ");
}

/** A word as --command splits it back (single quotes when it needs any). */
function commandWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** An argument as a POSIX shell reads it back. */
function quoteArg(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
