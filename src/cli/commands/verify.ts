// `mcp-gen verify --command "CMD ARGS" | --url URL`: calls tools/list on a running server and compares
// every tool, hashed exactly as the server sent it, with the lock file. Rug-pull detection for
// servers someone else runs. Exit 0 all match, 1 a tool added, removed or changed (or an invalid
// lock), 2 bad usage or a server that cannot be reached or answers badly.
import { resolve } from "node:path";
import { diffTools } from "../../diff/diff-tools.js";
import { diffJson, formatDiffText } from "../../diff/format-diff.js";
import { visibleText } from "../../diff/visible-text.js";
import type { LiveTools } from "../../live/fetch-live-tools.js";
import { DEFAULT_LIVE_OPTIONS, type LiveOptions } from "../../live/live-options.js";
import type { LiveTarget } from "../../live/live-connection.js";
import type { LiveProblem } from "../../live/live-problem.js";
import { splitCommand } from "../../live/split-command.js";
import { hashTool } from "../../lock/hash-tool.js";
import { parseLock } from "../../lock/parse-lock.js";
import { compareText } from "../../model/diagnostic.js";
import type { JsonObject } from "../../model/json.js";
import { TOOL_PARTS, type LockFile, type ToolPart } from "../../model/lock.js";
import { MCP_GEN_VERSION } from "../../model/version.js";
import { COMMON_OPTIONS, parseCommandArgs, UsageError, projectRoot } from "../args.js";
import { COMPARING_FORMATS, failsPolicy, REPORT_OPTIONS, reportHelp, reportSetup, writeReport } from "../report.js";
import { verifyFindings } from "../verify-findings.js";
import { EXIT, type CliIo } from "../io.js";
import { readTextIfExists } from "../write-files.js";
import { readProjectConfig } from "../read-config.js";

/** The live client (and the SDK under it), loaded only by the commands that talk to a server. */
export function loadLive(): Promise<typeof import("../../live/fetch-live-tools.js")> {
  return import("../../live/fetch-live-tools.js");
}

export const LIVE_HELP = `  --command "CMD ARGS"     start the server over stdio: a program and its arguments, split as a
                           shell splits words but never run by a shell; it runs in the project root
  --url URL                reach a Streamable HTTP server at this URL
  --env NAME[=VALUE]       pass an environment variable to the --command server (repeatable); with no
                           value, its value here. Otherwise only PATH, HOME and a few others pass.
  --header "NAME: VALUE"   send this HTTP header with every --url request (repeatable)
  --timeout MS             the whole exchange must end within MS milliseconds (default: ${DEFAULT_LIVE_OPTIONS.timeoutMs})
  --max-pages N            follow nextCursor for at most N pages (default: ${DEFAULT_LIVE_OPTIONS.maxPages})`;

export const VERIFY_HELP = `Usage: mcp-gen verify (--command "CMD ARGS" | --url URL) [options]

Call tools/list on a running server (2026-07-28 or 2025 era) and compare every tool, exactly as the
server sends it, with the lock file. Any tool added, removed or changed fails, naming the tool and
the part that changed, with a diff of the text.

Options:
${LIVE_HELP}
  --lock FILE              the lock file, relative to the root (default: the config's lock)
${reportHelp(COMPARING_FORMATS, "error")}
                           (one finding per tool added, removed or changed, at its lock entry)
  --cwd DIR                project root (default: the current directory)
  --config FILE            config file, relative to the root (default: mcp-gen.config.yaml)
  -h, --help               show this help

Exit status: 0 every tool matches, 1 a tool was added, removed or changed (or the lock is invalid),
2 bad usage, or the server could not be reached or answered badly.
`;

export const LIVE_OPTIONS = {
  command: { type: "string" },
  url: { type: "string" },
  env: { type: "string", multiple: true },
  header: { type: "string", multiple: true },
  timeout: { type: "string" },
  "max-pages": { type: "string" },
} as const;

interface LiveValues {
  readonly command?: string | undefined;
  readonly url?: string | undefined;
  readonly env?: string[] | undefined;
  readonly header?: string[] | undefined;
  readonly timeout?: string | undefined;
  readonly "max-pages"?: string | undefined;
}

