// `mcp-gen init`: scaffolds a project in the current folder: mcp-gen.config.yaml, one example tool with
// its (working) handler, a stdio entry point and a Streamable HTTP one (every guard on), tsconfig.json
// (type-checks src/ and test/) with tsconfig.build.json (compiles src/ alone), a README section, a
// .gitignore, and the package.json scripts and dependencies the generated code needs. The project passes its own next steps whether package.json
// says "type": "module" or, as `npm init` writes it, "commonjs". It never overwrites a file: every
// file is created only when absent, and package.json only gains keys it lacks. It runs nothing; it
// prints the next steps, in the commands of the project's package manager (package-manager.ts),
// which the README section and the entries' comments use too. Exit 0, or 2 when the project already has a config or package.json is unusable.
import { shellWord } from "../shell-word.js";
import { readFile } from "node:fs/promises";
import { basename, join, posix, resolve } from "node:path";
import pkg from "../../../package.json" with { type: "json" };
import { CONFIG_FILE } from "../../config/config.js";
import type { GeneratedFile } from "../../model/generated-file.js";
import { RUNTIME_PACKAGE } from "../../emit/runtime-modules.js";
import { formatText } from "../../report/format-text.js";
import { parseCommandArgs } from "../args.js";
import { confinePaths, realPathOrSelf, type WritePath } from "../confine-paths.js";
import { EXIT, type CliIo } from "../io.js";
import { PACKAGE_ROOT } from "../package-files.js";
import { findConfigFolder } from "../project-root.js";
import { dependencySpecs, runtimeDependency, vendoredConfig, type DependencySpecs } from "../dependency-specs.js";
import { createMissing, readTextIfExists, writeFileAtomic } from "../../files/write-files.js";
import { keptTsconfigNotes } from "../kept-tsconfig-notes.js";
import { detectPackageManager, inPackageManager, type PackageManager } from "../package-manager.js";
import { readTsconfigChain } from "../module-format.js";
import { GITIGNORE, gitignoreLines, ignoreFiles, linterEntries, withLines } from "../ignore-files.js";

export const INIT_HELP = `Usage: mcp-gen init [options]

Scaffold mcp-gen in a project: ${CONFIG_FILE}, an example tool (tools/greet.yaml) with its handler,
src/stdio.ts and src/http.ts (Streamable HTTP on 127.0.0.1, every guard on), tsconfig.json with
tsconfig.build.json, and README.md when absent, the package.json scripts and dependencies the
generated code needs, the .gitignore lines for node_modules/ and the compiled output, and the
.gitattributes and .prettierignore lines that mark the generated folder and the lock as generated.
Never overwrites a file (it only adds lines, and replaces only npm's placeholder "test" script);
runs nothing.

Options:
  --cwd DIR          project root (default: the current directory)
  -h, --help         show this help

Exit status: 0 scaffolded, 2 bad usage, an existing ${CONFIG_FILE}, or an unreadable package.json.
`;

/** templates/init/ in mcp-gen's package. */
const INIT_TEMPLATES = join(PACKAGE_ROOT, "templates", "init");

/** Files copied from templates/init/, config last: a failed init leaves no config, so it can run again. */
const TEMPLATE_FILES = ["tools/greet.yaml", "src/handlers/greet.ts", "src/stdio.ts", "src/http.ts", "tsconfig.json", "tsconfig.build.json", "README.md", CONFIG_FILE] as const;

/** Written only with init's own tsconfig.json, which it extends. */
const BUILD_TSCONFIG = "tsconfig.build.json";

/** What init writes into or rewrites, each of which must really be in the project (a linked src/ would take the example anywhere). */
const INIT_PATHS: readonly WritePath[] = [
  ...[...new Set(TEMPLATE_FILES.map((path) => posix.dirname(path)).filter((folder) => folder !== "."))].map((path) => ({ path, role: "init's files", kind: "folder" as const })),
  { path: "package.json", role: "init's files", kind: "file" },
];

/** Scripts by preferred name; a name the project already uses for something else gets an `mcp-gen:` prefix. */
const SCRIPTS: readonly (readonly [string, string])[] = [
  ["generate", "mcp-gen build"],
  ["check", "mcp-gen check"],
  ["test", "vitest run"],
];

