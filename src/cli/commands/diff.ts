// `mcp-gen diff`: classifies every change between the lock (or another lock file, or the lock at a
// git revision) and the current descriptors (or another lock file) as breaking, needs review or
// compatible, with a unified diff of changed text. Exit 0 nothing or only compatible changes, 1
// breaking or needs-review changes (or errors), 2 bad usage.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import type { ToolDiff, ToolDiffChange } from "../../diff/change.js";
import { diffTools } from "../../diff/diff-tools.js";
import { diffJson, formatDiffText, summarizeDiff } from "../../diff/format-diff.js";
import { loadDocument } from "../../load/load-document.js";
import { diagnosticAtPointer, placeInTool } from "../../load/locate.js";
import { parseLock } from "../../lock/parse-lock.js";
import type { Config } from "../../config/config.js";
import { sortDiagnostics, type Diagnostic } from "../../model/diagnostic.js";
import type { JsonObject } from "../../model/json.js";
import type { LockFile } from "../../model/lock.js";
import { joinPointer } from "../../model/pointer.js";
import type { SourceDoc } from "../../model/source.js";
import { analyzeProject } from "../../project/analyze-project.js";
import { withPatternVerdicts } from "../../pattern-check/certify-patterns.js";
import { formatText } from "../../report/format-text.js";
import { relocate } from "../../report/format-json.js";
import { COMMON_OPTIONS, parseCommandArgs, UsageError } from "../args.js";
import { configFromCommandLine, pathsFromCommandLine } from "../project-root.js";
import { EXIT, type CliIo } from "../io.js";
import { readProject } from "../read-project.js";
import { readTextIfExists } from "../../files/write-files.js";
import { readProjectConfig } from "../read-config.js";
import { COMPARING_FORMATS, failsPolicy, REPORT_OPTIONS, reportHelp, reportSetup, writeReport, type ReportSetup } from "../report.js";
import { refuseReportsOverProject } from "../report-files.js";
import { findDescriptors } from "../find-descriptors.js";

export const DIFF_HELP = `Usage: mcp-gen diff [options]

Classify every change between the lock file and the current descriptors:
  breaking      callers can fail: tool removed or renamed, required argument added, argument removed
                or narrowed, enum value removed, output field removed or retyped, x-mcp-header changed
  needs review  what the model is told changed: description, title, annotations (a hint flipping
                toward danger is named), icons, _meta, a new tool
  compatible    old callers keep working: optional argument added, output field added, limits loosened

Options:
  --base FILE        compare from this lock file instead of the project's (relative to the
                     current folder, or --cwd)
  --base-rev REV     compare from the project's lock as committed at git revision REV (e.g. origin/main)
  --head FILE        compare to this lock file instead of the current descriptors
  --cwd DIR          project root (default: the folder of --config; else the nearest folder,
                     here or above, with mcp-gen.config.yaml; else the current folder)
  --config FILE      config file, relative to --cwd or the current folder
                     (default: mcp-gen.config.yaml, in the project root); without
                     --cwd, the folder that holds it is the project root
${reportHelp(COMPARING_FORMATS, "warning")}
                     (each change is a finding: breaking an error, needs review a warning,
                     compatible an info, at the changed line of the descriptor)
  -h, --help         show this help

Exit status: 0 no changes or only compatible ones, 1 breaking or needs-review changes (or errors),
2 bad usage.
`;

interface Side {
  /** What the side is, when it is no file on disk: "descriptors", "mcp-tools.lock.json at main". */
  readonly label: string;
  /** The lock file on disk this side is (project path): named as the reader names a path (ReportPaths), not by `label`. */
  readonly file?: string;
  readonly tools: ReadonlyMap<string, JsonObject>;
  readonly files: ReadonlyMap<string, string>;
  readonly diagnostics: readonly Diagnostic[];
  readonly sources: ReadonlyMap<string, string>;
  /** Said before the diff, for example that there was no lock to compare with; `name` is the side's name (sideName). */
  readonly note?: (name: string) => string;
  /** Where a tool's node (a JSON Pointer into its wire descriptor) is written on this side; line 1 of `fallback` when unknown. */
  readonly locate?: (tool: string, pointer: string) => Diagnostic | undefined;
  /** The file findings about this side point at when nothing better is known. */
  readonly fallback: string;
  /**
   * Descriptor files (or folders) with errors that gave no tool: what a tool recorded in one of them
   * became cannot be said, so it is not compared, rather than called removed.
   */
  readonly unread?: readonly string[];
}

