// `mcp-gen verify --command "CMD ARGS" | --url URL | --client-config FILE`: calls tools/list on a
// running server and compares every tool, hashed exactly as the server sent it, with the lock file;
// with --client-config, every server an MCP client's config lists, each against the lock in its
// folder. Rug-pull detection for servers someone else runs. Exit 0 all match, 1 a tool added,
// removed or changed (or an invalid lock, or a server never pinned), 2 bad usage or a server that
// cannot be reached or answers badly (the other servers are still checked).
import { posix, resolve } from "node:path";
import type { Diagnostic } from "../../model/diagnostic.js";
import type { LiveOptions } from "../../live/live-options.js";
import type { LiveProblem } from "../../live/live-problem.js";
import { parseLock } from "../../lock/parse-lock.js";
import type { LiveTools } from "../../live/fetch-live-tools.js";
import { visibleLine } from "../../diff/visible-text.js";
import { compareServer, describeRecord } from "../../live/server-record.js";
import { loadDocument } from "../../load/load-document.js";
import { diagnosticAtPointer } from "../../load/locate.js";
import type { ServerRecord } from "../../model/lock.js";
import type { Config } from "../../config/config.js";
import { formatText } from "../../report/format-text.js";
import { formatVerifyText, hasDrift, toolDiff, verdict as verifyVerdict, verifyJson, type VerifyReport } from "../../report/format-verify.js";
import { ALL_RULES } from "../../validate/rules/index.js";
import { COMMON_OPTIONS, parseCommandArgs, UsageError } from "../args.js";
import { readClientServers, serverHeading, type PinnedServer } from "../client-servers.js";
import { commandLineFolder, configFromCommandLine, pathsFromCommandLine } from "../project-root.js";
import { EXIT, type CliIo } from "../io.js";
import { LIVE_HELP, LIVE_OPTIONS, liveOptions, liveRequest, withClientConfigFlag, plural, type LiveRequest, type LiveValues } from "../live-args.js";
import { readProjectConfig } from "../read-config.js";
import { COMPARING_FORMATS, failsPolicy, REPORT_OPTIONS, reportHelp, reportSetup, writeReport, type ReportSetup } from "../report.js";
import { refuseReportsOverProject } from "../report-files.js";
import { findDescriptors } from "../find-descriptors.js";
import { verifyFindings } from "../verify-findings.js";
import { describeFailure, fetchTools, type ToolSource } from "../tool-source.js";
import { readTextIfExists } from "../../files/write-files.js";
import { pathKind } from "../../files/path-kind.js";
import { diagnosticAtFileStart } from "../../load/diagnostic-at.js";

export const VERIFY_HELP = `Usage: mcp-gen verify (--command "CMD ARGS" | --url URL | --client-config FILE) [options]

Call tools/list on a running server (2026-07-28 or 2025 era) and compare every tool, exactly as the
server sends it, with the lock file. Any tool added, removed or changed fails, naming the tool and
the part that changed, with a diff of the text and what the description rules find in the server's
new text (prompt injection, hidden instructions, shadowing, invisible characters).

Options:
${LIVE_HELP}
  --lock FILE              the lock file, relative to the current folder or --cwd (default: the
                           config's lock)
${reportHelp(COMPARING_FORMATS, "error")}
                           (one finding per tool added, removed or changed, at its lock entry, and
                           the description rules' findings on a new or changed tool's text)
  --cwd DIR                project root (default: the folder of --config; else the nearest folder,
                           here or above, with mcp-gen.config.yaml; else the current folder)
  --config FILE            mcp-gen's config file, relative to --cwd or the current folder
                           (default: mcp-gen.config.yaml, in the project root); without
                           --cwd, the folder that holds it is the project root;
                           with --client-config, each server folder's own config is used
  -h, --help               show this help

Exit status: 0 every tool matches, 1 a tool was added, removed or changed (or the lock is invalid,
or a --client-config server was never imported), 2 bad usage, or a server could not be reached or
answered badly (with --client-config, the other servers are still checked).
`;

/** One server's verification: a report and its findings, or why there is none. */
type Verdict =
  | { readonly kind: "checked"; readonly report: VerifyReport; readonly describeServer: string; readonly findings: readonly Diagnostic[]; readonly lockText: string }
  /** The server says it is not the one the lock pins: its tools were not compared. */
  | { readonly kind: "other-server"; readonly message: string; readonly finding: Diagnostic; readonly lockText: string; readonly report: OtherServerReport }
  | { readonly kind: "failed"; readonly problem: LiveProblem; readonly hint?: string }
  /** A --file that is not a tools/list answer. */
  | { readonly kind: "bad-file"; readonly diagnostics: readonly Diagnostic[]; readonly sources: ReadonlyMap<string, string> }
  | { readonly kind: "no-lock"; readonly lock: string }
  | { readonly kind: "invalid-lock"; readonly lock: string; readonly text: string; readonly diagnostics: readonly Diagnostic[] };

