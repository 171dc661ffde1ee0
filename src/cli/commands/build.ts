// `mcp-gen build`: validate; when clean, write the generated folder, create missing handler stubs and
// test scaffolds, and write the lock. Writes nothing when validation has errors or when a generated
// file was edited by hand (unless --force). Exit 0, 1 with errors, 2 bad usage or config.
import { join, resolve } from "node:path";
import { hasErrors, type Diagnostic } from "../../model/diagnostic.js";
import type { GeneratedFile } from "../../model/generated-file.js";
import type { LoadLimits } from "../../load/limits.js";
import { MCP_GEN_HOMEPAGE, MCP_GEN_VERSION } from "../../model/version.js";
import { parseLock } from "../../lock/parse-lock.js";
import { renderLock } from "../../lock/render-lock.js";
import { hashFileText } from "../../lock/sha256.js";
import { analyzeProject } from "../../project/analyze-project.js";
import { buildProject } from "../../project/build-project.js";
import { formatDiagnostics, type DiagnosticFormat } from "../../report/format-diagnostics.js";
import { ALL_RULES } from "../../validate/rules/index.js";
import { choice, COMMON_OPTIONS, parseCommandArgs } from "../args.js";
import { EXIT, type CliIo } from "../io.js";
import { readRuntimeSources, readTemplates } from "../package-files.js";
import { readProject } from "../read-project.js";
import type { ProjectInput } from "../../project/analyze-project.js";
import { acquireProjectLock, PROJECT_LOCK_FILE } from "../project-lock.js";
import { recoverInterruptedBuild, replaceTree, type TreeSummary } from "../replace-tree.js";
import { createMissing, readTextIfExists } from "../write-files.js";
import { FORMATS } from "./validate.js";

export const BUILD_HELP = `Usage: mcp-gen build [options]

Validate every descriptor; when there are no errors, write the generated code, create handler stubs
and test scaffolds that do not exist yet, and write the lock file.

Options:
  --cwd DIR          project root (default: the current directory)
  --config FILE      config file, relative to the root (default: mcp-gen.config.yaml)
  --format FORMAT    diagnostics as text | json | sarif (default: text)
  --force            overwrite generated files that were edited by hand
  -h, --help         show this help

Exit status: 0 built, 1 errors found (nothing written), 2 bad usage or config.
`;

export async function runBuild(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, { ...COMMON_OPTIONS, format: { type: "string" }, force: { type: "boolean" } });
  if (values.help) {
    io.stdout(BUILD_HELP);
    return EXIT.ok;
  }
  const format = choice("format", values.format, FORMATS, "text");
  const root = resolve(io.cwd, values.cwd ?? ".");
  const read = await readProject({ root, configPath: values.config });
  const print = (diagnostics: readonly Diagnostic[]) =>
    io.stdout(formatDiagnostics(format as DiagnosticFormat, diagnostics, {
      sources: read.sources, color: io.isTty && !io.env.NO_COLOR && format === "text", rules: ALL_RULES, toolVersion: MCP_GEN_VERSION, informationUri: MCP_GEN_HOMEPAGE,
    }));
  if (!read.ok) {
    print(read.diagnostics);
    return EXIT.usage;
  }
  const projectLock = await acquireProjectLock(root);
  if (!projectLock.ok) {
    print([buildInProgress(projectLock.owner)]);
    return EXIT.problems;
  }
  try {
    return await buildLocked(root, read.input, read.sources, values.force === true, format, print, io);
  } finally {
    await projectLock.release();
  }
}

async function buildLocked(
  root: string,
  input: ProjectInput,
  sources: ReadonlyMap<string, string>,
  force: boolean,
  format: string,
  print: (diagnostics: readonly Diagnostic[]) => void,
  io: CliIo,
): Promise<number> {
  const { config } = input;
  await recoverInterruptedBuild(root, config.out, config.lock, [config.handlers, config.tests]);
  const analysis = analyzeProject(input);
  const previousLock = await readPreviousLock(root, config.lock, config.load);
  const diagnostics = [...analysis.diagnostics, ...previousLock.diagnostics];
  if (hasErrors(diagnostics)) {
    print(diagnostics);
    return EXIT.problems;
  }
  const inputs = new Map([...sources].map(([path, text]) => [path, hashFileText(text)]));
  const { emit, lock } = await buildProject({
    tools: analysis.tools, config, templates: await readTemplates(), runtime: await readRuntimeSources(), schemas: analysis.schemas, inputs,
  });
  const edited = force ? [] : await handEditedFiles(root, previousLock.lock, emit.generated);
  if (edited.length > 0) {
    print([...diagnostics, ...edited]);
    return EXIT.problems;
  }
  const lockText = renderLock(lock);
  const lockChanged = (await readTextIfExists(join(root, config.lock))) !== lockText;
  const tree = await replaceTree({
    root, out: config.out, lock: config.lock, files: emit.generated, lockText,
    drop: await staleFiles(root, previousLock.lock, emit.generated, force),
  });
  const created = await createMissing(root, emit.scaffolds);
  if (format === "text") {
    if (diagnostics.length > 0) print(diagnostics);
    io.stdout(buildSummary(analysis.tools.length, config.out, tree, created, lockChanged ? config.lock : undefined));
  } else {
    print(diagnostics);
  }
  return EXIT.ok;
}