/** Only with the tsconfig files init writes: they assume tsconfig.build.json's outDir. */
const BUILD_SCRIPTS: readonly (readonly [string, string])[] = [
  ["build", `tsc -p ${BUILD_TSCONFIG}`],
  ["start", "node dist/stdio.js"],
  ["start:http", "node dist/http.js"],
];

/** What generated code imports at run time: the SDK, and @mcp-gen/runtime (which brings re2js, for the validators' patterns). */
const RUNTIME_PACKAGES = ["@modelcontextprotocol/client", "@modelcontextprotocol/node", "@modelcontextprotocol/server"] as const;
const DEV_PACKAGES = ["@types/node", "typescript", "vitest"] as const;

type PackageJson = Record<string, unknown>;

/** @example process.exitCode = await runInit(["--cwd", "my-server"], processIo()) */
export async function runInit(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, { cwd: { type: "string" }, help: { type: "boolean", short: "h" } });
  if (values.help) {
    io.stdout(INIT_HELP);
    return EXIT.ok;
  }
  const root = resolve(io.cwd, values.cwd ?? ".");
  if ((await readTextIfExists(join(root, CONFIG_FILE))) !== undefined) {
    io.stderr(
      `mcp-gen init: ${CONFIG_FILE} already exists in ${root}; init changes nothing in a project that has one.\nRun "mcp-gen build" to generate code, or delete ${CONFIG_FILE} to start over.\n`,
    );
    return EXIT.usage;
  }
  // In a subfolder of a project, every other command works on that project: so does init.
  const above = values.cwd === undefined ? findConfigFolder(root) : undefined;
  if (above !== undefined) {
    io.stderr(
      `mcp-gen init: ${join(above, CONFIG_FILE)} already exists: this folder is part of that project, which init does not change.\nRun "mcp-gen build" to build it, or "mcp-gen init --cwd ." to scaffold a separate project in this folder.\n`,
    );
    return EXIT.usage;
  }
  const confined = confinePaths(realPathOrSelf(root), INIT_PATHS);
  if (confined.diagnostics.length > 0) {
    io.stderr(`${formatText(confined.diagnostics, { sources: new Map(), color: false })}mcp-gen init: nothing was written.\n`);
    return EXIT.usage;
  }
  const packageText = await readTextIfExists(join(root, "package.json"));
  const existing = packageText === undefined ? undefined : parsePackageJson(packageText);
  if (typeof existing === "string") {
    io.stderr(`mcp-gen init: package.json ${existing}; nothing was written.\nFix package.json, then run "mcp-gen init" again.\n`);
    return EXIT.usage;
  }
  const writesTsconfig = (await readTextIfExists(join(root, "tsconfig.json"))) === undefined;
  const name = packageName(existing, root);
  const wanted = TEMPLATE_FILES.filter((path) => path !== BUILD_TSCONFIG || writesTsconfig);
  // The templates name npm's commands; a project another package manager installs gets its commands.
  const manager = detectPackageManager(root);
  const templates = await Promise.all(wanted.map(async (path) => ({ path, contents: inPackageManager(await readFile(join(INIT_TEMPLATES, path), "utf8"), manager) })));
  const files: GeneratedFile[] = templates.map((file) => (file.path === "README.md" ? { path: file.path, contents: `# ${name}\n\n${file.contents}` } : file));
  const lines: string[] = [];
  const notes: string[] = [];
  const specs = dependencySpecs(root, PACKAGE_ROOT);
  const plan = planPackageJson(existing, name, writesTsconfig, specs);
  // Nothing installs the runtime package from where this mcp-gen came from: the build copies it instead.
  const config = files.findIndex((file) => file.path === CONFIG_FILE);
  if (plan.vendored && config !== -1) files[config] = { path: CONFIG_FILE, contents: files[config]!.contents + vendoredConfig(specs) };
  // package.json first: of everything init writes, it is the one file that may already exist.
  if (existing === undefined) {
    const created = await createMissing(root, [{ path: "package.json", contents: renderJson(plan.json, "  ", "\n") }]);
    lines.push(...created.map((path) => `Created ${path}`));
  } else if (plan.added.length > 0) {
    await writeFileAtomic(join(root, "package.json"), renderJson(plan.json, detectIndent(packageText!), packageText!.includes("\r\n") ? "\r\n" : "\n"));
    lines.push(`Updated package.json: added ${plan.added.join(", ")}`);
  }
  notes.push(...plan.notes);
  const created = new Set(await createMissing(root, files));
  for (const file of files) lines.push(created.has(file.path) ? `Created ${file.path}` : `Kept ${file.path} (it exists; not overwritten)`);
  if (!created.has("README.md")) notes.push(`README.md exists, so it is unchanged; this section describes the tools:\n\n${indentLines(templates.find((f) => f.path === "README.md")!.contents)}`);
  if (!writesTsconfig) {
    notes.push(
      `Your tsconfig.json is unchanged; the generated code needs "module": "NodeNext" (or "Node16") and compiles under "strict": true. Keep compiled tests out of the project's folders (or out of vitest's "include"): vitest would run them a second time.`,
    );
    notes.push(...keptTsconfigNotes(readTsconfigChain(root), await readTextIfExists(join(root, "package.json"))));
  }
  lines.push(...(await writeIgnoreFiles(root)));
  lines.push(...(await writeGitignore(root, writesTsconfig)));
  notes.push(...(await linterNotes(root)));
  const vitestNote = vitestPathNote(realPathOrSelf(root));
  if (vitestNote) notes.push(vitestNote);
  const shown = notes.map((note) => `\nNote: ${inPackageManager(note, manager)}\n`).join("");
  io.stdout(`${lines.join("\n")}\n${shown}\n${nextSteps(values.cwd, servesWithScripts(plan.json), manager)}`);
  return EXIT.ok;
}