export async function runVerify(argv: readonly string[], io: CliIo): Promise<number> {
  const { values: typed } = parseCommandArgs(argv, { ...COMMON_OPTIONS, ...LIVE_OPTIONS, ...REPORT_OPTIONS, lock: { type: "string" } });
  if (typed.help) {
    io.stdout(VERIFY_HELP);
    return EXIT.ok;
  }
  // An MCP client's config given as --config is --client-config, and says nothing of where the project is.
  const given = await withClientConfigFlag(typed, commandLineFolder(io.cwd, typed));
  const setup = reportSetup("verify", given, io, COMPARING_FORMATS, "error");
  const { root } = setup;
  const values = configFromCommandLine(io.cwd, pathsFromCommandLine(io.cwd, given, root, ["client-config", "lock"]), root);
  const request = liveRequest(values, root, io.env, io.cwd);
  if (request.kind === "client-config") {
    if (values.lock !== undefined || values.config !== undefined) throw new UsageError("--lock and --config name one project; with --client-config each server's folder has its own.");
    return verifyClientConfig(request, values, root, setup, io);
  }
  const project = await readProjectConfig(root, values.config);
  if (!project.config) {
    await writeReport(io, setup, project.diagnostics, { sources: project.sources });
    return EXIT.usage;
  }
  const config = project.config;
  await refuseReportsOverProject(setup.files, {
    root,
    lock: values.lock ?? config.lock,
    out: config.out,
    handlers: config.handlers,
    tests: config.tests,
    descriptors: () => findDescriptors(root, config),
  });
  const source: ToolSource = request.kind === "file" ? request.source : { kind: "live", target: request.target };
  const verdict = await verifyServer(root, values.lock ?? project.config.lock, project.config, source, liveOptions(values, project.config), io.env);
  switch (verdict.kind) {
    case "no-lock":
      throw new UsageError(`there is no lock file at ${verdict.lock}; write one with \`mcp-gen import\` (a server someone else runs) or \`mcp-gen build\`.`);
    case "invalid-lock":
      await writeReport(io, setup, verdict.diagnostics, {
        sources: new Map([[verdict.lock, verdict.text]]),
        markdown: { passed: false, headline: `${verdict.lock} cannot be read; nothing was compared.` },
      });
      return EXIT.problems;
    case "failed":
      io.stderr(`mcp-gen verify: ${describeFailure(verdict)}\n`);
      return EXIT.usage;
    case "bad-file":
      await writeReport(io, setup, verdict.diagnostics, { sources: verdict.sources, markdown: { passed: false, headline: "The --file is not a tools/list answer; nothing was compared." } });
      return EXIT.usage;
    case "other-server":
      await writeReport(io, setup, [verdict.finding], {
        sources: new Map([[verdict.report.lock, verdict.lockText]]),
        json: () => JSON.stringify(verdict.report, null, 2) + "\n",
        text: () => `${verdict.message}\n`,
        markdown: { passed: false, headline: verdict.message },
      });
      return EXIT.problems;
    case "checked": {
      const { report, findings } = verdict;
      const failed = failsPolicy(findings, setup.policy);
      await writeReport(io, setup, findings, {
        sources: new Map([[report.lock, verdict.lockText]]),
        json: () => JSON.stringify(verifyJson(report), null, 2) + "\n",
        text: (color) => formatVerifyText(report, { color, describeServer: verdict.describeServer }),
        markdown: { passed: !failed, headline: verifyVerdict(report), changes: toolDiff(report.comparison.findings), toolFiles: toolFiles(report), before: report.lock, after: "server" },
      });
      return failed ? EXIT.problems : EXIT.ok;
    }
  }
}