function buildInProgress(owner: number): Diagnostic {
  return {
    ruleId: "build-in-progress", severity: "error",
    message: `Another mcp-gen process${owner > 0 ? ` (pid ${owner})` : ""} is building this project.`,
    hint: `Wait for it to finish; if no mcp-gen is running, delete ${PROJECT_LOCK_FILE}.`,
    file: PROJECT_LOCK_FILE, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: "",
  };
}

/** What build needs from the previous lock: the hash of every file the last build generated. */
type PreviousFiles = { readonly files: Readonly<Record<string, string>> } | undefined;

/**
 * The previous lock's record of generated files. A lock that does not parse (an older format, a
 * merge conflict) is not an error: this build writes it again. Its `files` are still used when they
 * can be read, so hand edits to generated files are not overwritten unnoticed.
 */
async function readPreviousLock(root: string, path: string, limits: LoadLimits): Promise<{ lock: PreviousFiles; diagnostics: readonly Diagnostic[] }> {
  const text = await readTextIfExists(join(root, path));
  if (text === undefined) return { lock: undefined, diagnostics: [] };
  const parsed = parseLock(text, path, limits);
  if (parsed.value) return { lock: parsed.value, diagnostics: [] };
  const first = parsed.diagnostics[0];
  const warning: Diagnostic = {
    ruleId: "lock-invalid", severity: "warning",
    message: `${path} cannot be read (${first ? first.message.replace(/\.$/, "") : "it is malformed"}); this build writes it again.`,
    hint: "Review the rewritten lock before committing it.",
    file: path, line: first?.line ?? 1, column: first?.column ?? 1, endLine: first?.endLine ?? 1, endColumn: first?.endColumn ?? 1, pointer: first?.pointer ?? "",
  };
  return { lock: recordedFiles(text), diagnostics: [warning] };
}

/** The `files` member of a lock that does not parse as a whole, when it is a map of hashes. */
function recordedFiles(text: string): PreviousFiles {
  try {
    const files: unknown = (JSON.parse(text) as { files?: unknown }).files;
    if (files === null || typeof files !== "object" || Array.isArray(files)) return undefined;
    const entries = Object.entries(files).filter((entry): entry is [string, string] => typeof entry[1] === "string");
    return { files: Object.fromEntries(entries) };
  } catch {
    return undefined;
  }
}

/** Generated files whose text on disk is neither what the last build wrote nor what this one writes. */
async function handEditedFiles(root: string, lock: PreviousFiles, files: readonly GeneratedFile[]): Promise<Diagnostic[]> {
  if (!lock) return [];
  const next = new Map(files.map((f) => [f.path, f.contents]));
  const edited: Diagnostic[] = [];
  for (const [path, recorded] of Object.entries(lock.files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const current = await readTextIfExists(join(root, path));
    if (current === undefined || hashFileText(current) === recorded || current === next.get(path)) continue;
    edited.push({
      ruleId: "generated-file-edited",
      severity: "error",
      message: `${path} was edited by hand since the last build; building would overwrite the edit.`,
      hint: "Move the change into the descriptor, a handler or a template, or run `mcp-gen build --force` to discard it.",
      file: path, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: "",
    });
  }
  return edited;
}

/**
 * Files the last build generated that this one does not: removed, unless they were edited by hand
 * since (then they stay, as any unknown file in the folder does), or --force says to drop them too.
 */
async function staleFiles(root: string, lock: PreviousFiles, files: readonly GeneratedFile[], force: boolean): Promise<Set<string>> {
  const stale = new Set<string>();
  if (!lock) return stale;
  const now = new Set(files.map((f) => f.path));
  for (const [path, recorded] of Object.entries(lock.files)) {
    if (now.has(path)) continue;
    const current = await readTextIfExists(join(root, path));
    if (current !== undefined && (force || hashFileText(current) === recorded)) stale.add(path);
  }
  return stale;
}

function buildSummary(tools: number, out: string, tree: TreeSummary, created: string[], lock: string | undefined): string {
  const { written, unchanged, removed } = tree;
  const lines = [`Built ${tools} tool${tools === 1 ? "" : "s"} into ${out}: ${written.length} file${written.length === 1 ? "" : "s"} written, ${unchanged.length} unchanged${removed.length > 0 ? `, ${removed.length} removed` : ""}.`];
  for (const path of created) lines.push(`Created ${path}`);
  lines.push(lock ? `Wrote ${lock}.` : "Lock file unchanged.");
  return lines.join("\n") + "\n";
}