export async function runDiff(argv: readonly string[], io: CliIo): Promise<number> {
  const { values: given } = parseCommandArgs(argv, { ...COMMON_OPTIONS, ...REPORT_OPTIONS, base: { type: "string" }, "base-rev": { type: "string" }, head: { type: "string" } });
  if (given.help) {
    io.stdout(DIFF_HELP);
    return EXIT.ok;
  }
  if (given.base !== undefined && given["base-rev"] !== undefined) throw new UsageError("give --base or --base-rev, not both.");
  const setup = reportSetup("diff", given, io, COMPARING_FORMATS, "warning");
  const { root } = setup;
  const values = configFromCommandLine(io.cwd, pathsFromCommandLine(io.cwd, given, root, ["base", "head"]), root);
  const project = await readProjectConfig(root, values.config);
  if (!project.config) {
    await writeReport(io, setup, project.diagnostics, { sources: project.sources });
    return EXIT.usage;
  }
  const config = project.config;
  await refuseReportsOverProject(setup.files, { root, lock: config.lock, out: config.out, handlers: config.handlers, tests: config.tests, descriptors: () => findDescriptors(root, config) });
  const base = values["base-rev"] !== undefined ? await lockAtRevision(root, config, values["base-rev"]) : await lockSide(root, config, values.base, values.base === undefined);
  const head = values.head !== undefined ? await lockSide(root, config, values.head, false) : await descriptorSide(root, values.config);
  const diagnostics = [...base.diagnostics, ...head.diagnostics];
  const sources = new Map([...base.sources, ...head.sources]);
  if (diagnostics.some((d) => d.ruleId === "lock-invalid")) {
    await writeReport(io, setup, diagnostics, {
      sources,
      json: () => JSON.stringify({ diagnostics: relocate(diagnostics, setup.paths.fromCwd) }, null, 2) + "\n",
      markdown: { passed: false, headline: "A lock file cannot be read; nothing was compared." },
    });
    return EXIT.problems;
  }
  const notCompared = unreadTools(base, head);
  const diff = diffTools(new Map([...base.tools].filter(([name]) => !notCompared.has(name))), head.tools);
  const findings = sortDiagnostics([...diagnostics, ...diff.changes.map((change) => changeFinding(change, base, head))]);
  const failed = failsPolicy(findings, setup.policy);
  await writeReport(io, setup, findings, {
    sources,
    text: (color) => renderText(diff, base, head, diagnostics, color, setup, notCompared),
    json: () =>
      JSON.stringify(
        {
          base: sideName(base, setup.paths.fromCwd),
          head: sideName(head, setup.paths.fromCwd),
          ...diffJson(diff),
          ...(notCompared.size > 0 ? { notCompared: [...notCompared.keys()] } : {}),
          diagnostics: relocate(diagnostics, setup.paths.fromCwd),
        },
        null,
        2,
      ) + "\n",
    markdown: {
      passed: !failed,
      headline: diff.changes.length === 0 ? `No changes between ${sideName(base, setup.paths.fromRepo)} and ${sideName(head, setup.paths.fromRepo)}.` : summarizeDiff(diff),
      changes: diff,
      toolFiles: new Map([...base.files, ...head.files]),
      before: sideName(base, setup.paths.fromRepo),
      after: sideName(head, setup.paths.fromRepo),
    },
  });
  return failed ? EXIT.problems : EXIT.ok;
}

const CHANGE_SEVERITY = { breaking: "error", "needs-review": "warning", compatible: "info" } as const;
const CHANGE_HINT = {
  breaking: "Callers written against the old descriptor can fail: keep the old behaviour, or release it as a new tool and tell its callers.",
  "needs-review": "Review the change: it alters what the model reads or people see of the tool.",
  compatible: "Old callers keep working.",
} as const;

