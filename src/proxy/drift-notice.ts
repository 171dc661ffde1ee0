// A tool the gate did not match (ToolVerdict) → what the proxy reports about it: one sentence that
// names the tool and the parts that changed, and the same classified changes and description diff
// `mcp-gen verify` prints (diffTools + formatDiffText, invisible characters shown as <U+…>), as text
// for stderr and as a JSON line for --log. Also the error a refused tools/call gets, which names the
// tool, the parts and what reviews the change, but never repeats the server's new text, nor the
// server's address and arguments: hosts pass errors on to the model. Pure.
import type { ToolDiffChange } from "../diff/change.js";
import { diffTools } from "../diff/diff-tools.js";
import { formatDiffText } from "../diff/format-diff.js";
import { visibleLine } from "../diff/visible-text.js";
import { compareText } from "../model/diagnostic.js";
import { getOwn, type JsonObject } from "../model/json.js";
import { partList, type LockFile } from "../model/lock.js";
import type { ToolVerdict } from "./tool-gate.js";
import { cutIndex, cutText } from "../diff/cut-text.js";

/** JSON-RPC error code of a tools/call the proxy refused (outside the range JSON-RPC and MCP reserve). */
export const TOOL_WITHHELD = -31001;

/**
 * What to run next, as the host is told it (in a refused call's error and in notifications/message,
 * both of which reach the model): no server address or arguments, which may carry credentials (a
 * `?api_key=` in --url, a `--token` after --). stderr and --log, the operator's own, give the commands whole.
 */
export const HOST_HINT = "Review the change with `mcp-gen verify` for this server (the proxy's stderr and --log give the whole command) and, if it is wanted, pin it with `mcp-gen import --update`.";

/** What the reports and errors name besides the tool. */
export interface DriftContext {
  /** The lock file as the user named it, relative to the project. */
  readonly lockPath: string;
  readonly lock: LockFile;
  /** The commands that show and accept a change, e.g. `mcp-gen verify --cwd srv --command "node s.js"`. */
  readonly verifyCommand: string;
  readonly updateCommand: string;
}

export interface DriftNotice {
  readonly tool: string;
  readonly sha256: string;
  readonly status: "changed" | "added";
  readonly parts: ToolVerdict["parts"];
  readonly action: "withheld" | "forwarded";
  /** One sentence, for the first line on stderr and for the host's log. */
  readonly headline: string;
  /** The classified changes and the unified diff of changed text, as verify prints them; "" when none. */
  readonly diff: string;
  /** What to run next. */
  readonly hint: string;
}

/**
 * @example driftNotice(verdict, tool, context).headline // 'withheld the tool "echo": its description changed since mcp-tools.lock.json pinned it.'
 */
export function driftNotice(verdict: ToolVerdict, tool: JsonObject, context: DriftContext): DriftNotice {
  const status = verdict.status === "added" ? "added" : "changed";
  const action = verdict.forwarded ? "forwarded" : "withheld";
  const name = quoteName(verdict.name);
  const what = status === "added" ? `the server lists a tool ${name} that ${context.lockPath} does not pin` : `its ${partList(verdict.parts)} changed since ${context.lockPath} pinned it`;
  const headline = status === "added" ? `${action} the tool ${name}: ${what}.` : `${action} the tool ${name}: ${what}.`;
  return {
    tool: verdict.name,
    sha256: verdict.sha256,
    status,
    parts: verdict.parts,
    action,
    headline,
    diff: boundedDiff(changesText(verdict, tool, context), context.verifyCommand),
    hint: `See the change with \`${context.verifyCommand}\`; if it is wanted, pin it with \`${context.updateCommand}\`.`,
  };
}

/** The text for stderr: headline, diff, hint. */
export function noticeText(notice: DriftNotice): string {
  const body = notice.diff === "" ? "" : `${notice.diff.trimEnd()}\n`;
  // The diff is line-safe already (formatDiffText); the headline and hint are one line each.
  return `mcp-gen proxy: ${visibleLine(notice.headline)}\n${body}  ${visibleLine(notice.hint)}\n`;
}

/** One JSON line for --log. */
export function noticeJson(notice: DriftNotice, time: string): string {
  const { tool, sha256, status, parts, action, headline, diff, hint } = notice;
  return `${JSON.stringify({ time, event: "drift", tool, status, action, parts, sha256, message: headline, diff, hint })}\n`;
}

/**
 * The message of the JSON-RPC error a refused tools/call gets: the tool, the parts that changed and
 * what to run to review the change (HOST_HINT), never the server's text.
 */
export function refusalMessage(name: string, verdict: ToolVerdict | undefined, context: DriftContext): string {
  const tool = quoteName(name);
  // A name no listing showed is no tool to review or pin: the host called something the server does not offer it.
  if (verdict === undefined)
    return `mcp-gen proxy refused a call of ${tool}: no tools/list answer through the proxy has shown a tool by that name, so it cannot be checked against the lock. List the tools to see those the server offers.`;
  const why = verdict.status === "added" ? `${context.lockPath} does not pin it` : `its ${partList(verdict.parts)} changed since ${context.lockPath} pinned it`;
  return `mcp-gen proxy withheld the tool ${tool}: ${why}. ${HOST_HINT}`;
}

/** A tool name for a message: quoted, on one line, invisible characters shown, at most 64 characters. */
export function quoteName(name: string): string {
  return JSON.stringify(shownName(name));
}

/** A tool name as the host is shown it: on one line, invisible characters shown, at most 64 characters (a server's name is its own text). */
export function shownName(name: string): string {
  return visibleLine(cutText(name, 64));
}

/**
 * Most characters of a diff a notice carries to stderr and --log. A server's description can be
 * 10 MB, and one that changes it at every listing would write that much again each time; the
 * verify command shows the rest.
 */
export const MAX_NOTICE_DIFF_CHARS = 64 * 1024;

/** `diff` cut after its last whole line within MAX_NOTICE_DIFF_CHARS, with a line saying how much more there is and where to see it. */
function boundedDiff(diff: string, verifyCommand: string): string {
  if (diff.length <= MAX_NOTICE_DIFF_CHARS) return diff;
  const lineEnd = diff.lastIndexOf("\n", MAX_NOTICE_DIFF_CHARS - 1);
  // One line longer than the bound: cut between two characters, never inside one.
  const kept = lineEnd > 0 ? diff.slice(0, lineEnd + 1) : `${diff.slice(0, cutIndex(diff, MAX_NOTICE_DIFF_CHARS))}\n`;
  return `${kept}  … ${diff.length - kept.length} more characters of the diff: \`${verifyCommand}\` shows it whole.\n`;
}

/** verify's classified changes for one tool, with the new description shown whole for a tool the lock does not pin. */
function changesText(verdict: ToolVerdict, tool: JsonObject, context: DriftContext): string {
  const entry = Object.hasOwn(context.lock.tools, verdict.name) ? context.lock.tools[verdict.name]! : undefined;
  const diff = diffTools(new Map(entry ? [[verdict.name, entry.descriptor]] : []), new Map([[verdict.name, tool]]));
  const after = getOwn(tool, "description");
  const changes: ToolDiffChange[] = diff.changes.map((change) =>
    change.kind === "tool-added" && typeof after === "string" ? { ...change, part: "description", pointer: "/description", text: { before: "", after } } : change,
  );
  const tools = [...new Set(changes.map((change) => change.tool))].sort(compareText);
  return formatDiffText({ changes, tools }, { files: new Map(entry ? [[verdict.name, entry.file]] : []), before: context.lockPath, after: "server", color: false });
}
