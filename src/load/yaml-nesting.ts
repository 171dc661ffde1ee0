// YAML text → the offset of the first line that nests deeper than allowed, found in one linear pass
// before the yaml package composes the file (its composer recurses once per level). Each mapping or
// sequence counts one level, as in JSON: block ones by the columns they open at, flow ones by their
// brackets (yaml-line-scan.ts). Text is never counted as structure: the next lines of a plain or
// quoted scalar, a block scalar's body, comments. Where the text is invalid, the count errs high.
import { type FlowState, isBlank, isSpace, newFlowState, scanLine } from "./yaml-line-scan.js";

/** A block collection still open at a line: the column its entries start at, and what it is. */
interface OpenBlock {
  readonly column: number;
  readonly kind: "mapping" | "sequence";
}

/** A scalar begun on an earlier line: lines indented past `column` may be its text. */
interface ScalarAbove {
  readonly kind: "plain" | "block";
  readonly column: number;
  /** The indentation of the line the scalar began on. */
  readonly lineIndent: number;
  /** A block scalar's body indentation, set by its first line of text. */
  bodyIndent?: number;
}

interface NestingState {
  readonly blocks: OpenBlock[];
  readonly flow: FlowState;
  above: ScalarAbove | undefined;
}

/** Offset of the first line whose YAML nesting passes `maxDepth`, or -1 when the text stays within it. */
export function findYamlDepthExcess(text: string, maxDepth: number): number {
  const state: NestingState = { blocks: [], flow: newFlowState(), above: undefined };
  for (let lineStart = 0; lineStart <= text.length; ) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    if (measureLine(text.slice(lineStart, lineEnd), state) > maxDepth) return lineStart;
    lineStart = lineEnd + 1;
  }
  return -1;
}

/** The deepest nesting reached on one line, updating `state` for the next. */
function measureLine(line: string, state: NestingState): number {
  const { blocks, flow } = state;
  if (/^(---|\.\.\.)(\s|$)/.test(line)) {
    // A document marker ends every block collection and scalar before it. Open brackets are kept:
    // counting them again errs high, in a file refused for its second document anyway.
    blocks.length = 0;
    state.above = undefined;
    flow.quote = "";
    return measureNodes(line, 3, state);
  }
  // Inside a quoted scalar or a flow collection, indentation means nothing: only quotes and brackets count.
  if (flow.quote !== "" || flow.open.length > 0) {
    // A key after a quoted scalar over lines is invalid YAML; the yaml package nests a mapping all the same.
    const scan = scanLine(line, 0, flow);
    for (let i = scan.keys + scan.entries; i > 0; i--) blocks.push({ column: spacesBefore(line), kind: "mapping" });
    return blocks.length + scan.deepest;
  }
  const content = line.trim();
  const above = state.above;
  state.above = undefined;
  const read = above === undefined ? "structure" : readBelowScalar(line, content, above);
  if (read === "text") {
    // A comment ends a plain scalar: the lines after it are structure again.
    if (above!.kind === "block" || !/(^|\s)#/.test(content)) state.above = above;
    return 0;
  }
  if (read === "key") return measureKeyBelow(line, above!, state);
  if (content === "" || content.startsWith("#")) return 0;
  return measureNodes(line, 0, state);
}

/**
 * How a line below a scalar reads: as its text (a block scalar's body, a plain scalar's next line),
 * as structure, or, where a plain scalar's next line holds ": ", as the end of a key the whole plain
 * scalar makes, which YAML forbids and the yaml package reads all the same. Indentation is counted in
 * spaces only: a tab is no YAML indentation.
 */
function readBelowScalar(line: string, content: string, above: ScalarAbove): "text" | "key" | "structure" {
  if (content === "") return "text";
  const indent = spacesBefore(line);
  if (above.kind === "block") {
    if (indent <= above.column || (above.bodyIndent !== undefined && indent < above.bodyIndent)) return "structure";
    above.bodyIndent ??= indent;
    return "text";
  }
  if (indent <= above.column || content.startsWith("#")) return "structure";
  return /:(\s|$)/.test(content.split(/\s#/, 1)[0]!) ? "key" : "text";
}

/** A plain scalar over lines that ends in ": ": a mapping opens at the line it began on, and the rest is its value. */
function measureKeyBelow(line: string, above: ScalarAbove, state: NestingState): number {
  state.blocks.push({ column: above.lineIndent, kind: "mapping" });
  const colon = /:(\s|$)/.exec(line)!.index;
  return measureNode(line, skipSpaces(line, colon + 1), state);
}

/** Opens the block collections that start on a structure line, and measures the line's nesting. */
function measureNodes(line: string, from: number, state: NestingState): number {
  const { blocks } = state;
  let at = skipSpaces(line, from);
  // A line ends every block collection whose entries start right of it.
  while (blocks.length > 0 && blocks[blocks.length - 1]!.column > at) blocks.pop();
  // "- " starts a sequence entry, "? " and ": " an explicit key and its value, each at its own column.
  while (isIndicator(line, at)) {
    openBlock(blocks, at, line[at] === "-" ? "sequence" : "mapping");
    at = skipSpaces(line, at + 1);
  }
  return measureNode(line, at, state);
}

/** Measures the node starting at `at`: a scalar, a flow collection, or an implicit key and its value. */
function measureNode(line: string, at: number, state: NestingState): number {
  const { blocks, flow } = state;
  flow.nodeStarts = true;
  flow.afterJsonNode = false;
  const scan = scanLine(line, at, flow);
  if (scan.keys > 0) openBlock(blocks, at, "mapping");
  const lineIndent = spacesBefore(line);
  if (flow.open.length === 0 && flow.quote === "" && scan.lastValue !== "none") {
    const column = blocks.length > 0 ? blocks[blocks.length - 1]!.column : -1;
    state.above = { kind: scan.lastValue, column, lineIndent };
  }
  // A second key or entry on one line is invalid YAML; the yaml package nests a collection for each.
  for (let i = Math.max(scan.keys - 1, 0) + scan.entries; i > 0; i--) blocks.push({ column: lineIndent, kind: "mapping" });
  return blocks.length + scan.deepest;
}

/**
 * Enters the block collection of `kind` whose entries start at `column`, or stays in it. A sequence
 * may start at its parent key's column ("key:\n- item"), and a key at that column ends it.
 */
function openBlock(blocks: OpenBlock[], column: number, kind: OpenBlock["kind"]): void {
  let top = blocks[blocks.length - 1];
  if (top?.column === column && top.kind === "sequence" && kind === "mapping") {
    blocks.pop();
    top = blocks[blocks.length - 1];
  }
  if (top?.column === column && top.kind === kind) return;
  blocks.push({ column, kind });
}

function isIndicator(line: string, at: number): boolean {
  const c = line[at];
  return (c === "-" || c === "?" || c === ":") && isBlank(line[at + 1]);
}

function skipSpaces(line: string, at: number): number {
  while (at < line.length && isSpace(line[at])) at++;
  return at;
}

function spacesBefore(line: string): number {
  let n = 0;
  while (line[n] === " ") n++;
  return n;
}
