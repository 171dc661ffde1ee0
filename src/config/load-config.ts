// mcp-gen.config.yaml (already parsed, or absent) → Config with every default filled in. The file
// is checked against its JSON Schema; unknown keys and rule ids get a "did you mean" hint.
import type { ErrorObject } from "ajv";
import { newAjv } from "../compile/load-ajv.js";
import type { Diagnostic, StageResult } from "../model/diagnostic.js";
import { getOwn, isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import type { SourceDoc } from "../model/source.js";
import { posix } from "node:path";
import { diagnosticAtPointer } from "../load/locate.js";
import { DEFAULT_LOAD_LIMITS, type LoadLimits } from "../load/limits.js";
import type { AnyRule } from "../validate/define-rule.js";
import type { RuleSetting } from "../validate/run-rules.js";
import type { Config, ServerSettings } from "./config.js";
import { buildConfigSchema } from "./config-schema.js";
import { globBase } from "./glob-base.js";
import { mayMatchBelow, mayMatchFile } from "./glob-reach.js";
import { isNeverDescriptor } from "./never-descriptors.js";
import { DEFAULT_SERVER, DEFAULT_TOOLS_GLOB } from "./defaults.js";
import { presetSeverity, type Preset } from "./preset.js";
import { isQuicklyValid } from "./quick-validate.js";
import { closest } from "./suggest.js";
import { cutText } from "../diff/cut-text.js";

export interface ProjectDefaults {
  /** From the project's package.json, when it has one. */
  readonly packageName?: string;
  readonly packageVersion?: string;
}

/**
 * @example loadConfig(undefined, ALL_RULES, {}).value.out === "src/generated"
 */
export function loadConfig(doc: SourceDoc | undefined, rules: readonly AnyRule[], project: ProjectDefaults): StageResult<Config | undefined> {
  const value: JsonValue = doc?.value ?? {};
  const diagnostics: Diagnostic[] = [];
  const report = (pointer: string, message: string, hint: string, target: "key" | "value" = "value") => {
    if (doc) diagnostics.push(diagnosticAtPointer(doc, pointer, { ruleId: "config-invalid", severity: "error", message, hint }, target));
  };
  const schema = buildConfigSchema(rules);
  if (!isQuicklyValid(value, schema)) {
    // ajv loads only for a config that the quick check does not confirm, to describe what is wrong
    // with it: a valid config, the usual case, costs no schema compilation.
    const validate = newAjv("2020-12", { strict: false, allErrors: true }).compile(schema);
    if (!validate(value)) {
      const lowered = new Set<AnyRule>();
      for (const error of leafErrors(validate.errors ?? [], value)) {
        // Every branch of a required rule's setting fails alike: one report per rule says why.
        const required = requiredRuleAt(rules, error.instancePath);
        if (required) lowered.add(required);
        else describeError(error, value, rules, report);
      }
      for (const rule of lowered) {
        const setting = valueAt(getOwn(value, "rules") ?? null, `/${rule.id}`);
        const severity = JSON.stringify(Array.isArray(setting) ? setting[0] : setting);
        report(`/rules/${rule.id}`, `${rule.id} is set to ${severity}, but it is always an error: ${lowerFirst(rule.why)}`, `Remove the setting, or set it to "error".`);
      }
      return { value: undefined, diagnostics };
    }
  }
  const config = normalize(value as JsonObject, rules, project);
  for (const problem of checkPaths(config, doc?.file)) report(problem.pointer, problem.message, problem.hint, problem.target);
  return diagnostics.length > 0 ? { value: undefined, diagnostics } : { value: config, diagnostics };
}

function normalize(raw: JsonObject, rules: readonly AnyRule[], project: ProjectDefaults): Config {
  const server = (getOwn(raw, "server") ?? {}) as Partial<ServerSettings> & JsonObject;
  const load = (getOwn(raw, "load") ?? {}) as Partial<LoadLimits>;
  const ruleValues = (getOwn(raw, "rules") ?? {}) as JsonObject;
  const preset = (getOwn(raw, "preset") as Preset | undefined) ?? "default";
  const settings = new Map<string, RuleSetting>();
  for (const rule of rules) {
    const configured = getOwn(ruleValues, rule.id);
    const [severity, options] = Array.isArray(configured) ? configured : [configured, undefined];
    settings.set(rule.id, {
      severity: (severity as RuleSetting["severity"] | undefined) ?? presetSeverity(rule, preset),
      options: { ...rule.options?.defaults, ...(isJsonObject(options) ? options : {}) },
    });
  }
  const str = (key: string, fallback: string) => (getOwn(raw, key) as string | undefined) ?? fallback;
  return {
    tools: (getOwn(raw, "tools") as string[] | undefined) ?? [DEFAULT_TOOLS_GLOB],
    out: normalizePath(str("out", "src/generated")),
    handlers: normalizePath(str("handlers", "src/handlers")),
    tests: normalizePath(str("tests", "test/tools")),
    lock: normalizePath(str("lock", "mcp-tools.lock.json")),
    target: str("target", "sdk-v2") as Config["target"],
    generate: str("generate", "all") as Config["generate"],
    runtime: str("runtime", "package") as Config["runtime"],
    server: {
      name: server.name ?? project.packageName ?? "mcp-server",
      version: server.version ?? project.packageVersion ?? "0.0.0",
      pageSize: server.pageSize ?? DEFAULT_SERVER.pageSize,
      ttlMs: server.ttlMs ?? DEFAULT_SERVER.ttlMs,
      cacheScope: server.cacheScope ?? DEFAULT_SERVER.cacheScope,
      limits: { ...DEFAULT_SERVER.limits, ...(server.limits ?? {}) },
    },
    load: { ...DEFAULT_LOAD_LIMITS, ...load },
    preset,
    rules: settings,
    packageJson: {
      ...(server.name === undefined && project.packageName !== undefined ? { name: project.packageName } : {}),
      ...(server.version === undefined && project.packageVersion !== undefined ? { version: project.packageVersion } : {}),
    },
  };
}

function normalizePath(path: string): string {
  return posix.normalize(path.replace(/\\/g, "/")).replace(/\/$/, "");
}

/** A config path that cannot be used: where in the config, what is wrong, what to do. */
interface PathProblem {
  readonly pointer: string;
  readonly message: string;
  readonly hint: string;
  /** Where the span points: at the key, or (the default) at its value. */
  readonly target?: "key" | "value";
}

/**
 * Output folders must stay inside the project, out of .git and node_modules, and must not overlap
 * each other, nor out lie where descriptors are looked for, nor the lock be a file of the user's.
 * `configFile`: the config's own path, as its diagnostics name it.
 */
function checkPaths(config: Config, configFile: string | undefined): PathProblem[] {
  const problems: PathProblem[] = [];
  const folders = [
    ["out", config.out],
    ["handlers", config.handlers],
    ["tests", config.tests],
    ["lock", config.lock],
  ] as const;
  for (const [key, path] of folders) {
    if (posix.isAbsolute(path) || /^[A-Za-z]:/.test(path) || path === ".." || path.startsWith("../") || path === ".") {
      problems.push({
        pointer: `/${key}`,
        message: `${key} is ${JSON.stringify(path)}, which is not a folder inside the project.`,
        hint: `Use a relative path inside the project, such as "${suggestedPath(key)}".`,
      });
    }
  }
  for (const [key, path] of folders) {
    const owned = ownedFolder(path);
    if (owned === undefined) continue;
    problems.push({
      pointer: `/${key}`,
      message: `${key} (${JSON.stringify(path)}) lies inside ${owned}, which ${owned === ".git" ? "git keeps its own data in" : "the package manager empties and fills again on every install"}: mcp-gen does not write there.`,
      hint: `Use a folder of the project's own, such as "${suggestedPath(key)}".`,
    });
  }
  const within = (a: string, b: string) => a === b || a.startsWith(b + "/") || b.startsWith(a + "/");
  for (const [key, path] of folders.slice(1)) {
    if (within(config.out, path)) {
      problems.push({
        pointer: "/out",
        message: `out (${JSON.stringify(config.out)}) overlaps ${key} (${JSON.stringify(path)}); every build rewrites out, which would destroy your ${key === "lock" ? "lock file" : key}.`,
        hint: `Point out at a folder of its own, such as "src/generated".`,
      });
    }
  }
  problems.push(...descriptorsInOut(config));
  problems.push(...lockOverUserFile(config, configFile));
  problems.push(...importsReadAsUrls(config));
  return problems;
}

/** A path to suggest for `key` in a hint: its default. */
function suggestedPath(key: "out" | "handlers" | "tests" | "lock"): string {
  return key === "out" ? "src/generated" : key === "lock" ? "mcp-tools.lock.json" : `src/${key}`;
}

/**
 * The folder another tool owns that `path` lies in (a ".git" or "node_modules" segment, in any letter
 * case: the file systems of macOS and Windows do not tell them apart); undefined for none.
 */
function ownedFolder(path: string): ".git" | "node_modules" | undefined {
  for (const segment of path.split("/")) {
    const name = segment.toLowerCase();
    if (name === ".git" || name === "node_modules") return name;
  }
  return undefined;
}

/** What a module specifier means more than its path to Node.js, which resolves an import as a URL. */
const URL_SYNTAX = /[#?%\t\n\r]/;

/**
 * A folder the generated code imports another one's module through (out's handlers.ts the handler
 * stubs, the stubs and test scaffolds out's modules: generate: all) whose name holds "#", "?" or "%".
 * TypeScript reads a specifier as a path, Node.js as a URL ("#" starts a fragment, "?" a query, "%"
 * an escape), so no spelling of it works for both: the build succeeded, tsc passed, and the compiled
 * server then failed with ERR_MODULE_NOT_FOUND. A folder's own name is never in a specifier
 * between two files inside it, so the project's location and the folders above both do not count.
 */
function importsReadAsUrls(config: Config): { pointer: string; message: string; hint: string }[] {
  if (config.generate !== "all") return [];
  const imports = [
    ["out", "handlers"],
    ["handlers", "out"],
    ["tests", "out"],
  ] as const;
  const reported = new Set<string>();
  return imports.flatMap(([from, to]) => {
    const relative = posix.relative(config[from], config[to]);
    const found = URL_SYNTAX.exec(relative);
    if (!found || reported.has(to)) return [];
    reported.add(to);
    return [
      {
        pointer: `/${to}`,
        message: `${to} (${JSON.stringify(config[to])}) is imported from ${from} as ${JSON.stringify(`${relative}/…`)}, whose ${JSON.stringify(found[0])} Node.js reads as URL syntax, not as part of a folder's name: the compiled code would not find the module.`,
        hint: `Name the folder without "#", "?" or "%" (TypeScript reads an import as a path and Node.js as a URL: no spelling of it works for both).`,
      },
    ];
  });
}

/**
 * A `tools` glob that looks for descriptors in out: out is (or holds) the folder the glob starts
 * from, or lies below it where the glob can match files. The search skips out (the build's own
 * files), so it found nothing, or silently dropped the descriptors there, and `check` then told the
 * user to delete them as files left over in out. A glob from the project root itself (`**\/*.json`,
 * `*\/**\/*.yaml`: a first segment of wildcards only) is a search of the whole project, out included
 * wherever it is: that one skipping out is what the search is documented to do, and is not refused.
 * A glob whose first segment names folders by a pattern (`{tools,schemas}/**`, `tools*\/**`) is held
 * to out as one with a folder there is.
 */
function descriptorsInOut(config: Config): PathProblem[] {
  return config.tools.flatMap((pattern, i) => {
    const base = globBase(pattern);
    if (base === undefined) return [];
    const holds = base === config.out || base.startsWith(`${config.out}/`);
    // Below the glob's base where it can match files (its literal segments lead there), unless it searches the whole project.
    const inside = !searchesWholeProject(pattern) && mayMatchBelow(pattern, config.out);
    if (!holds && !inside) return [];
    const where = holds ? "holds the descriptors" : base === "" ? "lies where" : `lies in ${base}/, where`;
    return [
      {
        pointer: "/out",
        message: `out (${JSON.stringify(config.out)}) ${where} tools[${i}] (${JSON.stringify(pattern)}) looks for${holds ? "" : " descriptors"}; a build never reads descriptors from out, which it rewrites.`,
        hint: `Point out at a folder of its own, such as "src/generated".`,
      },
    ];
  });
}

/** Whether a glob's first segment is wildcards only (`**\/*.json`, `*\/*.yaml`): a search of the whole project. */
function searchesWholeProject(pattern: string): boolean {
  return /^\*+$/.test(posix.normalize(pattern).split("/")[0]!);
}

/**
 * A lock path that names a file of the user's: the config itself, a descriptor (a file a `tools` glob
 * matches, but for names the search never reads as one, such as `*.lock.json`), or a file in the
 * handlers or tests folders, which are the user's after their first build. Every build writes the
 * lock, so it replaced that file with the lock's JSON. (A lock in out is refused as an overlap.)
 */
function lockOverUserFile(config: Config, configFile: string | undefined): PathProblem[] {
  const { lock } = config;
  const inside = (folder: string) => lock === folder || lock.startsWith(`${folder}/`);
  const problem = (what: string): PathProblem => ({
    pointer: "/lock",
    target: "key",
    message: `lock (${JSON.stringify(lock)}) ${what}; every build writes the lock there, which would replace that file.`,
    hint: `Give the lock a path of its own, such as "${suggestedPath("lock")}".`,
  });
  if (configFile !== undefined && lock === normalizePath(configFile)) return [problem("is this config file")];
  const glob = isNeverDescriptor(lock) ? -1 : config.tools.findIndex((pattern) => mayMatchFile(pattern, lock));
  if (glob >= 0) return [problem(`is a file tools[${glob}] (${JSON.stringify(config.tools[glob])}) reads as a descriptor`)];
  for (const key of ["handlers", "tests"] as const) {
    if (inside(config[key])) return [problem(`lies in ${key} (${JSON.stringify(config[key])}), whose files are yours`)];
  }
  return [];
}

function leafErrors(errors: readonly ErrorObject[], root: JsonValue): ErrorObject[] {
  const useful = errors.filter((e) => e.keyword !== "anyOf" && e.keyword !== "if");
  // A rule value that fits neither the string nor the array form yields errors from both branches;
  // keep those of the branch the user meant: a string gets the enum error, not "must be array", and
  // an array the errors in it (`allow` given one value), not the enum's.
  const otherBranch = (e: ErrorObject) =>
    (e.keyword === "type" && e.params.type === "array" && typeof valueAt(root, e.instancePath) === "string" && useful.some((o) => o.instancePath === e.instancePath && o.keyword === "enum")) ||
    (e.keyword === "enum" && Array.isArray(valueAt(root, e.instancePath)) && useful.some((o) => o !== e && (o.instancePath === e.instancePath || o.instancePath.startsWith(`${e.instancePath}/`))));
  const meant = useful.filter((e) => !otherBranch(e));
  return meant.filter((e, i) => meant.findIndex((o) => o.instancePath === e.instancePath && o.keyword === e.keyword) === i);
}

function describeError(error: ErrorObject, root: JsonValue, rules: readonly AnyRule[], report: (p: string, m: string, h: string, t?: "key" | "value") => void): void {
  const where = error.instancePath === "" ? "mcp-gen.config.yaml" : error.instancePath.slice(1).replace(/\//g, ".");
  if (error.keyword === "additionalProperties") {
    const key = String(error.params.additionalProperty);
    const isRules = error.instancePath === "/rules";
    const known = isRules ? rules.map((r) => r.id) : Object.keys(getOwn(schemaAt(rules, error.schemaPath), "properties") ?? {});
    const guess = closest(key, known);
    report(
      `${error.instancePath}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`,
      isRules ? `Unknown rule id ${JSON.stringify(key)} in rules.` : `Unknown key ${JSON.stringify(key)} in ${where}.`,
      guess ? `Did you mean ${JSON.stringify(guess)}?` : `Remove it; the known keys are ${known.join(", ")}.`,
      "key",
    );
    return;
  }
  if (error.keyword === "type" && error.instancePath === "") {
    report("", "mcp-gen.config.yaml must be a mapping of options.", "Write keys such as tools, out and rules at the top level.");
    return;
  }
  const value = valueDescription(root, error.instancePath);
  const allowedValues: unknown[] | undefined = Array.isArray(error.params.allowedValues) ? error.params.allowedValues : undefined;
  const allowed = allowedValues ? ` (one of ${allowedValues.map((v) => JSON.stringify(v)).join(", ")})` : "";
  const actual = valueAt(root, error.instancePath);
  const guess =
    allowedValues && typeof actual === "string"
      ? closest(
          actual,
          allowedValues.filter((v): v is string => typeof v === "string"),
        )
      : undefined;
  // One value where a list goes (`tools: tools/*.yaml`): the list of it, as the user can paste it.
  const listOfOne = error.keyword === "type" && error.params.type === "array" && typeof actual === "string" ? `Write it as a list: [${JSON.stringify(actual)}].` : undefined;
  report(
    error.instancePath,
    `${where} is ${value}, but it ${error.message ?? "is invalid"}${allowed}.`,
    guess ? `Did you mean ${JSON.stringify(guess)}?` : (listOfOne ?? "Fix the value; see schemas/mcp-gen.config.schema.json for every option."),
  );
}

function schemaAt(rules: readonly AnyRule[], schemaPath: string): JsonValue {
  let node: JsonValue = buildConfigSchema(rules) as JsonObject;
  for (const token of schemaPath.replace(/^#\//, "").split("/").slice(0, -1)) node = getOwn(node, token.replace(/~1/g, "/").replace(/~0/g, "~")) ?? null;
  return node;
}

/** The rule whose severity sits at `pointer` (`/rules/<id>` or `/rules/<id>/0`), when no config may lower it. */
function requiredRuleAt(rules: readonly AnyRule[], pointer: string): AnyRule | undefined {
  const match = /^\/rules\/([^/]+)(?:\/0)?$/.exec(pointer);
  return match ? rules.find((rule) => rule.required && rule.id === match[1]) : undefined;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function valueAt(root: JsonValue, pointer: string): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const token of pointer.split("/").slice(1)) node = Array.isArray(node) ? node[Number(token)] : getOwn(node, token.replace(/~1/g, "/").replace(/~0/g, "~"));
  return node;
}

function valueDescription(root: JsonValue, pointer: string): string {
  const node = valueAt(root, pointer);
  if (node === undefined) return "missing";
  const text = JSON.stringify(node);
  return cutText(text, 40);
}
