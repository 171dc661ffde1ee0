// JSON text → value plus a span for every JSON Pointer. Strict RFC 8259: no comments, no trailing
// commas, no duplicate keys. Never recurses deeper than the limit it was given.
import { createRequire } from "node:module";
import type { Node, ParseError } from "jsonc-parser";
import type { Diagnostic } from "../model/diagnostic.js";
import { defineOwn, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";
import type { NodeSpan } from "../model/source.js";
import { diagnosticAt, quote } from "./diagnostic-at.js";
import { WHOLE_FILE_HINTS, type FileRole } from "./file-role.js";
import type { LoadLimits } from "./limits.js";
import { inexactNumberText, inexactWholeNumber, underflowsToZero, underflowText } from "./number-precision.js";
import { findJsonDepthExcess } from "./measure-nesting.js";
import { jsonUnclosedOpeners } from "./json-unclosed.js";
import { unclosedHint, unclosedMessage, withinText } from "./unclosed-openers.js";
import { isJsonSpace, lengthWithoutTrailing } from "../model/trim-text.js";

// CommonJS, loaded on the first text that JSON.parse alone cannot take (fast-json.ts) or whose spans are needed.
// Node's module cache keeps it for the next text.
const require = createRequire(import.meta.url);
const jsonc = () => require("jsonc-parser") as typeof import("jsonc-parser");

export interface ParsedText {
  readonly value: JsonValue | undefined;
  readonly spans: Map<string, NodeSpan>;
  readonly diagnostics: Diagnostic[];
}

const JSON_ERROR_TEXT: Record<string, string> = {
  InvalidSymbol: "unexpected character here",
  InvalidNumberFormat: "malformed number here",
  PropertyNameExpected: "expected a property name here",
  ValueExpected: "expected a value here",
  ColonExpected: "expected a colon here",
  CommaExpected: "expected a comma here",
  CloseBraceExpected: "expected a closing brace here",
  CloseBracketExpected: "expected a closing bracket here",
  EndOfFileExpected: "unexpected text after the end of the document",
  InvalidCommentToken: "comments are not allowed in JSON",
  UnexpectedEndOfComment: "unterminated comment",
  UnexpectedEndOfString: "unterminated string",
  UnexpectedEndOfNumber: "unterminated number",
  InvalidUnicode: "invalid \\u escape",
  InvalidEscapeCharacter: "invalid escape character",
  InvalidCharacter: "control character inside a string",
};

export function parseJsonText(file: string, text: string, lineStarts: readonly number[], limits: LoadLimits, role: FileRole = "descriptor"): ParsedText {
  const spans = new Map<string, NodeSpan>();
  const diagnostics: Diagnostic[] = [];
  const at = (start: number, end: number, ruleId: string, message: string, hint?: string) =>
    diagnostics.push(diagnosticAt(file, lineStarts, { start, end }, { ruleId, severity: "error", message, ...(hint ? { hint } : {}) }));

  const excess = findJsonDepthExcess(text, limits.maxDepth);
  if (excess !== -1) {
    at(
      excess,
      excess + 1,
      "load-too-deep",
      `${file} nests objects and arrays more than ${limits.maxDepth} levels deep.`,
      "Flatten the schema with $defs and $ref, or raise load.maxDepth in mcp-gen.config.yaml.",
    );
    return { value: undefined, spans, diagnostics };
  }
  const content = text.slice(0, lengthWithoutTrailing(text, isJsonSpace));
  if (content === "") {
    at(0, 0, "json-syntax", `${file} is empty.`, WHOLE_FILE_HINTS[role].emptyJson);
    return { value: undefined, spans, diagnostics };
  }
  const errors: ParseError[] = [];
  const root = jsonc().parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  // Later errors are usually echoes of the first; report only the first.
  const first = errors[0];
  // The text ends inside a { or [: the parser gives up at the end, past the last line; the opener is the mistake.
  const open = first && first.offset >= content.length ? jsonUnclosedOpeners(text) : [];
  if (open.length > 0) {
    const innermost = open[open.length - 1]!;
    at(innermost.offset, innermost.offset + 1, "json-syntax", unclosedMessage(file, "JSON", innermost, lineStarts), unclosedHint(open, lineStarts));
  } else if (first) {
    const code = jsonc().printParseErrorCode(first.error);
    const trailingComma = (code === "PropertyNameExpected" || code === "ValueExpected") && /,\s*$/.test(text.slice(0, first.offset));
    const { start, end } = withinText(text, { start: first.offset, end: first.offset + Math.max(first.length, 1) });
    at(
      start,
      end,
      "json-syntax",
      `${file} is not valid JSON: ${trailingComma ? "trailing commas are not allowed" : (JSON_ERROR_TEXT[code] ?? code)}.`,
      trailingComma ? "Remove the comma before this point." : code === "InvalidCommentToken" ? WHOLE_FILE_HINTS[role].jsonComment : "Fix the JSON syntax here.",
    );
  }
  if (errors.length > 0 || root === undefined) {
    if (errors.length === 0) at(0, 0, "json-syntax", `${file} is empty.`, WHOLE_FILE_HINTS[role].emptyJson);
    return { value: undefined, spans, diagnostics };
  }
  const nodeCount = countNodes(root, limits.maxNodes);
  if (nodeCount > limits.maxNodes) {
    at(0, 1, "load-too-many-nodes", `${file} holds more than ${limits.maxNodes} values.`, "Split the schema into smaller files shared with $ref, or raise load.maxNodes in mcp-gen.config.yaml.");
    return { value: undefined, spans, diagnostics };
  }
  const value = convertNode(root, "", undefined, spans, (start, end, message, hint) => at(start, end, "json-duplicate-key", message, hint));
  for (const [pointer, span] of spans) {
    const literal = text.slice(span.value.start, span.value.end);
    if (/^-?[0-9]/.test(literal) && !Number.isFinite(Number(literal))) {
      at(
        span.value.start,
        span.value.end,
        "json-number-range",
        `The number ${literal} is too large for a JSON number to hold (it reads as infinity).`,
        "Use a number within ±1.7976931348623157e308, or quote it to keep it as a string.",
      );
    } else if (/^-?[0-9]/.test(literal) && underflowsToZero(literal, Number(literal))) {
      const { message, hint } = underflowText(literal, pointer);
      diagnostics.push(diagnosticAt(file, lineStarts, span.value, { ruleId: "load-number-underflow", severity: "error", message, hint, pointer }));
    } else if (/^-?[0-9]/.test(literal)) {
      const readAs = inexactWholeNumber(literal, Number(literal));
      if (readAs !== undefined) {
        const { message, hint } = inexactNumberText(literal, readAs);
        diagnostics.push(diagnosticAt(file, lineStarts, span.value, { ruleId: "load-number-precision", severity: "warning", message, hint, pointer }));
      }
    }
  }
  return { value, spans, diagnostics };
}

/** Counts values up to `stop`, iteratively. */
function countNodes(root: Node, stop: number): number {
  let count = 0;
  const stack: Node[] = [root];
  while (stack.length > 0 && count <= stop) {
    const node = stack.pop()!;
    if (node.type !== "property") count++;
    if (node.children) stack.push(...(node.type === "property" ? node.children.slice(1) : node.children));
  }
  return count;
}

type ReportDuplicate = (start: number, end: number, message: string, hint: string) => void;

function convertNode(node: Node, pointer: string, key: Node | undefined, spans: Map<string, NodeSpan>, duplicate: ReportDuplicate): JsonValue {
  spans.set(pointer, {
    ...(key ? { key: { start: key.offset, end: key.offset + key.length } } : {}),
    value: { start: node.offset, end: node.offset + node.length },
  });
  switch (node.type) {
    case "object": {
      const out: Record<string, JsonValue> = {};
      const seen = new Set<string>();
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (!keyNode || !valueNode) continue;
        const name = String(keyNode.value);
        if (seen.has(name)) {
          duplicate(
            keyNode.offset,
            keyNode.offset + keyNode.length,
            `Key ${quote(name)} appears more than once in this object.`,
            "Remove one of the duplicate keys; JSON readers disagree about which one wins.",
          );
          continue;
        }
        seen.add(name);
        defineOwn(out, name, convertNode(valueNode, joinPointer(pointer, name), keyNode, spans, duplicate));
      }
      return out;
    }
    case "array":
      return (node.children ?? []).map((child, i) => convertNode(child, joinPointer(pointer, i), undefined, spans, duplicate));
    case "string":
    case "number":
    case "boolean":
      return node.value as JsonValue;
    default:
      return null;
  }
}
