// What `check` (as errors) and `build` (as warnings) say about the runtime package of a project whose generated code imports
// @mcp-gen/runtime (`runtime: package`): the project must depend on it (not only as a dev
// dependency: the generated code imports it at run time), and the installed version must be in the
// range the generated code states (RUNTIME_RANGE in tools.ts) — a runtime upgraded by Dependabot
// past what the code was generated for, or an mcp-gen upgraded without its runtime, fails here and
// not at a user's first call. A vendored project carries its runtime and gets no finding.
import { closeSync, existsSync, fstatSync, openSync, readSync } from "node:fs";
import { dirname, join, posix, relative, sep } from "node:path";
import type { Config } from "../config/config.js";
import { RUNTIME_PACKAGE, RUNTIME_RANGE } from "../emit/runtime-modules.js";
import { loadDocument } from "../load/load-document.js";
import { diagnosticAtPointer } from "../load/locate.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { PACKAGE_JSON } from "./read-config.js";
import { OPEN_WITHOUT_WAITING, readFileNow } from "../files/read-now.js";
import { detectPackageManager, PACKAGE_MANAGERS, type PackageManager } from "./package-manager.js";

/** The runtime as Node would resolve it from the generated folder. */
export type InstalledRuntime =
  /** Found: its version, and its package.json as a path from the project root. */
  | { readonly kind: "found"; readonly version: string; readonly path: string }
  /** node_modules folders exist on the way up, and none holds it: the import fails. */
  | { readonly kind: "absent" }
  /** No node_modules at all: nothing is installed yet, so nothing can be said. */
  | { readonly kind: "not-installed" };

/**
 * Looks for node_modules/@mcp-gen/runtime/package.json from `out` up to the file system's root, as
 * Node resolves the generated code's imports (a workspace's hoisted node_modules included).
 */
export function findInstalledRuntime(root: string, out: string): InstalledRuntime {
  let sawNodeModules = false;
  for (let dir = join(root, out); ; dir = dirname(dir)) {
    const modules = join(dir, "node_modules");
    if (existsSync(modules)) {
      sawNodeModules = true;
      const manifest = join(modules, ...RUNTIME_PACKAGE.split("/"), "package.json");
      const version = readVersion(manifest);
      if (version !== undefined) return { kind: "found", version, path: relative(root, manifest).split(sep).join("/") };
    }
    if (dirname(dir) === dir) return sawNodeModules ? { kind: "absent" } : { kind: "not-installed" };
  }
}

function readVersion(manifest: string): string | undefined {
  try {
    const version = (JSON.parse(readFileNow(manifest, "utf8")) as { version?: unknown }).version;
    return typeof version === "string" ? version : "(no version)";
  } catch {
    return undefined;
  }
}

/**
 * The last bytes of a generated tools.ts, where its template states RUNTIME_RANGE: check reads no
 * more of a file that holds every tool's entry (400 KB for a thousand tools) unless it has a finding
 * to show in it. Undefined when the file cannot be read.
 */
export function readTail(path: string, bytes = 512): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, OPEN_WITHOUT_WAITING);
    const stat = fstatSync(fd);
    // A named pipe (or a device) where tools.ts belongs has no tail to read: the drift check names it.
    if (!stat.isFile()) return undefined;
    const size = stat.size;
    const buffer = Buffer.alloc(Math.min(bytes, size));
    const read = readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.subarray(0, read).toString("utf8");
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The range a generated tools.ts (or its tail) states, `export const RUNTIME_RANGE = "^0.1.0";`. */
export function statedRange(toolsText: string | undefined): string | undefined {
  return toolsText === undefined ? undefined : /^export const RUNTIME_RANGE = "([^"\n]*)";$/m.exec(toolsText)?.[1];
}

