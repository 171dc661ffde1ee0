// Reads a project's configuration from disk: mcp-gen.config.yaml (or --config) and package.json,
// whose name and version are defaults. Turns them into a Config with every default filled in.
import { isAbsolute, posix, relative, resolve, sep } from "node:path";
import type { Config } from "../config/config.js";
import type { ProjectDefaults } from "../config/load-config.js";
import { CONFIG_FILE } from "../config/config.js";
import { misnamedConfig } from "./project-root.js";
import { presetSeverity, type Preset } from "../config/preset.js";
import { diagnosticAtFileStart } from "../load/diagnostic-at.js";
import { decodeSource } from "../load/decode-source.js";
import { DEFAULT_LOAD_LIMITS } from "../load/limits.js";
import { loadDocument } from "../load/load-document.js";
import { sha256Hex } from "../lock/sha256.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { getOwn, isJsonObject, withoutKey, type JsonValue } from "../model/json.js";
import type { SourceDoc } from "../model/source.js";
import type { AnyRule } from "../validate/define-rule.js";
import type { RuleSetting } from "../validate/run-rules.js";
import { MCP_GEN_VERSION } from "../model/version.js";
import { readFileNow } from "../files/read-now.js";
import { pathKind } from "../files/path-kind.js";

/** Where the config's defaults come from; the lock records the values taken from it, not its hash. */
export const PACKAGE_JSON = "package.json";

/** A package.json mcp-gen cannot take the server's name and version from (a warning). */
export const PACKAGE_JSON_INVALID = "package-json-invalid";

/**
 * The files the lock records by hash, among `sources`: all but package.json, of which only the
 * values generation uses count (Config.packageJson), so that a dependency bump changes nothing.
 */
export function hashedInputs<T>(sources: ReadonlyMap<string, T>): Map<string, T> {
  return new Map([...sources].filter(([path]) => path !== PACKAGE_JSON));
}

export interface ProjectConfig {
  readonly config: Config | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /** Texts read (the config file and package.json), by project-relative path. */
  readonly sources: ReadonlyMap<string, string>;
}

/**
 * Which rules a config is read with. "all": every registered rule, so the Config holds every rule's
 * setting. "configured": the rule registry is loaded only when the file has a `rules` section (to
 * check it, and then every rule's setting is there too); otherwise Config.rules is empty, and
 * withAllRules fills it when a rule is about to run. For `check`'s fast path and a build that finds
 * nothing changed, which need the paths and limits only and would spend more time loading every
 * rule (about 40 ms) than answering. "none": the `rules` section is not read at all, and the registry
 * never loaded: for a command that uses no rule, such as the proxy, which a host starts with every
 * server and whose memory is part of its cost.
 */
export type RuleScope = "all" | "configured" | "none";

/**
 * Reads only the configuration (mcp-gen.config.yaml and package.json, whose name and version are
 * defaults), without any descriptor: for commands that need paths and limits but not the tools.
 */
export async function readProjectConfig(root: string, configPath: string | undefined, scope: RuleScope = "all", memo?: ConfigMemo): Promise<ProjectConfig> {
  const sources = new Map<string, string>();
  const result = await readConfig(root, configPath, sources, scope, memo);
  return { ...result, sources };
}

/**
 * Configurations remembered by everything they were read from (a key over mcp-gen's version, the
 * rule scope, the config path and the texts of the config file and package.json): a Config that
 * read with no diagnostics and no rule settings is a pure function of those. The stat index keeps
 * the one check reads (a build remembers it too), so that check's fast path does not load the YAML parser.
 */
export interface ConfigMemo {
  config(key: string): Config | undefined;
  rememberConfig(key: string, config: Config): void;
}

/**
 * Reads package.json and the config file. Among the diagnostics, whatever the config: a warning for a
 * package.json that is no JSON object, whose name and version the server would silently lose.
 */
