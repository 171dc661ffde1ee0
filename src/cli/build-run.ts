// What one `mcp-gen build` of one project carries from step to step (BuildRun), and how it prints
// what it did: shared by the command (src/cli/commands/build.ts), its shortcut for a build with
// nothing to do, and the full build (full-build.ts), which loads only when the shortcut cannot answer.
import type { Config } from "../config/config.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { groupDigits } from "../model/phrases.js";
import type { PhaseClock } from "../model/phase-clock.js";
import type { RunMemo } from "../model/run-memo.js";
import type { TreeSummary } from "../incremental/replace-tree.js";
import type { StatIndex } from "../incremental/stat-index.js";
import { progressLine, type BuildProgress } from "./build-progress.js";
import type { CliIo } from "./io.js";
import type { ProjectConfig } from "./read-config.js";
import type { ReportSetup } from "./report.js";

export interface BuildRun extends DiagnosticsPrinter {
  readonly root: string;
  /** `root` with every link resolved: names the project's build cache. */
  readonly realRoot: string;
  /** The generated folder's real path (confineProjectPaths). */
  readonly outFolder: string;
  readonly configPath: string | undefined;
  readonly project: ProjectConfig & { readonly config: Config };
  readonly force: boolean;
  /** List every file created (--verbose), not only how many. */
  readonly verbose: boolean;
  readonly format: string;
  readonly setup: ReportSetup;
  readonly io: CliIo;
  readonly index: StatIndex;
  /** Says what the build is doing, on a terminal (buildProgress). */
  readonly progress: BuildProgress;
  /** What the run remembers (see RunMemo): watch's lasts its session. */
  readonly memo: RunMemo;
  /** Where the build's time goes (MCP_GEN_PHASES); NO_CLOCK counts nothing. */
  readonly clock: PhaseClock;
  /** Aborted to stop the build (a signal): it stops at its next safe point, throwing the reason. */
  readonly stop: AbortSignal;
}

export interface DiagnosticsPrinter {
  /** Every text read so far, for the code frames of diagnostics; reading adds to it. */
  readonly sources: Map<string, string>;
  /** Where print finds the text of a project file that is not in `sources` (set once the project is read). */
  readonly unread: { text: (path: string) => string | undefined };
  readonly print: (diagnostics: readonly Diagnostic[]) => Promise<void>;
}

/** Prints the diagnostics and, in text, the summary of what the build wrote. */
export function printBuilt(run: BuildRun, diagnostics: readonly Diagnostic[], built: Pick<BuildSummary, "tools" | "tree" | "created"> & { readonly lockChanged: boolean }): Promise<void> {
  return run.clock.timeAsync("report", () => printSummary(run, diagnostics, built));
}

async function printSummary(run: BuildRun, diagnostics: readonly Diagnostic[], built: Pick<BuildSummary, "tools" | "tree" | "created"> & { readonly lockChanged: boolean }): Promise<void> {
  if (run.format !== "text") return run.print(diagnostics);
  if (diagnostics.length > 0) await run.print(diagnostics);
  clearProgress(run.io, run.format);
  const { config } = run.project;
  run.io.stdout(buildSummary({ ...built, out: config.out, lock: built.lockChanged ? config.lock : undefined, handlers: config.handlers, verbose: run.verbose }, run.setup.paths.fromCwd));
}

export function clearProgress(io: CliIo, format: string): void {
  progressLine(io, format)?.("");
}

interface BuildSummary {
  readonly tools: number;
  readonly out: string;
  readonly tree: TreeSummary;
  /** Scaffolds created: handler stubs (under `handlers`) and test scaffolds. */
  readonly created: readonly string[];
  /** The lock's path when it was written. */
  readonly lock: string | undefined;
  readonly handlers: string;
  readonly verbose: boolean;
}

/**
 * "Built 1,223 tools into src/generated: ...", "Created 1,223 handler stubs and 1,223 test scaffolds." and, with --verbose, each file created;
 * paths from where the command runs (`fromCwd`).
 */
function buildSummary(summary: BuildSummary, fromCwd: (path: string) => string): string {
  const { written, unchanged, removed } = summary.tree;
  const lines = [
    `Built ${count(summary.tools, "tool")} into ${fromCwd(summary.out)}: ${count(written.length, "file")} written, ${count(unchanged.length)} unchanged${removed.length > 0 ? `, ${count(removed.length)} removed` : ""}.`,
  ];
  if (summary.created.length > 0) {
    const stubs = summary.created.filter((path) => path.startsWith(`${summary.handlers}/`)).length;
    const scaffolds = summary.created.length - stubs;
    const parts = [stubs > 0 ? count(stubs, "handler stub") : "", scaffolds > 0 ? count(scaffolds, "test scaffold") : ""].filter((part) => part !== "");
    lines.push(`Created ${parts.join(" and ")}${summary.verbose ? ":" : "."}`);
    if (summary.verbose) lines.push(...summary.created.map((path) => `  ${fromCwd(path)}`));
  }
  lines.push(summary.lock ? `Wrote ${fromCwd(summary.lock)}.` : "Lock file unchanged.");
  return lines.join("\n") + "\n";
}

/** "1,223 tools": English digit grouping, whatever the machine's locale. */
export function count(n: number, word?: string): string {
  const number = groupDigits(n);
  return word === undefined ? number : `${number} ${word}${n === 1 ? "" : "s"}`;
}
