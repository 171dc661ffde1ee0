// The handlers and tests folders → the scaffolds found there, and the folders that stand where a
// tool's handler stub or test scaffold goes (output-path-unsafe): a build creates no scaffold in
// their place, so the generated handlers.ts would import a module that is not there. build stops on
// them before it writes; check reports them the same way (it compares no scaffold's contents).
import { readdirSync, type Dirent } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config/config.js";
import { assignToolNames, scaffoldPaths } from "../emit/names.js";
import { diagnosticAtFileStart } from "../load/diagnostic-at.js";
import { compareText, type Diagnostic } from "../model/diagnostic.js";
import type { RunMemo } from "../model/run-memo.js";
import { OUTPUT_PATH_UNSAFE } from "./confine-paths.js";

/** The entries directly in the scaffold folders, as project paths. */
export interface ScaffoldFolders {
  /** The files (and links), which a build leaves alone. */
  readonly files: ReadonlySet<string>;
  /** The folders, where a build cannot create a scaffold. */
  readonly folders: ReadonlySet<string>;
}

/**
 * The entries directly in each of `folders` (the handlers and tests folders: one file per tool),
 * files apart from folders; a folder that cannot be listed has none.
 * @example listScaffoldFolders(root, [config.handlers, config.tests]).folders.has("src/handlers/wave.ts")
 */
export function listScaffoldFolders(root: string, folders: readonly string[]): ScaffoldFolders {
  const listed = { files: new Set<string>(), folders: new Set<string>() };
  for (const folder of folders) {
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, folder), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) (entry.isDirectory() ? listed.folders : listed.files).add(`${folder}/${entry.name}`);
  }
  return listed;
}

/**
 * An output-path-unsafe error for each of `folders` that stands where the handler stub or test
 * scaffold of one of the tools named `names` goes.
 * @example scaffoldsInTheWay(["wave"], new Set(["src/handlers/wave.ts"]), config) // [src/handlers/wave.ts:1:1 output-path-unsafe]
 */
export function scaffoldsInTheWay(names: readonly string[], folders: ReadonlySet<string>, config: Pick<Config, "handlers" | "tests">, memo?: RunMemo): Diagnostic[] {
  if (folders.size === 0) return [];
  return assignToolNames([...names].sort(compareText), memo).flatMap(({ name, file }) => {
    const [stub, test] = scaffoldPaths(config.handlers, config.tests, file);
    const scaffolds = [
      { path: stub, what: "handler stub" },
      { path: test, what: "test scaffold" },
    ];
    return scaffolds.filter(({ path }) => folders.has(path)).map(({ path, what }) => scaffoldInTheWay(path, `${what} of the tool ${JSON.stringify(name)}`));
  });
}

function scaffoldInTheWay(path: string, what: string): Diagnostic {
  return diagnosticAtFileStart(path, {
    ruleId: OUTPUT_PATH_UNSAFE,
    severity: "error",
    message: `${path} is a folder, where a build creates the ${what}.`,
    hint: "Move the folder away; the next build creates the file there.",
  });
}
