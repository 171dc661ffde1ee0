// `mcp-gen build`: validate; when clean, write the generated folder, create missing handler stubs and
// test scaffolds, and write the lock. Writes nothing when validation has errors or when a generated
// file was edited by hand (unless --force). Exit 0, 1 with errors, 2 bad usage or config.
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { hasErrors, type Diagnostic } from "../../model/diagnostic.js";
import type { GeneratedFile } from "../../model/generated-file.js";
import type { LockFile } from "../../model/lock.js";
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
import { createMissing, readTextIfExists, writeChanged, writeFileAtomic } from "../write-files.js";
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
  const analysis = analyzeProject(read.input);
  const { config } = read.input;
  const previousLock = await readPreviousLock(root, config.lock);
  const diagnostics = [...analysis.diagnostics, ...previousLock.diagnostics];
  if (hasErrors(diagnostics)) {
    print(diagnostics);
    return EXIT.problems;
  }
  const inputs = new Map([...read.sources].map(([path, text]) => [path, hashFileText(text)]));
  const { emit, lock } = await buildProject({
    tools: analysis.tools, config, templates: await readTemplates(), runtime: await readRuntimeSources(), schemas: analysis.schemas, inputs,
  });
  const edited = values.force ? [] : await handEditedFiles(root, previousLock.lock, emit.generated);
  if (edited.length > 0) {
    print([...diagnostics, ...edited]);
    return EXIT.problems;
  }
  const written = await writeChanged(root, emit.generated);
  const removed = await removeStale(root, previousLock.lock, emit.generated);
  const created = await createMissing(root, emit.scaffolds);
  const lockText = renderLock(lock);
  const lockChanged = (await readTextIfExists(join(root, config.lock))) !== lockText;
  if (lockChanged) await writeFileAtomic(join(root, config.lock), lockText);
  if (format === "text") {
    if (diagnostics.length > 0) print(diagnostics);
    io.stdout(buildSummary(analysis.tools.length, config.out, written, removed, created, lockChanged ? config.lock : undefined));
  } else {
    print(diagnostics);
  }
  return EXIT.ok;
}

async function readPreviousLock(root: string, path: string): Promise<{ lock: LockFile | undefined; diagnostics: readonly Diagnostic[] }> {
  const text = await readTextIfExists(join(root, path));
  if (text === undefined) return { lock: undefined, diagnostics: [] };
  const parsed = parseLock(text, path);
  return { lock: parsed.value, diagnostics: parsed.diagnostics };
}

/** Generated files whose text on disk is neither what the last build wrote nor what this one writes. */
async function handEditedFiles(root: string, lock: LockFile | undefined, files: readonly GeneratedFile[]): Promise<Diagnostic[]> {
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

/** Deletes files the last build generated that this one does not, unless they were edited by hand. */
async function removeStale(root: string, lock: LockFile | undefined, files: readonly GeneratedFile[]): Promise<string[]> {
  if (!lock) return [];
  const now = new Set(files.map((f) => f.path));
  const removed: string[] = [];
  for (const [path, recorded] of Object.entries(lock.files)) {
    if (now.has(path)) continue;
    const current = await readTextIfExists(join(root, path));
    if (current !== undefined && hashFileText(current) === recorded) {
      await rm(join(root, path));
      removed.push(path);
    }
  }
  return removed.sort();
}

function buildSummary(tools: number, out: string, written: { written: string[]; unchanged: string[] }, removed: string[], created: string[], lock: string | undefined): string {
  const lines = [`Built ${tools} tool${tools === 1 ? "" : "s"} into ${out}: ${written.written.length} file${written.written.length === 1 ? "" : "s"} written, ${written.unchanged.length} unchanged${removed.length > 0 ? `, ${removed.length} removed` : ""}.`];
  for (const path of created) lines.push(`Created ${path}`);
  lines.push(lock ? `Wrote ${lock}.` : "Lock file unchanged.");
  return lines.join("\n") + "\n";
}