/** .gitattributes and .prettierignore: created, or given the lines they lack. */
async function writeIgnoreFiles(root: string): Promise<string[]> {
  const lines: string[] = [];
  for (const file of ignoreFiles(DEFAULT_OUTPUT, DESCRIPTOR_FOLDER)) {
    const existing = await readTextIfExists(join(root, file.path));
    const next = withLines(existing, file.lines, file.header);
    if (next === undefined) continue;
    await writeFileAtomic(join(root, file.path), next.text);
    lines.push(existing === undefined ? `Created ${file.path}` : `Updated ${file.path}: added ${next.added.join(", ")}`);
  }
  return lines;
}

/** Notes for the linters whose config is the project's own code: the entry to add. */
async function linterNotes(root: string): Promise<string[]> {
  const entries = linterEntries(DEFAULT_OUTPUT, DESCRIPTOR_FOLDER);
  const notes: string[] = [];
  const exists = async (names: readonly string[]) => (await Promise.all(names.map((name) => readTextIfExists(join(root, name))))).some((text) => text !== undefined);
  if (await exists(["eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts"]))
    notes.push(`Keep ESLint off the generated code: add ${entries.eslint} to the array your eslint.config exports.`);
  if (await exists(["biome.json", "biome.jsonc"]))
    notes.push(
      `Keep Biome off the generated code, the lock and the tool descriptors (the lock records their bytes): in biome.json, ${entries.biome} (Biome 2; with Biome 1, "files": { "ignore": [...] }).`,
    );
  return notes;
}

/**
 * Vite, which vitest runs on, cannot load a module of a project whose real path holds "#" (it is
 * a URL's fragment to it; Vite supports it only in dependencies' paths): the test scaffolds cannot
 * run there, whatever mcp-gen writes. Said at once, not left to vitest's "Cannot find module".
 * Nor below "%", which vitest decodes as a URL escape in the path of its own module evaluator in the
 * project's node_modules: "URI malformed", or a module looked for under another path ("%20" as a space).
 */
function vitestPathNote(realRoot: string): string | undefined {
  if (realRoot.includes("#"))
    return `The project's path (${realRoot}) holds "#", and vitest (Vite) cannot load test files below such a folder (https://github.com/vitejs/vite/issues/6763): \`npx vitest run\` finds no test there. Move the project to a path without "#" to run its tests; build, check and the compiled server work where it is.`;
  if (realRoot.includes("%"))
    return `The project's path (${realRoot}) holds "%", and vitest reads it as a URL escape when it loads its own modules from the project's node_modules ("URI malformed", or "Cannot find module" under another path): \`npx vitest run\` runs no test there. Move the project to a path without "%" to run its tests; build, check and the compiled server work where it is.`;
  return undefined;
}

