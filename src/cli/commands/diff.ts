// `mcp-gen diff`: classifies every change between the lock (or another lock file, or the lock at a
// git revision) and the current descriptors (or another lock file) as breaking, needs review or
// compatible, with a unified diff of changed text. Exit 0 nothing or only compatible changes, 1
// breaking or needs-review changes (or errors), 2 bad usage.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import type { ToolDiff } from "../../diff/change.js";
import { countByClass } from "../../diff/change.js";
import { diffTools } from "../../diff/diff-tools.js";
import { diffJson, formatDiffText, summarizeDiff } from "../../diff/format-diff.js";
import { parseLock } from "../../lock/parse-lock.js";
import type { Config } from "../../config/config.js";
import { hasErrors, type Diagnostic } from "../../model/diagnostic.js";
import type { JsonObject } from "../../model/json.js";
import type { LockFile } from "../../model/lock.js";
import { analyzeProject } from "../../project/analyze-project.js";
import { formatText } from "../../report/format-text.js";
import { choice, COMMON_OPTIONS, parseCommandArgs, UsageError, projectRoot } from "../args.js";
import { EXIT, type CliIo } from "../io.js";
import { readProject } from "../read-project.js";
import { readTextIfExists } from "../write-files.js";
import { readProjectConfig } from "../read-config.js";

export const DIFF_HELP = `Usage: mcp-gen diff [options]

Classify every change between the lock file and the current descriptors:
  breaking      callers can fail: tool removed or renamed, required argument added, argument removed
                or narrowed, enum value removed, output field removed or retyped, x-mcp-header changed
  needs review  what the model is told changed: description, title, annotations (a hint flipping
                toward danger is named), icons, _meta, a new tool
  compatible    old callers keep working: optional argument added, output field added, limits loosened

Options:
  --base FILE        compare from this lock file instead of the project's (relative to the root)
  --base-rev REV     compare from the project's lock as committed at git revision REV (e.g. origin/main)
  --head FILE        compare to this lock file instead of the current descriptors
  --format FORMAT    text | json (default: text)
  --cwd DIR          project root (default: the current directory)
  --config FILE      config file, relative to the root (default: mcp-gen.config.yaml)
  -h, --help         show this help

Exit status: 0 no changes or only compatible ones, 1 breaking or needs-review changes (or errors),
2 bad usage.
`;

interface Side {
  readonly label: string;
  readonly tools: ReadonlyMap<string, JsonObject>;
  readonly files: ReadonlyMap<string, string>;
  readonly diagnostics: readonly Diagnostic[];
  readonly sources: ReadonlyMap<string, string>;
  /** Said before the diff, for example that there was no lock to compare with. */
  readonly note?: string;
}

export async function runDiff(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, { ...COMMON_OPTIONS, base: { type: "string" }, "base-rev": { type: "string" }, head: { type: "string" }, format: { type: "string" } });
  if (values.help) {
    io.stdout(DIFF_HELP);
    return EXIT.ok;
  }
  const format = choice("format", values.format, ["text", "json"] as const, "text");
  if (values.base !== undefined && values["base-rev"] !== undefined) throw new UsageError("give --base or --base-rev, not both.");
  const root = projectRoot(io.cwd, values.cwd);
  const project = await readProjectConfig(root, values.config);
  if (!project.config) {
    io.stdout(formatText(project.diagnostics, { sources: project.sources, color: false }));
    return EXIT.usage;
  }
  const config = project.config;
  const base = values["base-rev"] !== undefined ? await lockAtRevision(root, config, values["base-rev"]) : await lockSide(root, config, values.base, values.base === undefined);
  const head = values.head !== undefined ? await lockSide(root, config, values.head, false) : await descriptorSide(root, values.config);
  const diagnostics = [...base.diagnostics, ...head.diagnostics];
  const color = io.isTty && !io.env.NO_COLOR;
  if (diagnostics.some((d) => d.ruleId === "lock-invalid")) {
    io.stdout(format === "json" ? JSON.stringify({ diagnostics }, null, 2) + "\n" : formatText(diagnostics, { sources: new Map([...base.sources, ...head.sources]), color }));
    return EXIT.problems;
  }
  const diff = diffTools(base.tools, head.tools);
  if (format === "json") {
    io.stdout(JSON.stringify({ base: base.label, head: head.label, ...diffJson(diff), diagnostics }, null, 2) + "\n");
  } else {
    io.stdout(renderText(diff, base, head, diagnostics, color));
  }
  const counts = countByClass(diff.changes);
  return hasErrors(diagnostics) || counts.breaking + counts["needs-review"] > 0 ? EXIT.problems : EXIT.ok;
}

function renderText(diff: ToolDiff, base: Side, head: Side, diagnostics: readonly Diagnostic[], color: boolean): string {
  const parts: string[] = [];
  if (diagnostics.length > 0) parts.push(formatText(diagnostics, { sources: new Map([...base.sources, ...head.sources]), color }));
  if (base.note) parts.push(`${base.note}\n`);
  const files = new Map([...base.files, ...head.files]);
  const body = formatDiffText(diff, { files, before: base.label, after: head.label, color });
  if (body) parts.push(body);
  parts.push(diff.changes.length === 0 ? `No changes between ${base.label} and ${head.label}.\n` : `${summarizeDiff(diff)}\n`);
  return parts.join("\n");
}

/** A lock file as one side; `optional` makes a missing file an empty side instead of an error. */
async function lockSide(root: string, config: Config, path: string | undefined, optional: boolean): Promise<Side> {
  const file = path ?? config.lock;
  const text = await readTextIfExists(resolve(root, file));
  if (text === undefined) {
    if (!optional) throw new UsageError(`there is no lock file at ${file}.`);
    return { ...emptySide(file), note: `There is no ${file} yet: every tool counts as new.` };
  }
  return fromLockText(text, file, file, config);
}

function fromLockText(text: string, file: string, label: string, config: Config): Side {
  const parsed = parseLock(text, file, config.load);
  const sources = new Map([[file, text]]);
  if (!parsed.value) return { label, tools: new Map(), files: new Map(), diagnostics: parsed.diagnostics, sources };
  const lock: LockFile = parsed.value;
  return {
    label,
    tools: new Map(Object.entries(lock.tools).map(([name, tool]) => [name, tool.descriptor])),
    files: new Map(Object.entries(lock.tools).map(([name, tool]) => [name, tool.file])),
    diagnostics: [],
    sources,
  };
}

function emptySide(label: string): Side {
  return { label, tools: new Map(), files: new Map(), diagnostics: [], sources: new Map() };
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
    return fromLockText(stdout, config.lock, label, config);
  } catch {
    return { ...emptySide(label), note: `${config.lock} does not exist at ${rev}: every tool counts as new.` };
  }
}

/** The current descriptors, loaded and resolved as a build would. */
async function descriptorSide(root: string, configPath: string | undefined): Promise<Side> {
  const read = await readProject({ root, configPath });
  if (!read.ok) throw new UsageError("the config cannot be used; run `mcp-gen validate` to see why.");
  const analysis = analyzeProject(read.input);
  const tools = analysis.tools.filter((tool) => typeof tool.wire.name === "string");
  return {
    label: "descriptors",
    tools: new Map(tools.map((tool) => [tool.wire.name as string, tool.wire])),
    files: new Map(tools.map((tool) => [tool.wire.name as string, tool.file])),
    diagnostics: analysis.diagnostics.filter((d) => d.severity === "error"),
    sources: read.sources,
  };
}