/** A classified change as a finding, at the changed node of the side it is in. */
function changeFinding(change: ToolDiffChange, base: Side, head: Side): Diagnostic {
  const side = change.side === "head" ? head : base;
  const placed = side.locate?.(change.tool, change.pointer) ?? (change.side === "base" ? undefined : base.locate?.(change.tool, change.pointer));
  const where = placed ?? { file: side.fallback, line: 1, column: 1, endLine: 1, endColumn: 1 };
  return {
    ruleId: `tool-change-${change.class}`,
    severity: CHANGE_SEVERITY[change.class],
    message: `${JSON.stringify(change.tool)}: ${change.message}`,
    hint: CHANGE_HINT[change.class],
    file: where.file,
    line: where.line,
    column: where.column,
    endLine: where.endLine,
    endColumn: where.endColumn,
    pointer: change.pointer,
    ...(change.text ? { textChanges: [{ label: change.part ?? "", before: change.text.before, after: change.text.after }] } : {}),
  };
}

/**
 * The base's tools, by name, that the head lacks because the descriptor file the base records for
 * each (or its folder) could not be read, with that file: not compared, as nothing says what they became.
 */
function unreadTools(base: Side, head: Side): Map<string, string> {
  const unread = head.unread ?? [];
  const out = new Map<string, string>();
  for (const [name, file] of base.files) {
    if (!head.tools.has(name) && unread.some((path) => file === path || path === "." || file.startsWith(`${path}/`))) out.set(name, file);
  }
  return out;
}

function renderText(diff: ToolDiff, base: Side, head: Side, diagnostics: readonly Diagnostic[], color: boolean, setup: ReportSetup, notCompared: ReadonlyMap<string, string>): string {
  const parts: string[] = [];
  if (diagnostics.length > 0) parts.push(formatText(diagnostics, { sources: new Map([...base.sources, ...head.sources]), color, display: setup.paths.fromCwd }));
  if (base.note) parts.push(`${base.note(sideName(base, setup.paths.fromCwd))}\n`);
  if (notCompared.size > 0) {
    const named = [...notCompared].map(([name, file]) => `${JSON.stringify(name)} (${setup.paths.fromCwd(file)})`);
    parts.push(`Not compared, as the descriptor recorded for ${notCompared.size === 1 ? "it" : "each"} has errors: ${named.join(", ")}.\n`);
  }
  const files = new Map([...base.files, ...head.files].map(([tool, file]) => [tool, setup.paths.fromCwd(file)]));
  const [before, after] = [sideName(base, setup.paths.fromCwd), sideName(head, setup.paths.fromCwd)];
  const body = formatDiffText(diff, { files, before, after, color });
  if (body) parts.push(body);
  parts.push(diff.changes.length === 0 ? `No changes between ${before} and ${after}.\n` : `${summarizeDiff(diff)}\n`);
  return parts.join("\n");
}

/** A lock file as one side; `optional` makes a missing file an empty side instead of an error. */
async function lockSide(root: string, config: Config, path: string | undefined, optional: boolean): Promise<Side> {
  const file = path ?? config.lock;
  const text = await readTextIfExists(resolve(root, file)).catch((e: NodeJS.ErrnoException) => {
    // A folder where the lock should be (or a path through a file): the user's to fix, not a crash.
    if (e.code === "EISDIR" || e.code === "ENOTDIR" || e.code === "EACCES")
      throw new UsageError(`cannot read the lock file ${file} (${e.code}: ${e.code === "EACCES" ? "no permission" : "it is not a file"}).`);
    throw e;
  });
  if (text === undefined) {
    if (!optional) throw new UsageError(`there is no lock file at ${file}.`);
    return { ...emptySide(file, config.lock), file, note: (name) => `There is no ${name} yet: every tool counts as new.` };
  }
  return { ...fromLockText(text, file, file, config, true), file };
}

