// Keeps every write inside the project: each folder a command writes to (and the lock file) is
// resolved to its real path, links followed, and must lie inside the project's real root. Comparing
// path strings is not enough: `src/handlers` may be a link to any folder on the machine. Checked
// before a command writes anything; nothing here writes.
import { lstatSync, readdirSync, realpathSync, type Dirent, type Stats } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import type { Config } from "../config/config.js";
import { GENERATED_EXTENSION, GENERATED_FOLDERS } from "../emit/generated-layout.js";
import { describeStat } from "../files/path-kind.js";
import { sortDiagnostics, type Diagnostic } from "../model/diagnostic.js";

/** A project path a command writes to or into. */
export interface WritePath {
  /** Project-relative, forward slashes, normalized (as the config holds it). */
  readonly path: string;
  /** What it is, in the message: `out`, `handlers`, `--dir`. */
  readonly role: string;
  /** A folder files are written into, or a file a command reads and may rewrite. */
  readonly kind: "folder" | "file";
  /**
   * The generated folder or the lock, which a build replaces as a whole (a rename): a link there
   * would be swapped for a plain folder or file, so it is refused wherever it points, as is any
   * link inside such a folder. Elsewhere a link is fine while its real path stays in the project.
   */
  readonly replaced?: boolean;
}

export interface ConfinedPaths {
  readonly diagnostics: readonly Diagnostic[];
  /** The real path of each WritePath that passed, by its project path. */
  readonly real: ReadonlyMap<string, string>;
}

export const OUTPUT_PATH_UNSAFE = "output-path-unsafe";

/**
 * Checks `paths` against the project's real root (`realRoot`, already resolved with realpath).
 * @example confinePaths("/home/me/app", [{ path: "src/handlers", role: "handlers", kind: "folder" }]).diagnostics // [] unless a link leaves the project
 */
export function confinePaths(realRoot: string, paths: readonly WritePath[]): ConfinedPaths {
  const diagnostics: Diagnostic[] = [];
  const real = new Map<string, string>();
  for (const item of paths) {
    const found = resolveInProject(realRoot, item);
    if (typeof found === "string") {
      real.set(item.path, found);
      const link = item.replaced && item.kind === "folder" ? firstLinkBelow(found, item.path) : undefined;
      if (link !== undefined)
        diagnostics.push(problem(link, `${link} is a link inside ${item.role} (${item.path}), which every build replaces as a whole.`, `Remove the link; mcp-gen writes ${item.path} again.`));
    } else {
      diagnostics.push(found);
    }
  }
  return { diagnostics: sortDiagnostics(diagnostics), real };
}

/**
 * The folders and the lock a build writes (and check compares), confined, and compared by real
 * path: `out` must not overlap handlers, tests or the lock once links are followed, and nothing in
 * `out` may stand where a build writes the other kind (a folder for a file, a file for a folder).
 */
export function confineProjectPaths(realRoot: string, config: Pick<Config, "out" | "handlers" | "tests" | "lock">): ConfinedPaths {
  const confined = confinePaths(realRoot, [
    { path: config.out, role: "out", kind: "folder", replaced: true },
    { path: config.handlers, role: "handlers", kind: "folder" },
    { path: config.tests, role: "tests", kind: "folder" },
    { path: config.lock, role: "lock", kind: "file", replaced: true },
  ]);
  const out = confined.real.get(config.out);
  const overlaps: Diagnostic[] = [];
  for (const [role, path] of [
    ["handlers", config.handlers],
    ["tests", config.tests],
    ["lock", config.lock],
  ] as const) {
    const other = confined.real.get(path);
    if (out === undefined || other === undefined || !(isWithin(other, out) || isWithin(out, other))) continue;
    overlaps.push(
      problem(
        config.out,
        `out (${config.out}) and ${role} (${path}) overlap once links are followed (${JSON.stringify(out)} and ${JSON.stringify(other)}); every build rewrites out, which would destroy your ${role === "lock" ? "lock file" : role}.`,
        "Point out and the link at folders of their own.",
      ),
    );
  }
  // The lock in handlers or tests by way of a link (`lock: alias/pins.json`, alias → src/handlers):
  // the config's own check compares the paths as written, and every build rewrites the lock.
  const lock = confined.real.get(config.lock);
  for (const [role, path] of [
    ["handlers", config.handlers],
    ["tests", config.tests],
  ] as const) {
    const folder = confined.real.get(path);
    if (lock === undefined || folder === undefined || !isWithin(lock, folder)) continue;
    overlaps.push(
      problem(
        config.lock,
        `lock (${config.lock}) lies in ${role} (${path}) once links are followed (${JSON.stringify(lock)}); every build rewrites the lock, which would replace a file of your ${role} there.`,
        'Give the lock a path of its own, such as "mcp-tools.lock.json".',
      ),
    );
  }
  const inTheWay = out === undefined ? [] : generatedPathsInTheWay(out, config.out);
  return { diagnostics: sortDiagnostics([...confined.diagnostics, ...overlaps, ...inTheWay]), real: confined.real };
}