export async function readConfig(
  root: string,
  configPath: string | undefined,
  sources: Map<string, string>,
  scope: RuleScope,
  memo?: ConfigMemo,
): Promise<{ config: Config | undefined; diagnostics: readonly Diagnostic[] }> {
  // Two small files, read synchronously: every command starts here, and nothing else is waiting.
  let packageText: string | undefined;
  // A folder or a named pipe named package.json is said to be one (a pipe is never opened).
  const packagePath = resolve(root, PACKAGE_JSON);
  const packageKind = pathKind(packagePath);
  try {
    if (packageKind.kind === "file") packageText = readFileNow(packagePath, "utf8");
  } catch {
    // An unreadable package.json only loses its defaults, as before.
  }
  // The config defaults read package.json, so it is an input of the build too.
  if (packageText !== undefined) sources.set(PACKAGE_JSON, packageText);
  const packageJson = parseJsonObject(packageText);
  const project = {
    ...(typeof packageJson?.name === "string" ? { packageName: packageJson.name } : {}),
    ...(typeof packageJson?.version === "string" ? { packageVersion: packageJson.version } : {}),
  };
  const result = await readConfigFile(root, configPath, sources, scope, { packageText, project }, memo);
  const unusable = packageKind.kind === "other" ? [packageJsonNotAFile(packageKind.what)] : packageText !== undefined && packageJson === undefined ? [packageJsonUnusable(packageText)] : [];
  return unusable.length === 0 ? result : { ...result, diagnostics: [...unusable, ...result.diagnostics] };
}

/** readConfig's part after package.json: the config file, with package.json's text and the defaults taken from it. */
async function readConfigFile(
  root: string,
  configPath: string | undefined,
  sources: Map<string, string>,
  scope: RuleScope,
  { packageText, project }: { readonly packageText: string | undefined; readonly project: ProjectDefaults },
  memo?: ConfigMemo,
): Promise<{ config: Config | undefined; diagnostics: readonly Diagnostic[] }> {
  const path = configPath ?? CONFIG_FILE;
  const absolute = resolve(root, path);
  const display = toProjectPath(root, absolute) ?? path;
  let doc: SourceDoc | undefined;
  const found = pathKind(absolute);
  // A folder, a link to nothing or a named pipe where the config should be is an error that says
  // which, never "no config": the build then ran with every default, out and lock included.
  if (found.kind === "other") return { config: undefined, diagnostics: [notAFileDiagnostic(display, found.what, configPath !== undefined)] };
  const configBytes = found.kind === "file" ? readFileNow(absolute) : undefined;
  let configText: string | undefined;
  if (configBytes === undefined) {
    if (configPath !== undefined)
      return { config: undefined, diagnostics: [configDiagnostic(display, `Config file ${display} does not exist.`, "Check the --config path; it is relative to --cwd, or to the current folder.")] };
    const misnamed = misnamedConfig(root);
    if (misnamed !== undefined) return { config: undefined, diagnostics: [misnamedDiagnostic(misnamed)] };
  } else {
    const decoded = decodeSource(display, configBytes, DEFAULT_LOAD_LIMITS);
    if (!decoded.value) return { config: undefined, diagnostics: decoded.diagnostics };
    sources.set(display, decoded.value.text);
    configText = decoded.value.text;
  }
  const keyFor = (rules: RuleScope) => sha256Hex(JSON.stringify([MCP_GEN_VERSION, rules, display, packageText ?? null, configText ?? null]));
  const key = memo && keyFor(scope);
  const remembered = key === undefined ? undefined : memo?.config(key);
  if (remembered) return { config: remembered, diagnostics: [] };
  // A config remembered without rule settings has no `rules` section: every rule has its defaults.
  const withoutRules = scope === "all" ? memo?.config(keyFor("configured")) : undefined;
  if (withoutRules) return { config: { ...withoutRules, rules: defaultSettings(await rulesFor("all", undefined), withoutRules.preset) }, diagnostics: [] };
  if (configText !== undefined) {
    const loaded = loadDocument({ path: display, text: configText });
    if (!loaded.value) return { config: undefined, diagnostics: loaded.diagnostics };
    doc = loaded.value;
    // Not read, so neither loaded nor checked; every other key is checked as always.
    if (scope === "none" && isJsonObject(doc.value) && Object.hasOwn(doc.value, "rules")) doc = { ...doc, value: withoutKey(doc.value, "rules") };
  }
  const { loadConfig } = await import("../config/load-config.js");
  const result = loadConfig(doc, await rulesFor(scope, doc?.value), project);
  if (memo && result.value && result.diagnostics.length === 0) {
    // Without a `rules` section the "configured" config is this one without rule settings: a build
    // remembers it for the next check.
    if (result.value.rules.size === 0) memo.rememberConfig(keyFor(scope), result.value);
    else if (getOwn(doc?.value, "rules") === undefined) memo.rememberConfig(keyFor("configured"), { ...result.value, rules: new Map() });
  }
  return { config: result.value, diagnostics: result.diagnostics };
}