/** Fetches the server's tools and compares them with the lock at `lockPath` (relative to `root`). */
async function verifyServer(root: string, lockPath: string, config: Config, source: ToolSource, options: LiveOptions, env: Readonly<Record<string, string | undefined>>): Promise<Verdict> {
  // A folder, a named pipe, a socket or a device there is said to be one; a pipe is never opened.
  const found = pathKind(resolve(root, lockPath));
  if (found.kind === "other") return { kind: "invalid-lock", lock: lockPath, text: "", diagnostics: [lockNotAFile(lockPath, found.what)] };
  const lockText = await readTextIfExists(resolve(root, lockPath));
  if (lockText === undefined) return { kind: "no-lock", lock: lockPath };
  const parsed = parseLock(lockText, lockPath, config.load);
  if (!parsed.value) return { kind: "invalid-lock", lock: lockPath, text: lockText, diagnostics: parsed.diagnostics };
  const fetched = await fetchTools(source, options, env);
  if (!fetched.ok) return "problem" in fetched ? { kind: "failed", ...fetched } : { kind: "bad-file", diagnostics: fetched.diagnostics, sources: fetched.sources };
  const live = { value: fetched.tools };
  const pinned = parsed.value.server;
  if (compareServer(pinned, live.value.server).kind === "other") return otherServer(lockPath, lockText, config, pinned!, live.value, fetched.describe);
  const { compareLive } = await import("../../live/compare-live.js");
  const comparison = compareLive(parsed.value, live.value.tools, { rules: ALL_RULES, settings: config.rules }, { era: live.value.server.era });
  const report: VerifyReport = { server: live.value.server, pages: live.value.pages, tools: live.value.tools.length, lock: lockPath, comparison, ...(pinned ? { pinned } : {}) };
  const findings = verifyFindings({ lockPath, lockText, limits: config.load, comparison });
  return { kind: "checked", report, describeServer: fetched.describe, findings, lockText };
}

function lockNotAFile(lockPath: string, what: string): Diagnostic {
  return diagnosticAtFileStart(lockPath, {
    ruleId: "lock-invalid",
    severity: "error",
    message: `${lockPath} is ${what}, not a lock file; verify reads nothing from it.`,
    hint: "Point --lock (or lock in mcp-gen.config.yaml) at the lock file, or move this away and pin the server again with `mcp-gen build` or `mcp-gen import`.",
  });
}

/** What verify reports in JSON for a server that is not the one the lock pins. */
interface OtherServerReport {
  readonly server: LiveTools["server"];
  readonly lock: string;
  /** The lock's record of the server it pins. */
  readonly pinned: ServerRecord;
  readonly otherServer: true;
}

/** The verdict on a server that says it is another than the lock's: one finding, at the lock's record of the server. */
function otherServer(lockPath: string, lockText: string, config: Config, pinned: ServerRecord, live: LiveTools, described: string): Verdict {
  const message = `${lockPath} pins ${describeRecord(pinned)}, but this server says it is ${described}: another server, so its tools were not compared.`;
  const doc = loadDocument({ path: lockPath, text: lockText }, { ...config.load, maxDepth: config.load.maxDepth + 4, maxNodes: Number.MAX_SAFE_INTEGER }).value;
  const content = {
    ruleId: "verify-other-server",
    severity: "error" as const,
    message,
    hint: `Check the server options (--command, --url or the client config's entry). If the server was renamed, or this is the server to pin now, pin it with \`mcp-gen import --force\` and commit ${lockPath}.`,
  };
  const finding: Diagnostic = doc ? diagnosticAtPointer(doc, "/server/name", content) : { ...content, file: lockPath, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: "/server/name" };
  return { kind: "other-server", message, finding, lockText, report: { server: live.server, lock: lockPath, pinned, otherServer: true } };
}

/** The descriptor file the lock records for each tool a finding names. */
function toolFiles(report: VerifyReport): Map<string, string> {
  return new Map(report.comparison.findings.flatMap((finding) => (finding.file === undefined ? [] : [[finding.tool, finding.file] as const])));
}

/** One server of a client config, as the report shows it. */
type ServerResult = { readonly server: PinnedServer; readonly status: "match" | "drift" | "not-pinned" | "failed" | "disabled" } & ({ readonly verdict: Verdict } | { readonly message: string });

async function verifyClientConfig(request: Extract<LiveRequest, { kind: "client-config" }>, values: LiveValues, root: string, setup: ReportSetup, io: CliIo): Promise<number> {
  const results: ServerResult[] = [];
  for (const server of await readClientServers(request)) results.push(await verifyPinned(server, values, root, io.env));
  // Every server's findings, their files named from the project root (each lock lives in its server's folder).
  const findings = results.flatMap((result) => serverFindings(result));
  const sources = new Map(
    results.flatMap((result) =>
      "verdict" in result && (result.verdict.kind === "checked" || result.verdict.kind === "other-server")
        ? [[posix.join(result.server.folder, result.verdict.report.lock), result.verdict.lockText] as const]
        : [],
    ),
  );
  const drifted = results.some((r) => r.status === "drift" || r.status === "not-pinned");
  await writeReport(io, setup, findings, {
    sources,
    json: () => JSON.stringify({ servers: results.map(resultJson), summary: summaryCounts(results) }, null, 2) + "\n",
    text: (color) => `${results.map((result) => `${serverHeading(result.server)}:\n${resultText(result, color)}`).join("\n\n")}\n\n${summaryText(results)}\n`,
    markdown: { passed: !drifted && !results.some((r) => r.status === "failed"), headline: summaryText(results) },
  });
  if (results.some((r) => r.status === "failed")) return EXIT.usage;
  return drifted || failsPolicy(findings, setup.policy) ? EXIT.problems : EXIT.ok;
}