/** The server to reach and the limits, from the live options; throws UsageError on bad usage. */
export function liveRequest(values: LiveValues, root: string, env: Readonly<Record<string, string | undefined>>): { target: LiveTarget; options: LiveOptions } {
  if ((values.command === undefined) === (values.url === undefined)) throw new UsageError("give exactly one of --command \"CMD ARGS\" (stdio) and --url URL (Streamable HTTP).");
  const options: LiveOptions = {
    timeoutMs: positive("timeout", values.timeout, DEFAULT_LIVE_OPTIONS.timeoutMs),
    maxPages: positive("max-pages", values["max-pages"], DEFAULT_LIVE_OPTIONS.maxPages),
    clientVersion: MCP_GEN_VERSION,
  };
  if (values.command !== undefined) {
    if (values.header?.length) throw new UsageError("--header applies to --url servers only.");
    const split = splitCommand(values.command);
    if (!split.ok) throw new UsageError(split.message);
    return { target: { kind: "stdio", command: split.command, args: split.args, cwd: root, env: serverEnv(values.env ?? [], env) }, options };
  }
  if (values.env?.length) throw new UsageError("--env applies to --command servers only.");
  let url: URL;
  try {
    url = new URL(values.url!);
  } catch {
    throw new UsageError(`--url ${JSON.stringify(values.url)} is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`--url must be an http or https URL; got ${JSON.stringify(url.protocol)}.`);
  return { target: { kind: "http", url, headers: headers(values.header ?? []) }, options };
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^[1-9][0-9]{0,8}$/.test(value)) throw new UsageError(`--${name} must be a positive whole number; got ${JSON.stringify(value)}.`);
  return Number(value);
}

function serverEnv(entries: readonly string[], env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const eq = entry.indexOf("=");
    const name = eq === -1 ? entry : entry.slice(0, eq);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new UsageError(`--env ${JSON.stringify(entry)} does not start with a variable name.`);
    const value = eq === -1 ? env[name] : entry.slice(eq + 1);
    if (value === undefined) throw new UsageError(`--env ${name}: ${name} is not set here; give a value with --env ${name}=VALUE.`);
    out[name] = value;
  }
  return out;
}

function headers(entries: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const colon = entry.indexOf(":");
    const name = colon === -1 ? "" : entry.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`--header ${JSON.stringify(entry)} is not of the form "Name: value".`);
    out[name] = entry.slice(colon + 1).trim();
  }
  return out;
}

/** Prints a live problem as a command's error (exit 2). */
export function reportLiveProblem(command: string, problem: LiveProblem, io: CliIo): number {
  const tail = problem.stderr ? `\nThe server's last output on stderr:\n${problem.stderr.split("\n").slice(-10).map((line) => `  | ${shorten(visibleText(line))}`).join("\n")}` : "";
  io.stderr(`mcp-gen ${command}: ${visibleText(problem.message)}${tail}\n`);
  return EXIT.usage;
}

function shorten(line: string): string {
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** "fake 1.0.0 (legacy era)" */
export function describeServer(live: LiveTools): string {
  const { name, version, era } = live.server;
  return visibleText(`${name === undefined ? "The server" : JSON.stringify(name)}${version ? ` ${version}` : ""}${era ? ` (${era} era)` : ""}`);
}

export async function runVerify(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, { ...COMMON_OPTIONS, ...LIVE_OPTIONS, ...REPORT_OPTIONS, lock: { type: "string" } });
  if (values.help) {
    io.stdout(VERIFY_HELP);
    return EXIT.ok;
  }
  const root = projectRoot(io.cwd, values.cwd);
  const setup = reportSetup("verify", values, io, root, COMPARING_FORMATS, "error");
  const { target, options } = liveRequest(values, root, io.env);
  const project = await readProjectConfig(root, values.config);
  if (!project.config) {
    await writeReport(io, setup, project.diagnostics, { sources: project.sources });
    return EXIT.usage;
  }
  const lockPath = values.lock ?? project.config.lock;
  const lockText = await readTextIfExists(resolve(root, lockPath));
  if (lockText === undefined) throw new UsageError(`there is no lock file at ${lockPath}; write one with \`mcp-gen import\` (a server someone else runs) or \`mcp-gen build\`.`);
  const parsed = parseLock(lockText, lockPath, project.config.load);
  if (!parsed.value) {
    await writeReport(io, setup, parsed.diagnostics, { sources: new Map([[lockPath, lockText]]), markdown: { passed: false, headline: `${lockPath} cannot be read; nothing was compared.` } });
    return EXIT.problems;
  }
  const live = await (await loadLive()).fetchLiveTools(target, options);
  if (!live.ok) return reportLiveProblem("verify", live.problem, io);
  const comparison = compareWithLock(parsed.value, live.value.tools);
  const diff = diffTools(new Map(Object.entries(parsed.value.tools).map(([name, tool]) => [name, tool.descriptor])), comparison.byName);
  const files = new Map(Object.entries(parsed.value.tools).map(([name, tool]) => [name, tool.file]));
  const findings = verifyFindings({ lockPath, lockText, limits: project.config.load, diff, ...comparison });
  const failed = failsPolicy(findings, setup.policy);
  const { byName: _byName, ...rest } = comparison;
  await writeReport(io, setup, findings, {
    sources: new Map([[lockPath, lockText]]),
    json: () => JSON.stringify({ server: live.value.server, pages: live.value.pages, lock: lockPath, ...rest, ...diffJson(diff) }, null, 2) + "\n",
    text: (color) => {
      const body = formatDiffText(diff, { files: new Map([...files].map(([tool, file]) => [tool, setup.paths.fromCwd(file)])), before: lockPath, after: "server", color });
      return `${describeServer(live.value)} listed ${plural(live.value.tools.length, "tool")} on ${plural(live.value.pages, "page")}.\n${body ? `\n${body}` : ""}\n${verdict(comparison, lockPath)}\n`;
    },
    markdown: { passed: !failed, headline: verdict(comparison, lockPath), changes: diff, toolFiles: files, before: lockPath, after: "server" },
  });
  return failed ? EXIT.problems : EXIT.ok;
}

export interface LockComparison {
  readonly byName: ReadonlyMap<string, JsonObject>;
  readonly matched: readonly string[];
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly { readonly name: string; readonly parts: readonly ToolPart[]; readonly sha256: { readonly lock: string; readonly server: string } }[];
}

/** Each live tool hashed as sent, against the lock's hashes. */
function compareWithLock(lock: LockFile, tools: readonly JsonObject[]): LockComparison {
  const byName = new Map(tools.map((tool) => [tool.name as string, tool]));
  const locked = Object.keys(lock.tools);
  const matched: string[] = [];
  const changed: LockComparison["changed"][number][] = [];
  for (const name of locked.filter((n) => byName.has(n)).sort(compareText)) {
    const pinned = lock.tools[name]!;
    const now = hashTool(byName.get(name)!);
    if (now.sha256 === pinned.sha256) {
      matched.push(name);
      continue;
    }
    const parts = TOOL_PARTS.filter((part) => now.parts[part] !== (Object.prototype.hasOwnProperty.call(pinned.parts, part) ? pinned.parts[part] : undefined));
    changed.push({ name, parts, sha256: { lock: pinned.sha256, server: now.sha256 } });
  }
  return {
    byName,
    matched,
    added: [...byName.keys()].filter((n) => !Object.prototype.hasOwnProperty.call(lock.tools, n)).sort(compareText),
    removed: locked.filter((n) => !byName.has(n)).sort(compareText),
    changed,
  };
}

function verdict(c: LockComparison, lockPath: string): string {
  const differences = [
    c.changed.length > 0 ? `${plural(c.changed.length, "tool")} changed (${c.changed.map((t) => `${JSON.stringify(t.name)}: ${t.parts.join(", ")}`).join("; ")})` : "",
    c.added.length > 0 ? `${plural(c.added.length, "tool")} added (${c.added.map((n) => JSON.stringify(n)).join(", ")})` : "",
    c.removed.length > 0 ? `${plural(c.removed.length, "tool")} removed (${c.removed.map((n) => JSON.stringify(n)).join(", ")})` : "",
  ].filter((part) => part !== "");
  if (differences.length === 0) return `All ${plural(c.matched.length, "tool")} match ${lockPath}.`;
  return visibleText(`The server does not match ${lockPath}: ${differences.join("; ")}.`);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
