// How a command reports its findings: the --format it prints to stdout, the --report files it also
// writes (`--report markdown=summary.md`), where paths point from (the current directory, the git
// repository's root), colour, and whether the findings fail the command (--fail-on, --max-warnings,
// as eslint and Spectral have them). One place, so every command that reports findings behaves alike.
import { resolve } from "node:path";
import type { Diagnostic, Severity } from "../model/diagnostic.js";
import { MCP_GEN_HOMEPAGE, MCP_GEN_VERSION } from "../model/version.js";
import type { DiagnosticFormat, FormatContext } from "../report/format-diagnostics.js";
import { reportPaths, type ReportPaths } from "../report/report-paths.js";
import type { SarifRuleInfo } from "../report/format-sarif.js";
import { choice, UsageError } from "./args.js";
import { findProjectRoot, findRepoRoot } from "./project-root.js";
import type { CliIo } from "./io.js";
import { writeFileAtomic } from "../files/write-files.js";
import { FileNotWritten } from "../files/system-failure.js";
import { refuseReportFolders } from "./report-files.js";

/** The options of every command that reports findings. */
export const REPORT_OPTIONS = {
  format: { type: "string" },
  report: { type: "string", multiple: true },
  "fail-on": { type: "string" },
  "max-warnings": { type: "string" },
} as const;

export const REPORT_FORMATS = ["text", "json", "sarif", "github"] as const;
/** check, diff and verify also write a Markdown report, for pull-request comments and job summaries. */
export const COMPARING_FORMATS = [...REPORT_FORMATS, "markdown"] as const;

export type FailOn = Severity | "none";

export interface FailPolicy {
  /** Findings of this severity or worse fail the command ("none": findings never do). */
  readonly failOn: FailOn;
  /** More warnings than this fail the command too. */
  readonly maxWarnings: number | undefined;
}

export interface ReportSetup {
  readonly command: string;
  /** The project root (`--cwd`), worked out once the report options are known to be good. */
  readonly root: string;
  readonly format: DiagnosticFormat;
  /**
   * Further reports written to files: `--report FORMAT=FILE`, none a folder or the config; each
   * command refuses the lock, a descriptor and the generated folder once it knows them (report-files.ts).
   */
  readonly files: readonly { readonly format: DiagnosticFormat; readonly path: string; readonly given: string }[];
  readonly paths: ReportPaths;
  readonly policy: FailPolicy;
  /** Whether text output may use colour (text on stdout only). */
  readonly color: boolean;
}

interface ReportValues {
  readonly cwd?: string | undefined;
  readonly config?: string | undefined;
  readonly format?: string | undefined;
  readonly report?: string[] | undefined;
  readonly "fail-on"?: string | undefined;
  readonly "max-warnings"?: string | undefined;
}

/** The help lines of REPORT_OPTIONS; `formats` as the command takes them. */
export function reportHelp(formats: readonly string[], failOn: FailOn): string {
  return `  --format FORMAT          ${formats.join(" | ")} (default: text); paths are relative to the
                           current directory (text, json), the repository root (github, markdown),
                           or %SRCROOT%, the repository root, which the SARIF log declares
  --report FORMAT=FILE     also write the report in FORMAT to FILE (repeatable), for example
                           --report markdown=summary.md --report sarif=mcp-gen.sarif
  --fail-on LEVEL          error | warning | info | none: findings of this severity or worse make
                           the exit status 1 (default: ${failOn})
  --max-warnings N         more than N warnings make the exit status 1 too`;
}

/**
 * Reads the report options; throws UsageError for a bad one.
 * @example reportSetup("check", values, io, root, COMPARING_FORMATS, "error")
 */
