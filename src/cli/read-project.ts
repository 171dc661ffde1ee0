// Reads a project from disk: config, descriptor files matched by the config's globs, and every file
// their `$ref`s name (transitively). Refuses anything whose real path leaves the project root, and
// never reads a file larger than the configured bound. Everything after this is pure.
import { lstat, readFile, realpath, stat } from "node:fs/promises";
import { isAbsolute, posix, relative, resolve, sep } from "node:path";
import { glob } from "tinyglobby";
import type { Diagnostic } from "../model/diagnostic.js";
import type { SourceDoc } from "../model/source.js";
import type { Config } from "../config/config.js";
import { CONFIG_FILE } from "../config/config.js";
import { loadConfig } from "../config/load-config.js";
import { decodeSource, fileTooLarge } from "../load/decode-source.js";
import { DEFAULT_LOAD_LIMITS, type LoadLimits } from "../load/limits.js";
import { loadDocument } from "../load/load-document.js";
import { collectRefStrings } from "../resolve/collect-refs.js";
import { fileRefPaths } from "../resolve/parse-ref.js";
import type { ProjectFile } from "../resolve/project-file.js";
import type { ProjectInput } from "../project/analyze-project.js";
import { ALL_RULES } from "../validate/rules/index.js";

export interface ProjectLocation {
  /** Absolute project root. */
  readonly root: string;
  /** Config file path as given (relative to root) or undefined for the default. */
  readonly configPath: string | undefined;
  /** A ready configuration; when given, no config file is read. */
  readonly config?: Config;
}

export type ReadProjectResult =
  | { readonly ok: true; readonly input: ProjectInput; readonly sources: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly sources: ReadonlyMap<string, string> };

/** Reads config and every descriptor. `ok: false` means the config itself is unusable (exit 2). */
export async function readProject(location: ProjectLocation): Promise<ReadProjectResult> {
  const root = await realpath(location.root);
  const sources = new Map<string, string>();
  const configResult = location.config
    ? { config: location.config, diagnostics: [] }
    : await readConfig(root, location.configPath, sources);
  if (!configResult.config) return { ok: false, diagnostics: configResult.diagnostics, sources };
  const config = configResult.config;
  const reader = new FileReader(root, config.load, sources);
  const descriptors = await findDescriptors(root, config);
  for (const path of descriptors) {
    await reader.read(path);
    const file = reader.files.get(path);
    if (file?.status === "refused") reader.diagnostics.push(outsideRoot(path, file.reason));
  }
  // Follow $refs breadth-first until no new file appears.
  const queue = [...descriptors];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    const file = reader.files.get(path);
    if (file?.status !== "ok") continue;
    for (const target of fileRefPaths(collectRefStrings(file.doc.value), path)) {
      if (reader.files.has(target)) continue;
      await reader.read(target);
      queue.push(target);
    }
  }
  return {
    ok: true,
    input: { descriptors, files: reader.files, loadDiagnostics: [...configResult.diagnostics, ...reader.diagnostics], config },
    sources,
  };
}

export interface ProjectConfig {
  readonly config: Config | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /** Texts read (the config file and package.json), by project-relative path. */
  readonly sources: ReadonlyMap<string, string>;
}

/**
 * Reads only the configuration (mcp-gen.config.yaml and package.json, whose name and version are
 * defaults), without any descriptor: for commands that need paths and limits but not the tools.
 */
export async function readProjectConfig(root: string, configPath: string | undefined): Promise<ProjectConfig> {
  const sources = new Map<string, string>();
  const result = await readConfig(root, configPath, sources);
  return { ...result, sources };
}