/**
 * What stands in the generated folder (real path `realOut`, project path `out`) where a build writes
 * the other kind: a folder named as a generated file (`tools/greet.ts/`), or a file (or anything but
 * a folder) where generated files go (`tools`). Reading or replacing either failed with EISDIR or
 * ENOTDIR, in the middle of a build or check; a folder may hold the user's files, which a build
 * must not delete. A named pipe, socket or device named as a generated file is no file to compare
 * either (reading a pipe waits for a writer). Links are firstLinkBelow's.
 */
function generatedPathsInTheWay(realOut: string, out: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const folder of ["", ...GENERATED_FOLDERS]) {
    const shown = folder === "" ? out : `${out}/${folder}`;
    const stat = lstatOrUndefined(folder === "" ? realOut : join(realOut, folder));
    if (stat === undefined || stat.isSymbolicLink()) continue; // not there (or behind a file, reported), or a link (reported)
    if (!stat.isDirectory()) {
      found.push(problem(shown, `${shown} is a file, where a build writes the folder of generated files ${shown}/.`, `Move the file out of ${out}, which mcp-gen rewrites on every build.`));
      continue;
    }
    for (const entry of entriesOrNone(join(realOut, folder))) {
      if (!entry.name.endsWith(GENERATED_EXTENSION)) continue;
      const path = `${shown}/${entry.name}`;
      if (entry.isDirectory()) {
        found.push(problem(path, `${path} is a folder, where a build writes a generated file of that name.`, `Move the folder out of ${out}, which mcp-gen rewrites on every build.`));
      } else if (entry.isFIFO() || entry.isSocket() || entry.isCharacterDevice() || entry.isBlockDevice()) {
        // Opening a named pipe to compare it waits for a writer that never comes: check hung there.
        found.push(
          problem(path, `${path} is not a regular file (a named pipe, socket or device), where a build writes a generated file of that name.`, `Delete it; \`mcp-gen build\` writes the file again.`),
        );
      }
    }
  }
  return found;
}

/** The real path of a project path: its existing part resolved, the rest (created by mkdir as plain folders) appended; or why not. */
function resolveInProject(realRoot: string, item: WritePath): string | Diagnostic {
  const names = item.path.split("/");
  let current = realRoot;
  for (let i = 0; i < names.length; i++) {
    const shown = names.slice(0, i + 1).join("/");
    const next = join(current, names[i]!);
    const stat = lstatOrUndefined(next);
    if (!stat) return join(next, ...names.slice(i + 1));
    const last = i === names.length - 1;
    if (stat.isSymbolicLink()) {
      const target = realpathOrUndefined(next);
      if (last && item.replaced)
        return problem(
          shown,
          `${item.role} (${item.path}) is a link${target === undefined ? "" : ` to ${JSON.stringify(target)}`}; a build replaces it as a whole, which would swap the link for a plain ${item.kind}.`,
          `Point the setting at a plain ${item.kind} inside the project in mcp-gen.config.yaml, or replace the link with one.`,
        );
      if (target === undefined)
        return problem(shown, `${shown} is a link to something that does not exist, so ${item.role} (${item.path}) has no real place.`, "Remove the link or create its target inside the project.");
      if (!isWithin(target, realRoot))
        return problem(
          shown,
          `${shown} is a link to ${JSON.stringify(target)}, outside the project, so ${item.role} (${item.path}) would be written there.`,
          "Replace the link with a folder inside the project, or point the setting at one.",
        );
      current = target;
      continue;
    }
    if (!stat.isDirectory() && !(last && item.kind === "file")) {
      return problem(shown, `${shown} is a file, so ${item.role} (${item.path}) cannot be a folder.`, "Move the file away, or point the setting at a folder.");
    }
    if (last && item.kind === "file" && stat.isDirectory()) {
      return problem(shown, `${shown} is a folder, so ${item.role} (${item.path}) cannot be a file.`, "Move the folder away, or point the setting at a file.");
    }
    // A named pipe, socket or device: replaced by a build, and reading a pipe waits for a writer.
    if (last && item.kind === "file" && !stat.isFile()) {
      return problem(
        shown,
        `${shown} is ${describeStat(stat)}, so ${item.role} (${item.path}) cannot be a file; mcp-gen neither reads it nor writes over it.`,
        "Move it away, or point the setting at a file.",
      );
    }
    current = next;
  }
  return current;
}

/** The project path of the first link found in the folder `real` (project path `shown`), depth first; undefined when none or no folder. */
function firstLinkBelow(real: string, shown: string): string | undefined {
  let entries: Dirent[];
  try {
    entries = readdirSync(real, { withFileTypes: true });
  } catch {
    return undefined; // not there yet, or a file
  }
  for (const entry of entries) {
    if (entry.isSymbolicLink()) return `${shown}/${entry.name}`;
    if (entry.isDirectory()) {
      const found = firstLinkBelow(join(real, entry.name), `${shown}/${entry.name}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The real path of a project root; the root itself when it does not exist yet (init and import create it). */
export function realPathOrSelf(root: string): string {
  return realpathOrUndefined(root) ?? root;
}

/** Whether `path` is `folder` or inside it (both absolute and real). */
export function isWithin(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(".." + sep) && !isAbsolute(rel));
}

function entriesOrNone(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return []; // gone since, or unreadable: the build's own reads report it
  }
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

function realpathOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function problem(file: string, message: string, hint: string): Diagnostic {
  return { ruleId: OUTPUT_PATH_UNSAFE, severity: "error", message, hint, file, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: "" };
}
