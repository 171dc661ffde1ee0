// Whether a build would write nothing at all: every file it reads is what the last build read, that
// build's generated files are on disk as it recorded them, and every scaffold exists. Then its output
// is the last build's, byte for byte (a build is a pure function of its inputs, its config and the
// mcp-gen that runs it, which the build cache vouches for), and build can say so without generating
// anything again: about a third of a no-change build of a large project.
import { assignToolNames, scaffoldPaths } from "../emit/names.js";
import { comparePackageValues } from "../lock/compare-lock.js";
import { compareText } from "../model/diagnostic.js";
import type { LockFile, PackageValues } from "../model/lock.js";
import type { RunMemo } from "../model/run-memo.js";

export interface UnchangedQuestion {
  /** The last build's lock, which the build cache vouches this mcp-gen wrote with this config. */
  readonly lock: LockFile;
  /** The names of the project's tools now. */
  readonly toolNames: readonly string[];
  /** Every file this build read (config, descriptors, the files their `$ref`s name) and its hash. */
  readonly inputs: ReadonlyMap<string, string>;
  /** Config.packageJson: the package.json values this build uses. */
  readonly packageJson: PackageValues;
  /** hashFileText of a project file on disk (from the stat index while its stat is unchanged), or undefined. */
  readonly hash: (path: string) => string | undefined;
  /** Scaffold paths that exist; undefined for a project that has none (`generate: client`). */
  readonly scaffolds: ReadonlySet<string> | undefined;
  readonly handlers: string;
  readonly tests: string;
  /** The run's memo, whose analysis assigned these names already. */
  readonly memo?: RunMemo;
}

/**
 * The generated files (project-relative) when the build would write, remove and create nothing and
 * leave the lock as it is; undefined when anything may differ.
 * @example unchangedOutput({ lock, toolNames: ["ping"], inputs, hash, scaffolds, handlers: "src/handlers", tests: "test/tools" })
 */
export function unchangedOutput(question: UnchangedQuestion): string[] | undefined {
  const { lock } = question;
  const recordedInputs = Object.keys(lock.inputs);
  if (recordedInputs.length !== question.inputs.size) return undefined;
  for (const path of recordedInputs) if (question.inputs.get(path) !== lock.inputs[path]) return undefined;
  // A lock of the earlier format (no packageJson) is written again in this one.
  if (!lock.packageJson || comparePackageValues(lock.packageJson, question.packageJson).length > 0) return undefined;
  const names = [...question.toolNames].sort(compareText);
  const recordedNames = Object.keys(lock.tools).sort(compareText);
  if (names.length !== recordedNames.length || names.some((name, i) => name !== recordedNames[i])) return undefined;
  // Scaffolds are created when missing: each tool's handler stub and test must be there.
  if (question.scaffolds && !requiredScaffolds(names, question.handlers, question.tests, question.memo).every((path) => question.scaffolds!.has(path))) return undefined;
  const files = Object.keys(lock.files);
  for (const path of files) if (question.hash(path) !== lock.files[path]) return undefined;
  return files;
}

/**
 * The scaffolds a build creates when they are missing: each tool's handler stub and test scaffold,
 * as project paths, for the tools named `names` (a project that generates them: `generate: all`).
 * @example requiredScaffolds(["ping"], "src/handlers", "test/tools") // ["src/handlers/ping.ts", "test/tools/ping.test.ts"]
 */
export function requiredScaffolds(names: readonly string[], handlers: string, tests: string, memo?: RunMemo): string[] {
  return assignToolNames([...names].sort(compareText), memo).flatMap(({ file }) => scaffoldPaths(handlers, tests, file));
}