async function readConfig(root: string, configPath: string | undefined, sources: Map<string, string>): Promise<{ config: Config | undefined; diagnostics: readonly Diagnostic[] }> {
  const path = configPath ?? CONFIG_FILE;
  const absolute = resolve(root, path);
  const display = toProjectPath(root, absolute) ?? path;
  const packageText = await readFile(resolve(root, "package.json"), "utf8").catch(() => undefined);
  // The config defaults read package.json, so it is an input of the build too.
  if (packageText !== undefined) sources.set("package.json", packageText);
  const packageJson = parseJsonObject(packageText);
  const project = {
    ...(typeof packageJson?.name === "string" ? { packageName: packageJson.name } : {}),
    ...(typeof packageJson?.version === "string" ? { packageVersion: packageJson.version } : {}),
  };
  let doc: SourceDoc | undefined;
  const exists = await stat(absolute).then((s) => s.isFile(), () => false);
  if (!exists) {
    if (configPath !== undefined) return { config: undefined, diagnostics: [configDiagnostic(display, `Config file ${display} does not exist.`, "Check the --config path; it is relative to --cwd.")] };
  } else {
    const bytes = await readFile(absolute);
    const decoded = decodeSource(display, bytes, DEFAULT_LOAD_LIMITS);
    if (!decoded.value) return { config: undefined, diagnostics: decoded.diagnostics };
    sources.set(display, decoded.value.text);
    const loaded = loadDocument(decoded.value);
    if (!loaded.value) return { config: undefined, diagnostics: loaded.diagnostics };
    doc = loaded.value;
  }
  const result = loadConfig(doc, ALL_RULES, project);
  return { config: result.value, diagnostics: result.diagnostics };
}

async function findDescriptors(root: string, config: Config): Promise<string[]> {
  const ignore = ["**/node_modules/**", `${config.out}/**`, "**/.git/**"];
  const found = await glob([...config.tools], { cwd: root, ignore, onlyFiles: true, dot: false, followSymbolicLinks: true, expandDirectories: false });
  return [...new Set(found.map((p) => p.split(sep).join("/")))].filter((p) => !p.endsWith(".lock.json")).sort();
}

class FileReader {
  readonly files = new Map<string, ProjectFile>();
  readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly root: string, private readonly limits: LoadLimits, private readonly sources: Map<string, string>) {}

  async read(path: string): Promise<void> {
    this.files.set(path, await this.readOne(path));
  }

  private async readOne(path: string): Promise<ProjectFile> {
    const absolute = resolve(this.root, ...path.split("/"));
    const info = await lstat(absolute).catch(() => undefined);
    if (!info) return { status: "missing" };
    const real = await realpath(absolute).catch(() => undefined);
    if (real === undefined) return { status: "missing" };
    if (toProjectPath(this.root, real) === undefined) {
      return { status: "refused", reason: `${path} is a link to ${real}, outside the project root` };
    }
    const size = (await stat(real)).size;
    if (size > this.limits.maxFileBytes) {
      this.diagnostics.push(fileTooLarge(path, size, this.limits.maxFileBytes));
      return { status: "invalid" };
    }
    const decoded = decodeSource(path, await readFile(real), this.limits);
    this.diagnostics.push(...decoded.diagnostics);
    if (!decoded.value) return { status: "invalid" };
    this.sources.set(path, decoded.value.text);
    const loaded = loadDocument(decoded.value, this.limits);
    this.diagnostics.push(...loaded.diagnostics);
    return loaded.value ? { status: "ok", doc: loaded.value } : { status: "invalid" };
  }
}

/** Project-relative path with forward slashes, or undefined when `absolute` is outside `root`. */
export function toProjectPath(root: string, absolute: string): string | undefined {
  const rel = relative(root, absolute);
  if (rel === "") return ".";
  if (rel === ".." || rel.startsWith(".." + sep) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join(posix.sep);
}

function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function configDiagnostic(file: string, message: string, hint: string): Diagnostic {
  return { ruleId: "config-invalid", severity: "error", message, hint, file, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: "" };
}

function outsideRoot(file: string, reason: string): Diagnostic {
  return {
    ruleId: "load-outside-root",
    severity: "error",
    message: `${reason}; mcp-gen reads nothing outside the project.`,
    hint: "Copy the file into the project instead of linking to it.",
    file, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: "",
  };
}