/** init writes the default config: its output paths. */
const DEFAULT_OUTPUT = { out: "src/generated", lock: "mcp-tools.lock.json" } as const;
/** Where the example tool goes (TEMPLATE_FILES) and the default `tools` glob looks. */
const DESCRIPTOR_FOLDER = "tools";

/** The next steps: each command, in `manager`'s form, and what it does. */
function nextStepRows(manager: PackageManager): (readonly [command: string, what: string])[] {
  return [
    [manager.install, "install the MCP SDK, TypeScript and vitest"],
    [manager.exec("mcp-gen build"), "validate tools/ and write src/generated, the test scaffold and the lock file"],
    [manager.exec("tsc -p ."), "type-check the project, tests included"],
    [manager.exec("vitest run"), "run the example tool's tests through a real MCP client"],
  ];
}

/** The parsed package.json, or why it cannot be used. */
function parsePackageJson(text: string): PackageJson | string {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    return `is not valid JSON (${(e as Error).message})`;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "is not a JSON object";
  for (const key of ["scripts", "dependencies", "devDependencies"]) {
    const field = (value as PackageJson)[key];
    if (Object.hasOwn(value, key) && (field === null || typeof field !== "object" || Array.isArray(field))) return `has a "${key}" that is not an object`;
  }
  return value as PackageJson;
}

interface PackagePlan {
  readonly json: PackageJson;
  /** What was added, for the summary: `scripts.generate`, `devDependencies.vitest`. */
  readonly added: string[];
  /** Whether the config must vendor the runtime (no spec installs @mcp-gen/runtime, and the project has none). */
  readonly vendored: boolean;
  readonly notes: string[];
}