/** A server's findings with their lock's path from the project root. */
function serverFindings(result: ServerResult): Diagnostic[] {
  if (!("verdict" in result)) return [];
  const { verdict } = result;
  const found = verdict.kind === "checked" ? verdict.findings : verdict.kind === "invalid-lock" ? verdict.diagnostics : verdict.kind === "other-server" ? [verdict.finding] : [];
  return found.map((finding) => ({ ...finding, file: posix.join(result.server.folder, finding.file) }));
}

async function verifyPinned(server: PinnedServer, values: LiveValues, root: string, env: Readonly<Record<string, string | undefined>>): Promise<ServerResult> {
  const { entry } = server;
  if (entry.status === "disabled") return { server, status: "disabled", message: "Disabled in the client config; not checked." };
  if (entry.status === "unusable") return { server, status: "failed", message: `mcp-gen cannot reach this server: ${visibleLine(entry.reason)}` };
  const folder = resolve(root, server.folder);
  const project = await readProjectConfig(folder, undefined);
  if (!project.config) return { server, status: "failed", message: `${server.folder}: ${visibleLine(project.diagnostics.map((d) => d.message).join(" "))}` };
  const verdict = await verifyServer(folder, project.config.lock, project.config, { kind: "live", target: entry.target, fromClientConfig: true }, liveOptions(values, project.config), env);
  const status =
    verdict.kind === "checked"
      ? hasDrift(verdict.report)
        ? "drift"
        : "match"
      : verdict.kind === "no-lock"
        ? "not-pinned"
        : verdict.kind === "invalid-lock" || verdict.kind === "other-server"
          ? "drift"
          : "failed";
  return { server, status, verdict };
}

function resultText(result: ServerResult, color: boolean): string {
  if (!("verdict" in result)) return result.message;
  const { verdict } = result;
  switch (verdict.kind) {
    case "checked":
      return formatVerifyText(verdict.report, { color, describeServer: verdict.describeServer }).trimEnd();
    case "failed":
      return describeFailure(verdict);
    case "other-server":
      return verdict.message;
    case "bad-file":
      return formatText(verdict.diagnostics, { sources: verdict.sources, color }).trimEnd();
    case "no-lock":
      return `Not pinned: there is no ${result.server.folder}/${verdict.lock}; pin it with \`mcp-gen import --client-config\`.`;
    case "invalid-lock":
      return formatText(verdict.diagnostics, { sources: new Map([[verdict.lock, verdict.text]]), color }).trimEnd();
  }
}

function resultJson(result: ServerResult): Record<string, unknown> {
  const base = { name: result.server.name, folder: result.server.folder, status: result.status };
  if (!("verdict" in result)) return { ...base, message: result.message };
  const { verdict } = result;
  switch (verdict.kind) {
    case "checked":
      return { ...base, ...verifyJson(verdict.report) };
    case "failed":
      return { ...base, problem: verdict.problem };
    case "other-server":
      return { ...base, ...verdict.report, findings: [verdict.finding] };
    case "bad-file":
      return { ...base, diagnostics: verdict.diagnostics };
    case "no-lock":
      return { ...base, message: `There is no ${verdict.lock} in ${result.server.folder}.` };
    case "invalid-lock":
      return { ...base, diagnostics: verdict.diagnostics };
  }
}

function summaryCounts(results: readonly ServerResult[]): Record<ServerResult["status"], number> {
  const counts = { match: 0, drift: 0, "not-pinned": 0, failed: 0, disabled: 0 };
  for (const result of results) counts[result.status]++;
  return counts;
}

/** "3 servers: 1 matches its lock, 1 changed, 1 could not be checked." */
function summaryText(results: readonly ServerResult[]): string {
  const counts = summaryCounts(results);
  const parts = [
    counts.match > 0 ? `${counts.match} ${counts.match === 1 ? "matches its lock" : "match their locks"}` : "",
    counts.drift > 0 ? `${counts.drift} changed` : "",
    counts["not-pinned"] > 0 ? `${counts["not-pinned"]} not pinned` : "",
    counts.failed > 0 ? `${counts.failed} could not be checked` : "",
    counts.disabled > 0 ? `${counts.disabled} disabled` : "",
  ].filter((part) => part !== "");
  return `${plural(results.length, "server")}: ${parts.join(", ")}.`;
}