/**
 * `config` as the "all" scope reads it, from what the "configured" scope read: without a `rules`
 * section (Config.rules empty) every rule gets its default setting, loading the rule registry now;
 * with one, every rule's setting is there already.
 * @example const config = await withAllRules((await readProjectConfig(root, undefined, "configured")).config!)
 */
export async function withAllRules(config: Config): Promise<Config> {
  return config.rules.size > 0 ? config : { ...config, rules: defaultSettings(await rulesFor("all", undefined), config.preset) };
}

/** Each rule's setting in a config with no `rules` section (as loadConfig normalizes it). */
function defaultSettings(rules: readonly AnyRule[], preset: Preset): Map<string, RuleSetting> {
  return new Map(rules.map((rule) => [rule.id, { severity: presetSeverity(rule, preset), options: { ...rule.options?.defaults } }]));
}

/** The rule registry, loaded when needed: importing every rule costs more than checking a built project. */
async function rulesFor(scope: RuleScope, value: JsonValue | undefined): Promise<readonly AnyRule[]> {
  if (scope === "none" || (scope === "configured" && getOwn(value, "rules") === undefined)) return [];
  return (await import("../validate/rules/index.js")).ALL_RULES;
}

/** Project-relative path with forward slashes, or undefined when `absolute` is outside `root`. */
export function toProjectPath(root: string, absolute: string): string | undefined {
  const rel = relative(root, absolute);
  if (rel === "") return ".";
  if (rel === ".." || rel.startsWith(".." + sep) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join(posix.sep);
}

/** A package.json that is no file (a folder, a named pipe, a link to nothing): ignored, as one that is no JSON is. */
function packageJsonNotAFile(what: string): Diagnostic {
  return diagnosticAtFileStart(PACKAGE_JSON, {
    ruleId: PACKAGE_JSON_INVALID,
    severity: "warning",
    message: `${PACKAGE_JSON} is ${what}, not a file; mcp-gen ignores it, so the server's name and version do not come from its "name" and "version".`,
    hint: `Make ${PACKAGE_JSON} the package's manifest. Until then the server is named by server.name and server.version in mcp-gen.config.yaml, or "mcp-server" 0.0.0, and the lock records that.`,
  });
}

/**
 * The warning for a package.json that JSON.parse refuses (a merge left conflict markers in it) or
 * that holds no object: at the place the loader finds wrong, naming what the server loses.
 */
function packageJsonUnusable(text: string): Diagnostic {
  const syntax = loadDocument({ path: PACKAGE_JSON, text }).diagnostics.find((d) => d.severity === "error");
  const where = syntax ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
  const what = syntax ? syntax.message.replace(/\.$/, "") : `${PACKAGE_JSON} cannot be read as a JSON object`;
  return {
    ruleId: PACKAGE_JSON_INVALID,
    severity: "warning",
    message: `${what}; mcp-gen ignores it, so the server's name and version do not come from its "name" and "version".`,
    hint: `Fix ${PACKAGE_JSON} (left-over merge-conflict markers?). Until then the server is named by server.name and server.version in mcp-gen.config.yaml, or "mcp-server" 0.0.0, and the lock records that.`,
    file: PACKAGE_JSON,
    line: where.line,
    column: where.column,
    endLine: where.endLine,
    endColumn: where.endColumn,
    pointer: "",
  };
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

/** A config under a name mcp-gen does not read: an error, rather than a build with every default. */
function misnamedDiagnostic(name: string): Diagnostic {
  const code = /\.[cm]?[jt]s$/.test(name);
  return configDiagnostic(
    name,
    `mcp-gen does not read ${name}: its config is ${CONFIG_FILE}, and without one every key would take its default.`,
    code ? `The config is data, not code: write its keys in ${CONFIG_FILE} (YAML, or JSON, which is YAML too).` : `Rename ${name} to ${CONFIG_FILE} (JSON is YAML too), or give --config ${name}.`,
  );
}

/** A config path where there is something other than a regular file (`what`: "a folder", ...). */
function notAFileDiagnostic(display: string, what: string, given: boolean): Diagnostic {
  return configDiagnostic(
    display,
    `The config ${display} is ${what}, not a file: mcp-gen cannot read it, and does not build with every default in its place.`,
    given
      ? "Give --config the path of the config file itself; it is relative to --cwd, or to the current folder."
      : `Make ${display} the config file (YAML), or remove it to build with every default.`,
  );
}

function configDiagnostic(file: string, message: string, hint: string): Diagnostic {
  return { ruleId: "config-invalid", severity: "error", message, hint, file, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: "" };
}