export function reportSetup(command: string, values: ReportValues, io: CliIo, formats: readonly DiagnosticFormat[], failOn: FailOn): ReportSetup {
  const format = choice("format", values.format, formats, "text");
  const files = (values.report ?? []).map((entry) => {
    const eq = entry.indexOf("=");
    if (eq <= 0 || eq === entry.length - 1) throw new UsageError(`--report ${JSON.stringify(entry)} is not of the form FORMAT=FILE, such as markdown=summary.md.`);
    const given = entry.slice(eq + 1);
    return { format: choice("report", entry.slice(0, eq), formats, "text"), path: resolve(io.cwd, given), given };
  });
  const policy = { failOn: choice("fail-on", values["fail-on"], ["error", "warning", "info", "none"] as const, failOn), maxWarnings: maxWarnings(values["max-warnings"]) };
  // Bad options are bad usage whatever else fails: they are judged before the root is looked for.
  const root = findProjectRoot(io.cwd, values);
  refuseReportFolders(files, root, values.config);
  return {
    command,
    root,
    format,
    files,
    paths: reportPaths({ cwd: io.cwd, root, repoRoot: findRepoRoot(root) }),
    policy,
    color: format === "text" && useColor(io),
  };
}

/**
 * Whether colour is on: FORCE_COLOR (any value but 0 or false) turns it on and wins, as in Node and
 * chalk; NO_COLOR (any non-empty value, no-color.org) turns it off; otherwise a terminal has it.
 */
export function useColor(io: Pick<CliIo, "env" | "isTty">): boolean {
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force.toLowerCase() !== "false";
  if (io.env.NO_COLOR) return false;
  return io.isTty;
}

/** Whether `diagnostics` fail the command under `policy`. */
export function failsPolicy(diagnostics: readonly Diagnostic[], policy: FailPolicy): boolean {
  const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
  if (policy.failOn !== "none" && diagnostics.some((d) => rank[d.severity] <= rank[policy.failOn as Severity])) return true;
  return policy.maxWarnings !== undefined && diagnostics.filter((d) => d.severity === "warning").length > policy.maxWarnings;
}

export interface ReportContent {
  /** File texts by project path (text format code frames). */
  readonly sources?: ReadonlyMap<string, string>;
  /** Rule metadata for SARIF; the rule registry is loaded when absent and SARIF is asked for. */
  readonly rules?: readonly SarifRuleInfo[];
  /** The Markdown report's verdict and tool changes. */
  readonly markdown?: FormatContext["markdown"];
  /** The command's own text output, when it prints more than its findings (diff, verify, check). */
  readonly text?: (color: boolean) => string;
  /** A line the text format prints after the findings (when `text` is not given). */
  readonly textTrailer?: string;
  /** The command's own JSON document, when it has one (diff, verify: every change and the counts). */
  readonly json?: () => string;
}

/**
 * Prints the report to stdout in --format, and writes each --report file.
 * @example await writeReport(io, setup, diagnostics, { sources })
 */
export async function writeReport(io: CliIo, setup: ReportSetup, diagnostics: readonly Diagnostic[], content: ReportContent): Promise<void> {
  const printed = await render(setup.format, setup, diagnostics, content, setup.color);
  // The files first: one the system will not write stops the command before its own document is
  // printed, so a json or sarif stdout holds one document, the failure's (main.ts).
  for (const file of setup.files) {
    const text = await render(file.format, setup, diagnostics, content, false);
    try {
      await writeFileAtomic(file.path, text);
    } catch (e) {
      throw FileNotWritten.from(`the report file ${file.path}`, e);
    }
  }
  io.stdout(printed);
}

async function render(format: DiagnosticFormat, setup: ReportSetup, diagnostics: readonly Diagnostic[], content: ReportContent, color: boolean): Promise<string> {
  if (format === "text" && content.text) return content.text(color);
  if (format === "json" && content.json) return content.json();
  // Printers load when there is something to print: an up-to-date check prints one line.
  const { formatDiagnostics } = await import("../report/format-diagnostics.js");
  const rules = format === "sarif" && !content.rules ? (await import("../validate/rules/index.js")).ALL_RULES : (content.rules ?? []);
  const trailer = format === "text" ? (content.textTrailer ?? "") : "";
  return `${formatDiagnostics(format, diagnostics, {
    sources: content.sources ?? new Map(),
    color,
    rules,
    toolVersion: MCP_GEN_VERSION,
    informationUri: MCP_GEN_HOMEPAGE,
    paths: setup.paths,
    command: setup.command,
    ...(content.markdown ? { markdown: content.markdown } : {}),
  })}${trailer}`;
}

function maxWarnings(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^(?:0|[1-9][0-9]{0,8})$/.test(value)) throw new UsageError(`--max-warnings must be a whole number (0 or more); got ${JSON.stringify(value)}.`);
  return Number(value);
}
