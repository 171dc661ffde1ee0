// Cheap linear scans that find where a file nests deeper than allowed, before any parser recurses
// into it. A YAML parser fed 1,000 nested levels can exhaust the stack (or worse), so the scans run
// first and err on the side of counting too deep.

/** Offset of the first opening bracket past `maxDepth`, or -1 when the JSON text stays within it. */
export function findJsonDepthExcess(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return -1;
}

/**
 * Offset of the first line whose estimated YAML nesting passes `maxDepth`, or -1. The estimate adds
 * two levels per enclosing indentation (a block sequence may share its parent key's column), one per
 * leading "- " on the line, and the open flow brackets; block scalar bodies are skipped.
 */
export function findYamlDepthExcess(text: string, maxDepth: number): number {
  const indents: number[] = [];
  let flowDepth = 0;
  let blockScalarIndent = -1;
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    const indent = line.length - line.trimStart().length;
    const content = line.trim();
    const isContent = content !== "" && !content.startsWith("#");
    if (blockScalarIndent >= 0 && (!isContent || indent > blockScalarIndent)) {
      lineStart = lineEnd + 1;
      continue;
    }
    blockScalarIndent = -1;
    if (isContent) {
      if (flowDepth === 0) {
        while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop();
        indents.push(indent);
      }
      // Each "- " (a sequence entry), "? " (an explicit key) or ": " (its value) that starts the rest of
      // the line opens one more level, however much space follows it.
      let dashes = 0;
      for (let rest = content; /^[-?:](\s|$)/.test(rest); rest = rest.slice(1).trimStart()) dashes++;
      // The deepest point of the line, not only its end: "[[[...]]]" on one line closes all it opens.
      const flow = scanFlowDepth(content, flowDepth);
      flowDepth = flow.depth;
      if (indents.length * 2 + dashes + Math.max(flow.deepest, 0) > maxDepth) return lineStart;
      if (/[|>][-+0-9]*\s*(#.*)?$/.test(content) && /:\s*[|>]|^-\s*[|>]|^[|>]/.test(content)) {
        blockScalarIndent = indent;
      }
    }
    lineStart = lineEnd + 1;
  }
  return -1;
}

/**
 * Flow-collection depth after a line, and the deepest it reached in it, ignoring brackets inside
 * quotes and comments, and, outside any flow collection, brackets inside a plain scalar ("An index in
 * [0, N)."): there a bracket opens a collection only where a value starts.
 */
function scanFlowDepth(line: string, start: number): { readonly depth: number; readonly deepest: number } {
  let depth = start;
  let deepest = start;
  let valueStarts = true;
  let quote = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== "") {
      if (quote === '"' && c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s[{,:]/.test(line[i - 1]!)) quote = c;
    } else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]!))) {
      break;
    } else if (c === "[" || c === "{") {
      if (depth > 0 || valueStarts) {
        depth++;
        if (depth > deepest) deepest = depth;
      }
    } else if (c === "]" || c === "}") {
      if (depth > 0) depth--;
    }
    // Outside flow, a value starts at the line's start, after "- ", "? " or ": " (and an anchor or a
    // tag written before it), and nowhere else.
    if (depth === 0 && quote === "" && !/\s/.test(c)) {
      if (valueStarts && (c === "&" || c === "!")) {
        while (i + 1 < line.length && !/\s/.test(line[i + 1]!)) i++;
        continue;
      }
      valueStarts = (c === "-" || c === "?" || c === ":") && (i + 1 === line.length || /\s/.test(line[i + 1]!));
    }
  }
  return { depth, deepest };
}