/** A lock's text as one side; `inTree`: the text is the file `file` (not a lock at another revision), so findings can point into it. */
function fromLockText(text: string, file: string, label: string, config: Config, inTree: boolean): Side {
  const parsed = parseLock(text, file, config.load);
  const sources = new Map([[file, text]]);
  if (!parsed.value) return { label, tools: new Map(), files: new Map(), diagnostics: parsed.diagnostics, sources, fallback: file };
  const lock: LockFile = parsed.value;
  let doc: SourceDoc | undefined | null = inTree ? undefined : null;
  const locate = (tool: string, pointer: string) => {
    // Parsed with positions on the first finding only: a diff with no change pays nothing for it.
    if (doc === undefined) doc = loadDocument({ path: file, text }, { ...config.load, maxDepth: config.load.maxDepth + 4, maxNodes: Number.MAX_SAFE_INTEGER }).value ?? null;
    if (doc === null) return undefined;
    return diagnosticAtPointer(doc, `${joinPointer("/tools", tool)}${pointer === "" ? "" : `/descriptor${pointer}`}`, { ruleId: "", severity: "info", message: "" }, "key");
  };
  return {
    label,
    tools: new Map(Object.entries(lock.tools).map(([name, tool]) => [name, tool.descriptor])),
    files: new Map(Object.entries(lock.tools).map(([name, tool]) => [name, tool.file])),
    diagnostics: [],
    sources,
    locate,
    fallback: inTree ? file : config.lock,
  };
}

/** How the output names a side: a lock file on disk by its path as `display` gives it (fromCwd, fromRepo), else by its label. */
function sideName(side: Side, display: (file: string) => string): string {
  return side.file === undefined ? side.label : display(side.file);
}

function emptySide(label: string, fallback: string): Side {
  return { label, tools: new Map(), files: new Map(), diagnostics: [], sources: new Map(), fallback };
}

/** The project's lock as committed at a git revision (`git show REV:./LOCK`, run in the root). */
async function lockAtRevision(root: string, config: Config, rev: string): Promise<Side> {
  if (rev === "" || rev.startsWith("-") || /[\s\u0000]/.test(rev)) throw new UsageError(`--base-rev ${JSON.stringify(rev)} is not a git revision.`);
  const label = `${config.lock} at ${rev}`;
  const git = (args: readonly string[]) => promisify(execFile)("git", [...args], { cwd: root, encoding: "utf8", maxBuffer: 1024 * 1024 * 1024 });
  try {
    await git(["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]);
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === "ENOENT";
    throw new UsageError(missing ? "--base-rev needs git, which is not installed or not on PATH." : `${JSON.stringify(rev)} is not a commit of a git repository at ${root}.`);
  }
  try {
    const { stdout } = await git(["show", `${rev}:./${config.lock}`]);
    return fromLockText(stdout, config.lock, label, config, false);
  } catch {
    return { ...emptySide(label, config.lock), note: () => `${config.lock} does not exist at ${rev}: every tool counts as new.` };
  }
}

/** The current descriptors, loaded and resolved as a build would. */
async function descriptorSide(root: string, configPath: string | undefined): Promise<Side> {
  const read = await readProject({ root, configPath });
  if (!read.ok) throw new UsageError("the config cannot be used; run `mcp-gen validate` to see why.");
  const analysis = analyzeProject(await withPatternVerdicts(read.input, root));
  const tools = analysis.tools.filter((tool) => typeof tool.wire.name === "string");
  const toolFiles = new Set(analysis.tools.map((tool) => tool.file));
  const errors = analysis.diagnostics.filter((d) => d.severity === "error");
  const byName = new Map(tools.map((tool) => [tool.wire.name as string, tool]));
  return {
    label: "descriptors",
    tools: new Map(tools.map((tool) => [tool.wire.name as string, tool.wire])),
    files: new Map(tools.map((tool) => [tool.wire.name as string, tool.file])),
    diagnostics: errors,
    sources: read.sources,
    unread: [...new Set(errors.map((d) => d.file))].filter((file) => !toolFiles.has(file)),
    locate: (name, pointer) => {
      const tool = byName.get(name);
      return tool
        ? placeInTool(tool, analysis.docs, pointer === "" ? "/name" : pointer, { ruleId: "", severity: "info", message: "" }, pointer === "" || pointer === "/name" ? "value" : "key")
        : undefined;
    },
    fallback: read.input.config.lock,
  };
}
