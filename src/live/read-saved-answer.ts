// A saved tools/list answer (`mcp-gen import --file`, `verify --file`): the bytes of a file → every
// tool in it, each exactly as the server sent it, so that a file and the live server it was saved
// from pin the same hashes. Pure: the CLI reads the file.
//
// The file holds one JSON text, or JSON Lines (one JSON text per line, as a stdio transcript is):
//   - a tools/list result, `{ "tools": [...], "nextCursor"?: ... }`;
//   - a JSON-RPC response whose `result` is one;
//   - a bare array of tools (one page);
//   - several pages: a JSON array of results or responses, or one per line, in order; each page
//     but the last has the `nextCursor` the next one answered, the last has none;
//   - in a transcript, requests and notifications are skipped, answers to requests other than
//     tools/list too, and an `initialize` (or `server/discover`) answer names the server
//     (serverInfo and protocolVersion), which `verify` compares with the lock's record.
// The tools are read from the raw text as the live path reads a server's raw answer (nothing the
// SDK parses), with duplicate keys refused (JSON readers disagree on which one wins, so there is no
// one descriptor to pin), and checked as live pages are (read-tools-page.ts). Every problem is a
// diagnostic with the file, line and column.
import type { Diagnostic } from "../model/diagnostic.js";
import { getOwn, isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";
import type { SourceDoc } from "../model/source.js";
import { decodeSource } from "../load/decode-source.js";
import { DEFAULT_LOAD_LIMITS, type LoadLimits } from "../load/limits.js";
import { computeLineStarts } from "../load/line-index.js";
import { diagnosticAtPointer } from "../load/locate.js";
import { parseJsonText } from "../load/parse-json.js";
import type { ServerInfo } from "./live-connection.js";
import { readToolsPage, ToolsCollector } from "./read-tools-page.js";

/** The largest file read: more than the SDK's stdio limit of one message (10 MiB) times a few pages. */
export const SAVED_ANSWER_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Deepest nesting parsed: the deepest tool mcp-gen reads from a live server (MAX_LIVE_DEPTH in
 * cli/live-args.ts), below an array of pages, a response, its result and its tools. A tool deeper
 * than the project allows is then refused by readToolsPage, as a live one is, by name.
 */
const PARSE_MAX_DEPTH = 1000 + 4;

export const SAVED_ANSWER_INVALID = "saved-answer-invalid";

export interface SavedAnswer {
  /** In the order the file lists them, each object exactly as written. */
  readonly tools: readonly JsonObject[];
  readonly pages: number;
  /** From an initialize or server/discover answer in the file; every field undefined without one. */
  readonly server: ServerInfo;
}

export interface SavedAnswerOptions {
  /** Deepest nesting a tool may have (as for a live server). */
  readonly maxDepth: number;
  /** Most pages read (as --max-pages for a live server). */
  readonly maxPages: number;
}

/** One JSON text of the file, with where it starts (JSON Lines: its line, 0-based). */
interface Unit {
  readonly doc: SourceDoc;
  readonly lineOffset: number;
}

/** One tools/list page in the file: the result object, and where its tools are. */
interface Page {
  readonly result: JsonValue;
  readonly unit: Unit;
  /** Pointer of the result object (of the array, for a bare array of tools). */
  readonly pointer: string;
  readonly toolsPointer: string;
}

/**
 * @example readSavedAnswer("tools.json", readFileSync("tools.json"), { maxDepth: 256, maxPages: 100 }).value?.tools
 */
export function readSavedAnswer(file: string, bytes: Uint8Array, options: SavedAnswerOptions): { readonly value: SavedAnswer | undefined; readonly diagnostics: readonly Diagnostic[] } {
  const decoded = decodeSource(file, bytes, { ...DEFAULT_LOAD_LIMITS, maxFileBytes: SAVED_ANSWER_MAX_BYTES });
  if (!decoded.value) return { value: undefined, diagnostics: decoded.diagnostics };
  if (decoded.value.text.trim() === "") {
    return {
      value: undefined,
      diagnostics: [{ ruleId: SAVED_ANSWER_INVALID, severity: "error", message: `${file} is empty.`, hint: ANSWER_HINT, file, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: "" }],
    };
  }
  const limits: LoadLimits = { ...DEFAULT_LOAD_LIMITS, maxFileBytes: SAVED_ANSWER_MAX_BYTES, maxDepth: Math.max(options.maxDepth, PARSE_MAX_DEPTH), maxNodes: Number.MAX_SAFE_INTEGER };
  const parsed = parseUnits(file, decoded.value.text, limits);
  if (parsed.diagnostics.length > 0) return { value: undefined, diagnostics: parsed.diagnostics };
  const found = findPages(parsed.units, parsed.jsonLines);
  if (found.diagnostics.length > 0) return { value: undefined, diagnostics: found.diagnostics };
  if (found.pages.length === 0) {
    const root = parsed.units[0]!;
    return {
      value: undefined,
      diagnostics: [
        problem(root, "", `${file} holds no tools/list answer.`, 'Save the server\'s answer to tools/list: its result ({ "tools": [...] }), the whole JSON-RPC response, or the tools array.'),
      ],
    };
  }
  return readPages(found.pages, found.server, options);
}

/** The JSON texts of the file: one, or one per line (JSON Lines: more than one line, the first a JSON text of its own). */
function parseUnits(file: string, text: string, limits: LoadLimits): { units: Unit[]; jsonLines: boolean; diagnostics: Diagnostic[] } {
  const lines = text.split("\n");
  const filled = lines.flatMap((line, i) => (line.trim() === "" ? [] : [i]));
  const jsonLines = filled.length >= 2 && parsesAlone(lines[filled[0]!]!);
  const units: Unit[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const [lineOffset, source] of jsonLines ? filled.map((i) => [i, lines[i]!] as const) : [[0, text] as const]) {
    const lineStarts = computeLineStarts(source);
    const result = parseJsonText(file, source, lineStarts, limits);
    // Only errors refuse a unit: a warning (a big number, load-number-precision) is about the
    // server's text, which its tools are read as the SDK reads them either way.
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    if (result.value === undefined || errors.length > 0) {
      diagnostics.push(...errors.map((d) => shift(d, lineOffset)));
      continue;
    }
    units.push({ doc: { file, text: source, value: result.value, spans: result.spans, lineStarts }, lineOffset });
  }
  return { units, jsonLines, diagnostics };
}

function parsesAlone(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** The pages of the file in order, and the server an initialize answer names. */
function findPages(units: readonly Unit[], jsonLines: boolean): { pages: Page[]; server: ServerInfo; diagnostics: Diagnostic[] } {
  // The messages: each line of JSON Lines, the items of an array of messages, or the one value.
  const items: { value: JsonValue; unit: Unit; pointer: string }[] = [];
  const pages: Page[] = [];
  for (const unit of units) {
    const value = unit.doc.value;
    if (Array.isArray(value) && !jsonLines && value.length > 0 && value.every((item) => isJsonObject(item) && isMessage(item))) {
      for (const [i, item] of value.entries()) items.push({ value: item, unit, pointer: `/${i}` });
    } else if (Array.isArray(value) && !jsonLines) {
      // A bare array of tools: one page.
      pages.push({ result: { tools: value }, unit, pointer: "", toolsPointer: "" });
    } else {
      items.push({ value, unit, pointer: "" });
    }
  }
  const key = (id: JsonValue | undefined) => JSON.stringify(id ?? null);
  const requests = items.filter((item) => isJsonObject(item.value) && typeof getOwn(item.value, "method") === "string" && getOwn(item.value, "id") !== undefined);
  const listIds = new Set(requests.filter((item) => getOwn(item.value, "method") === "tools/list").map((item) => key(getOwn(item.value, "id"))));
  const otherIds = new Set(requests.filter((item) => getOwn(item.value, "method") !== "tools/list").map((item) => key(getOwn(item.value, "id"))));
  const diagnostics: Diagnostic[] = [];
  let server: ServerInfo = { name: undefined, version: undefined, era: undefined };
  for (const { value, unit, pointer } of items) {
    if (!isJsonObject(value)) {
      diagnostics.push(problem(unit, pointer, `This is ${describe(value)}, not a tools/list result or a JSON-RPC message.`, ANSWER_HINT));
      continue;
    }
    if (Object.hasOwn(value, "method")) continue; // a request or a notification
    const id = key(getOwn(value, "id"));
    const answersOther = otherIds.has(id) || (listIds.size > 0 && !listIds.has(id));
    if (Object.hasOwn(value, "error") && !Object.hasOwn(value, "result")) {
      if (answersOther) continue;
      const error = getOwn(value, "error");
      const code = getOwn(error, "code");
      const message = getOwn(error, "message");
      diagnostics.push(
        problem(
          unit,
          joinPointer(pointer, "error"),
          `The server answered tools/list with JSON-RPC error ${typeof code === "number" ? code : "(no code)"}${typeof message === "string" ? `: ${message}` : ""}.`,
          "Save an answer that lists the tools.",
        ),
      );
      continue;
    }
    const isResponse = Object.hasOwn(value, "result") && (Object.hasOwn(value, "jsonrpc") || Object.hasOwn(value, "id"));
    const result = isResponse ? getOwn(value, "result")! : value;
    const resultPointer = isResponse ? joinPointer(pointer, "result") : pointer;
    if (isJsonObject(result) && !Object.hasOwn(result, "tools") && isJsonObject(getOwn(result, "serverInfo"))) {
      server = serverOf(result);
      continue;
    }
    if (isResponse && answersOther) continue;
    if (!isResponse && (Object.hasOwn(value, "jsonrpc") || !Object.hasOwn(value, "tools"))) {
      diagnostics.push(problem(unit, pointer, `This object is neither a tools/list result (it has no "tools") nor a JSON-RPC response (it has no "result").`, ANSWER_HINT));
      continue;
    }
    pages.push({ result, unit, pointer: resultPointer, toolsPointer: joinPointer(resultPointer, "tools") });
  }
  return { pages, server, diagnostics };
}

const ANSWER_HINT = 'Save the server\'s answer to tools/list: its result ({ "tools": [...] }), the whole JSON-RPC response, or the tools array; several pages as a JSON array of them or one per line.';

/** A member that makes an object a result or a message rather than a tool. */
function isMessage(value: JsonObject): boolean {
  return ["tools", "jsonrpc", "result", "error", "method"].some((member) => Object.hasOwn(value, member));
}

/** serverInfo and the era of an initialize (or server/discover) result. */
function serverOf(result: JsonObject): ServerInfo {
  const info = getOwn(result, "serverInfo");
  const text = (value: JsonValue | undefined) => (typeof value === "string" ? value : undefined);
  const protocol = text(getOwn(result, "protocolVersion"));
  return { name: text(getOwn(info, "name")), version: text(getOwn(info, "version")), era: protocol === undefined ? undefined : protocol < "2026-07-28" ? "legacy" : "modern" };
}

/** Every page checked as a live page is, in order, each continuing the one before. */
function readPages(pages: readonly Page[], server: ServerInfo, options: SavedAnswerOptions): { value: SavedAnswer | undefined; diagnostics: Diagnostic[] } {
  const collector = new ToolsCollector(options.maxPages);
  const seen = new Set<string>();
  for (let k = 0; k < pages.length; k++) {
    const page = pages[k]!;
    const read = readToolsPage(page.result, k + 1, options.maxDepth);
    if (!read.ok) return fail(problem(page.unit, badToolPointer(page, options.maxDepth), read.problem.message, ANSWER_HINT));
    const added = collector.add(read.value);
    const names = read.value.tools.map((tool) => tool.name as string);
    if (!added.ok) {
      // A name twice: at its second place; a cursor repeated, or too many pages: at the cursor.
      const again = names.findIndex((name, i) => seen.has(name) || names.indexOf(name) !== i);
      const pointer = added.problem.kind === "duplicate-name" && again !== -1 ? joinPointer(page.toolsPointer, again) : joinPointer(page.pointer, "nextCursor");
      return fail(problem(page.unit, pointer, added.problem.message.replace(/^The server/, "The answer"), "Save each page once, in the order the server sent them."));
    }
    for (const name of names) seen.add(name);
    const last = k === pages.length - 1;
    if (added.value !== undefined && last) {
      return fail(
        problem(
          page.unit,
          joinPointer(page.pointer, "nextCursor"),
          `Page ${k + 1} has a nextCursor, so the server has more tools, but the file ends there: the list is incomplete.`,
          "Save every page of the answer: ask tools/list again with each nextCursor until a page has none.",
        ),
      );
    }
    if (added.value === undefined && !last) {
      const next = pages[k + 1]!;
      return fail(
        problem(
          next.unit,
          next.pointer,
          read.value.nextCursor === undefined
            ? `Page ${k + 1} has no nextCursor, so it ended the list, yet another page follows it.`
            : `Page ${k + 1} repeats page ${k} under the cursor it was asked with, which ends the list (as in the SDK's Client), yet another page follows it.`,
          "Save the pages of one answer only, in the order the server sent them.",
        ),
      );
    }
  }
  return { value: { tools: collector.tools, pages: pages.length, server }, diagnostics: [] };
}

/** Where a page's problem is: the first tool readToolsPage refuses on its own, else the page. */
function badToolPointer(page: Page, maxDepth: number): string {
  const tools = getOwn(page.result, "tools");
  if (!Array.isArray(tools)) return page.pointer;
  const bad = tools.findIndex((tool) => !readToolsPage({ tools: [tool] }, 1, maxDepth).ok);
  return bad === -1 ? page.pointer : joinPointer(page.toolsPointer, bad);
}

function fail(diagnostic: Diagnostic): { value: undefined; diagnostics: Diagnostic[] } {
  return { value: undefined, diagnostics: [diagnostic] };
}

function problem(unit: Unit, pointer: string, message: string, hint: string): Diagnostic {
  return shift(diagnosticAtPointer(unit.doc, pointer, { ruleId: SAVED_ANSWER_INVALID, severity: "error", message, hint }), unit.lineOffset);
}

/** A diagnostic of one line of JSON Lines, moved to that line of the file. */
function shift(diagnostic: Diagnostic, lines: number): Diagnostic {
  return lines === 0 ? diagnostic : { ...diagnostic, line: diagnostic.line + lines, endLine: diagnostic.endLine + lines };
}

function describe(value: JsonValue): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? "a string" : `a ${typeof value}`;
}