const VERSION = /^(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/**
 * Whether `version` is in the caret range `range` (`^MAJOR.MINOR.PATCH`, the only form mcp-gen
 * writes), as npm's semver reads it: the same leftmost non-zero part and not older; a prerelease
 * never. Undefined when the range is not of that form.
 * @example inCaretRange("0.1.4", "^0.1.0") === true && inCaretRange("0.2.0", "^0.1.0") === false
 */
export function inCaretRange(version: string, range: string): boolean | undefined {
  const want = VERSION.exec(range.startsWith("^") ? range.slice(1) : "");
  if (!want || want[4] !== undefined) return undefined;
  const have = VERSION.exec(version);
  if (!have || have[4] !== undefined) return false;
  const parts = (m: RegExpExecArray) => [Number(m[1]), Number(m[2]), Number(m[3])];
  const a = parts(have);
  const b = parts(want);
  // The parts up to the leftmost non-zero one of the range must match; the rest must not be older.
  const fixed = b[0] !== 0 ? 1 : b[1] !== 0 ? 2 : 3;
  // (The parts of a range ^0.0.Z all match then: only Z itself.)
  for (let i = 0; i < fixed; i++) if (a[i] !== b[i]) return false;
  for (let i = fixed; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
}

export interface RuntimeSkewInput {
  readonly config: Pick<Config, "runtime" | "out">;
  /** package.json's text, when the project has one. */
  readonly packageText: string | undefined;
  /** The generated tools.ts as on disk, when it exists. */
  readonly toolsText: string | undefined;
  readonly installed: InstalledRuntime;
  /**
   * What `npm install` takes to add the runtime where this mcp-gen came from (dependency-specs.ts):
   * by default `@mcp-gen/runtime@RANGE`; null when nothing installs it (mcp-gen from a git URL).
   */
  readonly installArgument?: string | null;
  /** Whose commands the hints give (package-manager.ts); npm's by default. */
  readonly manager?: PackageManager;
}

const DEPENDENCY_KEYS = ["dependencies", "peerDependencies", "optionalDependencies"] as const;

/** The findings: none for a vendored project, or one that depends on a runtime in range. */
export function runtimeSkew(input: RuntimeSkewInput): Diagnostic[] {
  if (input.config.runtime !== "package") return [];
  const toolsPath = posix.join(input.config.out, "tools.ts");
  // A tools.ts without the range (missing, or written for a vendored runtime) is drift of its own;
  // the range a build writes now stands for it.
  const range = statedRange(input.toolsText) ?? RUNTIME_RANGE;
  const manager = input.manager ?? PACKAGE_MANAGERS.npm;
  const install = manager.add(`${RUNTIME_PACKAGE}@${range}`);
  const vendored = "or set `runtime: vendored` in the config to have the runtime copied into the generated folder";
  const add = input.installArgument === undefined ? install : input.installArgument === null ? undefined : manager.add(input.installArgument);
  const doc = input.packageText === undefined ? undefined : loadDocument({ path: PACKAGE_JSON, text: input.packageText }).value;
  const manifest = doc?.value !== null && typeof doc?.value === "object" && !Array.isArray(doc.value) ? (doc.value as Record<string, unknown>) : undefined;
  const declaredIn = (key: string) => {
    const section = manifest?.[key];
    return section !== null && typeof section === "object" && Object.hasOwn(section, RUNTIME_PACKAGE);
  };
  const pointer = (key: string) => `/${key}/${RUNTIME_PACKAGE.replace(/~/g, "~0").replace(/\//g, "~1")}`;
  const found: Diagnostic[] = [];
  const declaration = DEPENDENCY_KEYS.find(declaredIn);
  if (doc && manifest && declaration === undefined) {
    const devOnly = declaredIn("devDependencies");
    const content = {
      ruleId: "runtime-missing",
      severity: "error" as const,
      message: devOnly
        ? `package.json lists ${RUNTIME_PACKAGE} in devDependencies only; the generated code imports it at run time, so an install without dev dependencies (npm ci --omit=dev) leaves it out.`
        : `package.json does not depend on ${RUNTIME_PACKAGE}, which the generated code in ${input.config.out} imports.`,
      hint: devOnly
        ? `Move ${RUNTIME_PACKAGE} to "dependencies" (${install} does), ${vendored}.`
        : add === undefined
          ? `Set \`runtime: vendored\` in the config to have the runtime copied into the generated folder: nothing installs ${RUNTIME_PACKAGE} from where this mcp-gen came from.`
          : `Run \`${add}\`, ${vendored}.`,
    };
    found.push(devOnly ? diagnosticAtPointer(doc, pointer("devDependencies"), content, "key") : diagnosticAtPointer(doc, "", content, "key"));
  }
  const at = (ruleId: string, message: string, hint: string): Diagnostic =>
    doc && declaration !== undefined ? diagnosticAtPointer(doc, pointer(declaration), { ruleId, severity: "error", message, hint }) : rangeLine(toolsPath, input.toolsText, { ruleId, message, hint });
  if (input.installed.kind === "absent" && declaration !== undefined) {
    found.push(
      at(
        "runtime-missing",
        `${RUNTIME_PACKAGE} is not installed: no node_modules from ${input.config.out} up holds it, and the generated code imports it.`,
        `Run \`${manager.install}\` (package.json declares it), ${vendored}.`,
      ),
    );
  }
  if (input.installed.kind === "found" && inCaretRange(input.installed.version, range) === false) {
    const { version, path } = input.installed;
    found.push(
      at(
        "runtime-version",
        `${RUNTIME_PACKAGE} ${version} is installed (${path}), outside ${range}, the versions the generated code in ${input.config.out} was written for.`,
        `Install a runtime in that range (\`${install}\`), or upgrade mcp-gen to a release written for ${RUNTIME_PACKAGE} ${version} and run \`mcp-gen build\`.`,
      ),
    );
  }
  return found;
}

/**
 * What `build` says about the runtime: runtimeSkew's findings for the code it writes now (tools.ts
 * states RUNTIME_RANGE), as warnings: the build writes its code, and `check` fails on them.
 */
export function runtimeWarnings(root: string, config: Pick<Config, "runtime" | "out">, packageText: string | undefined, installArgument: () => string | null): Diagnostic[] {
  if (config.runtime !== "package") return [];
  const input = { config, packageText, toolsText: undefined, installed: findInstalledRuntime(root, config.out) };
  if (runtimeSkew(input).length === 0) return [];
  return runtimeSkew({ ...input, installArgument: installArgument(), manager: detectPackageManager(root) }).map((d) => ({ ...d, severity: "warning" }));
}

/** A finding at tools.ts's RUNTIME_RANGE line (its first line when it has none). */
function rangeLine(file: string, text: string | undefined, content: { ruleId: string; message: string; hint: string }): Diagnostic {
  const lines = text?.split("\n") ?? [];
  const index = lines.findIndex((line) => line.startsWith("export const RUNTIME_RANGE = "));
  const line = index === -1 ? 1 : index + 1;
  const endColumn = index === -1 ? 1 : lines[index]!.length + 1;
  return { ...content, severity: "error", file, line, column: 1, endLine: line, endColumn, pointer: "" };
}
