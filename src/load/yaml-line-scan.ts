// One YAML line → its flow nesting, implicit keys and where its last value starts, read in the state
// the lines above left (open brackets, an open quote). Part of the nesting pre-scan (yaml-nesting.ts):
// it errs high on odd text, and never reads structure as text.

/** A flow collection open at this point of the text. */
interface OpenFlow {
  readonly bracket: "[" | "{";
  /** Its nesting level, counted from the block structure around it (1 for the outermost). */
  readonly level: number;
  /** The entry state of the collection around it, restored when it closes. */
  readonly around: EntryState;
}

/** Within the current flow entry: levels it opened without brackets, and whether it has its key yet. */
interface EntryState {
  readonly extra: number;
  readonly keyed: "none" | "explicit" | "keyed";
}

/** What one line's scan leaves for the next. */
export interface FlowState {
  readonly open: OpenFlow[];
  entry: EntryState;
  /** The quote of a quoted scalar still open at the end of the line, or "". */
  quote: string;
  /** Whether a node may start at the next character (so a quote or a bracket opens one). */
  nodeStarts: boolean;
  /** Whether the last token was a quoted scalar or a closed flow collection, after which ":" is an indicator. */
  afterJsonNode: boolean;
}

/** What one line holds, read from a given column on. */
export interface LineScan {
  /** The deepest flow level reached, counted from the block structure around the line. */
  readonly deepest: number;
  /** Implicit keys ("name: ...") outside brackets. */
  readonly keys: number;
  /** "- ", "? " and ": " starting a node outside brackets after the line's first node: invalid, counted anyway. */
  readonly entries: number;
  /** How the last value outside brackets began: a plain scalar or a block scalar header may go on below. */
  readonly lastValue: "none" | "plain" | "block";
}

const NO_ENTRY: EntryState = { extra: 0, keyed: "none" };

export function newFlowState(): FlowState {
  return { open: [], entry: NO_ENTRY, quote: "", nodeStarts: true, afterJsonNode: false };
}

/**
 * Reads a line from `from` on for flow brackets, quotes and indicators. A quote or a bracket opens a
 * node only where a node starts: in "An index in [0, N)." or "it's" they are text. Inside brackets,
 * a single "key: value" in [ ] is a mapping of its own, and "- " or a second key nests one level
 * more, as the yaml package reads them.
 */
export function scanLine(line: string, from: number, flow: FlowState): LineScan {
  let deepest = flowLevel(flow);
  let keys = 0;
  let entries = 0;
  let lastValue: LineScan["lastValue"] = "none";
  let afterStray = false;
  for (let i = from; i < line.length; i++) {
    const c = line[i]!;
    if (flow.quote !== "") {
      if (c === "\\" && flow.quote === '"') i++;
      else if (c === "'" && flow.quote === "'" && line[i + 1] === "'") i++;
      else if (c === flow.quote) {
        flow.quote = "";
        flow.afterJsonNode = true;
      }
      continue;
    }
    if (isSpace(c)) continue;
    if (c === "#" && (i === 0 || isSpace(line[i - 1]))) break;
    const afterJsonNode = flow.afterJsonNode;
    const inFlow = flow.open.length > 0;
    // Text right after a quoted scalar or a closed bracket is invalid; the yaml package reads it as a
    // node nested one level deeper, and so does this count.
    const junk = afterJsonNode && !/[:,\]}]/.test(c);
    if (junk && inFlow) deepest = Math.max(deepest, enterEntry(flow, "nested"));
    else if (junk) entries++;
    const atNode = flow.nodeStarts || junk;
    flow.nodeStarts = false;
    const mayOpen = atNode || afterStray;
    afterStray = false;
    flow.afterJsonNode = false;
    if (atNode && (c === '"' || c === "'")) {
      flow.quote = c;
      if (!inFlow) lastValue = "none";
    } else if (atNode && (c === "&" || c === "!")) {
      // An anchor or a tag: the node itself starts after it.
      while (i + 1 < line.length && !/[\s,[\]{}]/.test(line[i + 1]!)) i++;
      flow.nodeStarts = true;
    } else if (c === "[" || c === "{") {
      if (inFlow || mayOpen) {
        const level = flowLevel(flow) + 1;
        flow.open.push({ bracket: c, level, around: flow.entry });
        flow.entry = NO_ENTRY;
        deepest = Math.max(deepest, level);
        flow.nodeStarts = true;
        lastValue = "none";
      }
    } else if (c === "]" || c === "}" || c === ",") {
      if (inFlow && c === ",") {
        flow.entry = NO_ENTRY;
        flow.nodeStarts = true;
      } else if (inFlow) {
        flow.entry = flow.open.pop()!.around;
        flow.afterJsonNode = true;
      } else if (atNode) {
        // Invalid where a node starts: the yaml package reads it as text, and a bracket or an
        // indicator right after it still opens a collection.
        afterStray = true;
        lastValue = "plain";
      }
    } else if (c === ":" && (isBlank(line[i + 1]) || (inFlow && (afterJsonNode || /[,[\]{}]/.test(line[i + 1]!))))) {
      flow.nodeStarts = true;
      if (inFlow) deepest = Math.max(deepest, enterEntry(flow, "keyed"));
      else if (atNode) entries++;
      else keys++;
      if (!inFlow) lastValue = "none";
    } else if ((c === "-" || c === "?") && mayOpen && isBlank(line[i + 1])) {
      flow.nodeStarts = true;
      if (inFlow) deepest = Math.max(deepest, enterEntry(flow, c === "?" ? "explicit" : "nested"));
      else entries++;
    } else if (atNode && !inFlow) {
      if ((c === "|" || c === ">") && /^[|>][-+0-9]*(\s+#.*)?\s*$/.test(line.slice(i))) {
        // A block scalar header: its body is the more indented lines below.
        lastValue = "block";
        break;
      }
      // After an invalid "|" or ">", read on as if a node started after it.
      flow.nodeStarts = c === "|" || c === ">";
      lastValue = c === "*" || flow.nodeStarts ? "none" : "plain";
    }
  }
  return { deepest, keys, entries, lastValue };
}

/** The nesting level at this point of a flow collection, or 0 outside one. */
function flowLevel(flow: FlowState): number {
  const top = flow.open[flow.open.length - 1];
  return top === undefined ? 0 : top.level + flow.entry.extra;
}

/**
 * Records a key indicator (":" or "?") or a "- " inside brackets, and returns the level now reached.
 * The first key of an entry in { } is the collection's own; in [ ] it makes the entry a mapping.
 */
function enterEntry(flow: FlowState, what: "keyed" | "explicit" | "nested"): number {
  const { extra, keyed } = flow.entry;
  const inBraces = flow.open[flow.open.length - 1]!.bracket === "{";
  if (what === "nested" || keyed === "keyed" || (what === "explicit" && keyed !== "none")) {
    flow.entry = { extra: extra + 1, keyed };
  } else if (keyed === "none") {
    flow.entry = { extra: inBraces ? extra : extra + 1, keyed: what };
  } else {
    flow.entry = { extra, keyed: "keyed" };
  }
  return flowLevel(flow);
}

export function isSpace(c: string | undefined): boolean {
  return c === " " || c === "\t" || c === "\r";
}

export function isBlank(c: string | undefined): boolean {
  return c === undefined || isSpace(c);
}