/** package.json with the scripts and dependencies mcp-gen needs added; existing keys keep their values. */
function planPackageJson(existing: PackageJson | undefined, name: string, writesTsconfig: boolean, specs: DependencySpecs): PackagePlan {
  const json: PackageJson = existing ? { ...existing } : { name, version: "0.1.0", private: true, type: "module" };
  const added: string[] = [];
  const notes: string[] = [];
  const section = (key: string): Record<string, unknown> => {
    const current = json[key] as Record<string, unknown> | undefined;
    const copy = { ...current };
    json[key] = copy;
    return copy;
  };
  const scripts = section("scripts");
  for (const [script, command] of [...SCRIPTS, ...(writesTsconfig ? BUILD_SCRIPTS : [])]) {
    if (scripts[script] === command) continue;
    if (isPlaceholderScript(script, scripts[script])) {
      defineOwn(scripts, script, command);
      added.push(`scripts.${script} (in place of the placeholder "npm init" writes)`);
      continue;
    }
    const free = scripts[script] === undefined ? script : scripts[`mcp-gen:${script}`] === undefined ? `mcp-gen:${script}` : undefined;
    if (free === undefined) continue;
    if (free !== script) notes.push(`Your "${script}" script is kept; "${command}" is the script "${free}".`);
    defineOwn(scripts, free, command);
    added.push(`scripts.${free}`);
  }
  const versions = { ...pkg.devDependencies, ...pkg.dependencies } as Record<string, string>;
  const has = (dependency: string) => ["dependencies", "devDependencies", "peerDependencies"].some((key) => Object.hasOwn((json[key] ?? {}) as object, dependency));
  const addAll = (key: string, wanted: readonly (readonly [string, string])[]) => {
    const missing = wanted.filter(([dependency]) => !has(dependency));
    if (missing.length === 0) return;
    const target = section(key);
    for (const [dependency, version] of missing) {
      defineOwn(target, dependency, version);
      added.push(`${key}.${dependency}`);
    }
  };
  // mcp-gen and its runtime from where this mcp-gen came from (dependency-specs.ts).
  const runtime = runtimeDependency(specs);
  const vendored = runtime.vendored && !has(RUNTIME_PACKAGE);
  addAll(
    "dependencies",
    [...RUNTIME_PACKAGES.map((p) => [p, versions[p]!] as const), ...(has(RUNTIME_PACKAGE) ? [] : [runtime.dependency])].sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  addAll(
    "devDependencies",
    [...DEV_PACKAGES.map((p) => [p, versions[p]!] as const), ["mcp-gen", specs.mcpGen] as const].sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  if (vendored)
    notes.push(
      `mcp-gen comes from ${specs.from}, from where no ${RUNTIME_PACKAGE} can be installed: the config says \`runtime: vendored\`, so the build copies the runtime into the generated folder.`,
    );
  return { json, added, notes, vendored };
}

function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The npm package name for a new package.json: the folder's name, lower-case, npm-safe. */
function packageName(existing: PackageJson | undefined, root: string): string {
  if (typeof existing?.name === "string" && existing.name !== "") return existing.name;
  const name = basename(root)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[._-]+|-+$/g, "");
  return name === "" ? "mcp-server" : name.slice(0, 214);
}

function renderJson(value: unknown, indent: string, newline: string): string {
  return (JSON.stringify(value, null, indent) + "\n").replace(/\n/g, newline);
}

/** The indentation an existing JSON file uses (its first indented line), so an edit keeps its style. */
function detectIndent(text: string): string {
  return /^([ \t]+)"/m.exec(text)?.[1] ?? "  ";
}

function indentLines(text: string): string {
  return text
    .trimEnd()
    .split("\n")
    .map((line) => (line === "" ? "" : `    ${line}`))
    .join("\n");
}

/**
 * Whether `value` is the placeholder package managers write for `script` ("npm init" and "pnpm init"
 * write a "test" that fails), which init replaces rather than keeping beside its own.
 */
function isPlaceholderScript(script: string, value: unknown): boolean {
  return script === "test" && typeof value === "string" && /^echo "Error: no test specified" && exit 1$/.test(value.trim());
}

/** .gitignore: created, or given the lines it lacks (dist/ only beside the tsconfig.build.json whose outDir it is). */
async function writeGitignore(root: string, writesTsconfig: boolean): Promise<string[]> {
  const existing = await readTextIfExists(join(root, GITIGNORE.path));
  const next = gitignoreLines(existing, writesTsconfig ? GITIGNORE.lines : GITIGNORE.lines.filter((line) => line !== "dist/"));
  if (next === undefined) return [];
  await writeFileAtomic(join(root, GITIGNORE.path), next.text);
  return [existing === undefined ? `Created ${GITIGNORE.path}` : `Updated ${GITIGNORE.path}: added ${next.added.join(", ")}`];
}

/**
 * The next steps in `manager`'s commands, run from where init ran: first into the project's folder
 * when `--cwd` named another one (npx and its like find the project's mcp-gen from inside it), then
 * how to serve the tools when init wrote the scripts that do.
 */
function nextSteps(cwd: string | undefined, withScripts: boolean, manager: PackageManager): string {
  const rows = nextStepRows(manager);
  const width = Math.max(19, ...rows.map(([command]) => command.length));
  const list = rows.map(([command, what]) => `  ${command.padEnd(width)}  ${what}\n`).join("");
  const serve = withScripts ? `\nThen serve the tools: \`${manager.run("build")}\`, then \`${manager.run("start")}\` (stdio) or \`${manager.run("start:http")}\` (http://127.0.0.1:3000/mcp).\n` : "";
  if (cwd === undefined || posix.normalize(cwd.replaceAll("\\", "/")) === ".") return `Next steps:\n${list}${serve}`;
  const folder = shellWord(cwd);
  return `Next steps:\n  ${`cd ${folder}`.padEnd(width)}  the project's folder (mcp-gen's commands also take --cwd ${folder})\n${list}${serve}`;
}

/** Whether package.json's build, start and start:http scripts are init's (a project's own are kept). */
function servesWithScripts(json: PackageJson): boolean {
  const scripts = (json.scripts ?? {}) as Record<string, unknown>;
  return BUILD_SCRIPTS.every(([name, command]) => scripts[name] === command);
}

/** `text` as one word of a POSIX shell command line: as it is when that is safe, single-quoted otherwise. */
