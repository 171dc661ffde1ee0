// YAML text → JSON value plus a span for every JSON Pointer. Only JSON-compatible YAML gets through:
// duplicate keys, merge keys, non-core tags and core tags on a value they do not fit, non-finite
// numbers and complex keys are errors, and aliases expand within a node budget so an alias bomb
// stops early. An unquoted scalar that YAML 1.1 reads as another value (`on`, 0777) is a warning.
import { createRequire } from "node:module";
import type { Alias, Document, Node, ParsedNode, Scalar, YAMLMap } from "yaml";
import type { Diagnostic } from "../model/diagnostic.js";
import { defineOwn, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";
import type { NodeSpan, TextRange } from "../model/source.js";
import { diagnosticAt, quote } from "./diagnostic-at.js";
import { WHOLE_FILE_HINTS, type FileRole } from "./file-role.js";
import type { LoadLimits } from "./limits.js";
import { inexactNumberText, inexactWholeNumber, underflowsToZero, underflowText } from "./number-precision.js";
import { findYamlDepthExcess } from "./yaml-nesting.js";
import { yaml11Difference } from "./yaml-1-1-scalar.js";
import { findIndentationSlip, type IndentationSlip } from "./yaml-indentation.js";
import { firstUnclosedOpeners } from "./yaml-unclosed.js";
import { unclosedHint, unclosedMessage, withinText } from "./unclosed-openers.js";
import type { ParsedText } from "./parse-json.js";

// CommonJS, loaded on the first YAML text: a project of JSON descriptors never pays for it (Node's
// module cache keeps it for the next one).
const require = createRequire(import.meta.url);
const yaml = () => require("yaml") as typeof import("yaml");

const CORE_TAGS: ReadonlySet<string> = new Set(["str", "int", "float", "bool", "null", "map", "seq"].map((t) => `tag:yaml.org,2002:${t}`));

/**
 * What each core tag may stand before, as the yaml package resolved the node, and what to write
 * instead. Where the tag does not fit (`!!int forty`, `!!str [a]`, `!!float 1`, which YAML 1.2 reads
 * as 1.0), the package keeps the value as written and only warns, while other YAML readers refuse
 * the file or read another value: a descriptor must mean one thing to every reader.
 */
const TAG_FITS: Readonly<Record<string, { readonly fits: (node: ParsedNode, yaml: typeof import("yaml")) => boolean; readonly write: string }>> = {
  "tag:yaml.org,2002:str": { fits: (node, yaml) => yaml.isScalar(node) && typeof node.value === "string", write: "a scalar" },
  "tag:yaml.org,2002:int": { fits: (node, yaml) => yaml.isScalar(node) && Number.isInteger(node.value), write: "a whole number (42)" },
  "tag:yaml.org,2002:float": { fits: (node, yaml) => yaml.isScalar(node) && typeof node.value === "number", write: "a number with a decimal point or an exponent (1.0, 1.0e+3)" },
  "tag:yaml.org,2002:bool": { fits: (node, yaml) => yaml.isScalar(node) && typeof node.value === "boolean", write: "true or false" },
  "tag:yaml.org,2002:null": { fits: (node, yaml) => yaml.isScalar(node) && node.value === null, write: "null or ~" },
  "tag:yaml.org,2002:map": { fits: (node, yaml) => yaml.isMap(node), write: "a mapping" },
  "tag:yaml.org,2002:seq": { fits: (node, yaml) => yaml.isSeq(node), write: "a sequence" },
};

class LoadAbort extends Error {}

/**
 * `source` as the yaml package should read it. YAML 1.2 ends a line at a lone "\r" too, which the
 * package does not: each becomes "\n", one character for one, so every offset still points into the
 * text as written.
 */
export function withYamlLineBreaks(source: string): string {
  return source.includes("\r") ? source.replace(/\r(?!\n)/g, "\n") : source;
}

export function parseYamlText(file: string, source: string, lineStarts: readonly number[], limits: LoadLimits, role: FileRole = "descriptor"): ParsedText {
  const text = withYamlLineBreaks(source);
  const spans = new Map<string, NodeSpan>();
  const diagnostics: Diagnostic[] = [];
  const error = (range: TextRange, ruleId: string, message: string, hint: string, pointer = "") =>
    diagnostics.push(diagnosticAt(file, lineStarts, range, { ruleId, severity: "error", message, hint, pointer }));

  const excess = findYamlDepthExcess(text, limits.maxDepth);
  if (excess !== -1) {
    error(
      { start: excess, end: excess },
      "load-too-deep",
      `${file} nests mappings and sequences more than ${limits.maxDepth} levels deep.`,
      "Flatten the schema with $defs and $ref, or raise load.maxDepth in mcp-gen.config.yaml.",
    );
    return { value: undefined, spans, diagnostics };
  }
  const yamlModule = yaml();
  const doc = yamlModule.parseDocument(text, { merge: false, uniqueKeys: true, prettyErrors: false, strict: true, version: "1.2", schema: "core" });
  // Report every duplicate key, but only the first syntax error: later ones are usually echoes.
  const firstSyntax = doc.errors.find((e) => e.code !== "DUPLICATE_KEY");
  for (const e of doc.errors) {
    const [start, end] = e.pos;
    if (e.code === "DUPLICATE_KEY") {
      const key = /^\s*("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^:\n]*?)\s*:/.exec(text.slice(start, start + 2048))?.[1] ?? text.slice(start, end);
      error(
        { start, end: start + key.length },
        "yaml-duplicate-key",
        `Key ${quote(key.replace(/^["']|["']$/g, ""))} appears more than once in this mapping.`,
        "Remove one of the duplicate keys; YAML readers disagree about which one wins.",
      );
    } else if (e === firstSyntax) {
      if (e.code === "MULTIPLE_DOCS") {
        error({ start, end }, "yaml-syntax", `${file} holds more than one YAML document.`, WHOLE_FILE_HINTS[role].multipleDocuments);
      } else {
        // A {, [ or quote left open above the error swallowed the lines up to it: that is the mistake.
        const open = firstUnclosedOpeners(yamlModule, text);
        const slip = findIndentationSlip(text, e, doc.errors);
        if (open.length > 0 && open[0]!.offset <= start) {
          const innermost = open[open.length - 1]!;
          error({ start: innermost.offset, end: innermost.offset + 1 }, "yaml-syntax", unclosedMessage(file, "YAML", innermost, lineStarts), unclosedHint(open, lineStarts));
        } else if (slip === undefined) {
          error(withinText(text, { start, end }), "yaml-syntax", `${file} is not valid YAML: ${firstLine(e.message)}`, "Fix the YAML syntax here.");
        } else error(slip, "yaml-syntax", indentationMessage(file, slip), indentationHint(slip));
      }
    }
  }
  if (doc.errors.length > 0) return { value: undefined, spans, diagnostics };
  // mcp-gen reads YAML 1.2. A file that declares another version asks its readers for that one's
  // rules (in 1.1, `yes` and `on` are true and 0777 is octal), which the yaml package does not follow.
  const version = /^%YAML[ \t]+(\S+)/m.exec(text);
  if (version !== null && version[1] !== "1.2") {
    error(
      { start: version.index, end: version.index + version[0].length },
      "yaml-version",
      `${file} declares YAML ${version[1]}, which mcp-gen does not read: YAML 1.1 readers read yes, no, on and off as booleans and 0777 as octal, and YAML 1.2 (what mcp-gen reads) does not.`,
      'Remove the %YAML line and write the file as YAML 1.2 (true and false for booleans, quotes around text such as "yes", 511 for octal 0777), or write %YAML 1.2.',
    );
    return { value: undefined, spans, diagnostics };
  }
  if (doc.contents === null) {
    error({ start: 0, end: 0 }, "yaml-syntax", `${file} is empty.`, WHOLE_FILE_HINTS[role].emptyYaml);
    return { value: undefined, spans, diagnostics };
  }
  const warning: ReportError = (range, ruleId, message, hint, pointer = "") => diagnostics.push(diagnosticAt(file, lineStarts, range, { ruleId, severity: "warning", message, hint, pointer }));
  const converter = new YamlConverter(yamlModule, doc, text, spans, limits, error, warning);
  try {
    return { value: converter.convert(doc.contents, "", undefined, 0), spans, diagnostics };
  } catch (e) {
    if (e instanceof LoadAbort) return { value: undefined, spans, diagnostics };
    throw e;
  }
}

function indentationMessage(file: string, slip: IndentationSlip): string {
  const above = slip.above === undefined ? "" : `; the line above is indented ${slip.above}`;
  return `${file} is not valid YAML: this line is indented ${spaces(slip.indent)}, which lines it up with no key or item it could belong to${above}.`;
}

function indentationHint(slip: IndentationSlip): string {
  const beside = slip.above === undefined ? "" : ` (${spaces(slip.above)} to sit beside the line above)`;
  return `Indent it exactly as far as the key or item it belongs beside${beside}, or further than the key it belongs under.`;
}

function spaces(n: number): string {
  return n === 1 ? "1 space" : `${n} spaces`;
}

type ReportError = (range: TextRange, ruleId: string, message: string, hint: string, pointer?: string) => void;

class YamlConverter {
  private nodes = 0;
  private aliasNodes = 0;
  private readonly expanding: { target: Node; range: TextRange }[] = [];
  /** How many nodes with an anchor the conversion is inside. */
  private anchoredDepth = 0;

  constructor(
    private readonly yaml: typeof import("yaml"),
    private readonly doc: Document,
    private readonly text: string,
    private readonly spans: Map<string, NodeSpan>,
    private readonly limits: LoadLimits,
    private readonly report: ReportError,
    private readonly warn: ReportError,
  ) {}

  // Nodes are the yaml library's parsed nodes; a mapping entry without a value has no node at all
  // (its value is null), which convertMap handles before anything here could read a field of it.
  convert(node: ParsedNode, pointer: string, keyRange: TextRange | undefined, depth: number): JsonValue {
    const range = rangeOf(node);
    this.count(range, pointer);
    // `depth` collections hold this node, so a mapping or a sequence here is level depth + 1, as
    // JSON counts it (a scalar adds no level).
    if (depth >= this.limits.maxDepth && (this.yaml.isMap(node) || this.yaml.isSeq(node))) {
      this.fail(
        range,
        "load-too-deep",
        `This value nests more than ${this.limits.maxDepth} levels deep.`,
        "Flatten the schema with $defs and $ref, or raise load.maxDepth in mcp-gen.config.yaml.",
        pointer,
      );
    }
    if (this.yaml.isAlias(node)) return this.expandAlias(node, pointer, keyRange, depth);
    const anchored = node.anchor !== undefined;
    this.setSpan(pointer, keyRange ? { key: keyRange, value: range } : { value: range }, anchored);
    if (!anchored) return this.convertNode(node, range, pointer, depth);
    this.anchoredDepth++;
    try {
      return this.convertNode(node, range, pointer, depth);
    } finally {
      this.anchoredDepth--;
    }
  }

  /** Records where the node at `pointer` is, marked shared inside an anchored node or an alias's expansion. */
  private setSpan(pointer: string, span: { readonly key?: TextRange; readonly value: TextRange }, anchored = false): void {
    this.spans.set(pointer, anchored || this.anchoredDepth > 0 || this.expanding.length > 0 ? { ...span, shared: true } : span);
  }

  private convertNode(node: ParsedNode, range: TextRange, pointer: string, depth: number): JsonValue {
    const tag = node.tag;
    if (tag !== undefined && !CORE_TAGS.has(tag)) {
      this.fail(
        range,
        "yaml-unsupported-tag",
        `The YAML tag ${quote(tag.replace(/^tag:yaml\.org,2002:/, "!!"))} does not produce a JSON value.`,
        "Remove the tag and write the value as a plain string, number, boolean, null, mapping or sequence.",
        pointer,
      );
    }
    const fit = tag === undefined ? undefined : TAG_FITS[tag];
    if (fit !== undefined && !fit.fits(node, this.yaml)) {
      this.fail(
        range,
        "yaml-unsupported-tag",
        `The YAML tag ${quote(tag!.replace(/^tag:yaml\.org,2002:/, "!!"))} does not fit the value written after it, and YAML readers disagree about what the two give.`,
        `Remove the tag, or write ${fit.write} after it.`,
        pointer,
      );
    }
    if (this.yaml.isMap(node)) return this.convertMap(node as YAMLMap.Parsed, pointer, depth);
    if (this.yaml.isSeq(node)) {
      return node.items.map((item, i) => {
        if (this.yaml.isPair(item)) this.fail(range, "yaml-syntax", "This sequence holds a bare key-value pair.", "Wrap the pair in { } to make it a mapping.", pointer);
        return this.convert(item as ParsedNode, joinPointer(pointer, i), undefined, depth + 1);
      });
    }
    if (this.yaml.isScalar(node)) {
      const value = this.convertScalar(node.value, range, pointer);
      this.warnYaml11(node, value, range, "value", pointer);
      return value;
    }
    this.fail(range, "yaml-syntax", "This YAML node has no JSON equivalent.", "Use a plain mapping, sequence or scalar.", pointer);
  }

  private convertMap(map: YAMLMap.Parsed, pointer: string, depth: number): JsonValue {
    const out: Record<string, JsonValue> = {};
    let previous: ParsedNode | null = null;
    for (const pair of map.items) {
      const keyNode: ParsedNode | null = pair.key;
      const keyRange = rangeOf(keyNode);
      if (!this.yaml.isScalar(keyNode) || (keyNode.value !== null && typeof keyNode.value === "object")) {
        this.fail(keyRange, "yaml-complex-key", "This mapping key is a collection or alias, which JSON cannot represent.", "Use a plain string key.", pointer);
      }
      if (keyNode.value === null) {
        this.fail(keyRange, "yaml-complex-key", "This mapping key is null, which JSON cannot represent.", "Use a plain string key.", pointer);
      }
      const name = String(keyNode.value);
      // A member's name is text. A key YAML reads as a number or boolean names the member by that
      // value as JavaScript writes it, and only where that is the key as written do readers agree
      // (`0x1F` is "31" here, 1.0 is "1" here and "1.0" in Python): anything else is refused.
      if (typeof keyNode.value !== "string") {
        const written = this.text.slice(keyRange.start, keyRange.end);
        if (written !== name) {
          this.fail(
            keyRange,
            "yaml-non-string-key",
            `The key ${quote(written)} is read as the ${typeof keyNode.value} ${name}, so the member is named ${quote(name)}, not ${quote(written)}; YAML readers disagree about such names.`,
            `Quote the key ("${written}") to name the member as written, or write ${quote(name)}.`,
            pointer,
          );
        }
      }
      // Two keys YAML tells apart (true and "true", 1 and "1") that name the same member.
      if (Object.hasOwn(out, name)) {
        this.fail(
          keyRange,
          "yaml-duplicate-key",
          `Key ${quote(this.text.slice(keyRange.start, keyRange.end))} names the member ${quote(name)}, which an earlier key of this mapping names too.`,
          "Remove one of the two keys; YAML readers disagree about which one wins.",
          pointer,
        );
      }
      if (name === "<<" && keyNode.type === "PLAIN") {
        this.fail(
          keyRange,
          "yaml-merge-key",
          'The YAML merge key "<<" is not part of YAML 1.2, and readers disagree on what it does.',
          'Write the merged keys out in full, or quote "<<" if you mean a literal key.',
          pointer,
        );
      }
      const childPointer = joinPointer(pointer, name);
      this.warnYaml11(keyNode, keyNode.value as string | number | boolean, keyRange, "key", childPointer);
      const value = pair.value === null ? this.absentValue(map, keyNode, previous, keyRange, childPointer) : this.convert(pair.value, childPointer, keyRange, depth + 1);
      defineOwn(out, name, value);
      previous = pair.value;
    }
    return out;
  }

  /**
   * A key written without ":" and a value. YAML reads it as null; inside { } that is almost always a
   * slip (an unquoted comma ends the value before it: `{ description: Path of the file, relative to
   * it. }`), so it is an error there unless the key is explicit (`? key`).
   */
  private absentValue(map: YAMLMap.Parsed, key: Scalar.Parsed, previous: ParsedNode | null, keyRange: TextRange, pointer: string): JsonValue {
    this.count(keyRange, pointer);
    this.setSpan(pointer, { key: keyRange, value: keyRange });
    if (!map.flow || /\?\s*$/.test(this.text.slice(Math.max(0, keyRange.start - 64), keyRange.start))) return null;
    const name = String(key.value);
    const split = previous !== null && this.yaml.isScalar(previous) && previous.type === "PLAIN" && /^\s*,\s*$/.test(this.text.slice(rangeOf(previous).end, keyRange.start));
    const message = split
      ? `${quote(name)} inside { } is a key without a value: the unquoted comma before it ended the value ${quote(String(previous.value))}.`
      : `The key ${quote(name)} inside { } has no ":" and no value.`;
    const hint = split
      ? `If the comma belongs to the text, quote it all: ${quote(this.text.slice(rangeOf(previous).start, keyRange.end), 120)}; if ${quote(name)} is a key, give it a value after a colon.`
      : "Remove it, or give it a value after a colon.";
    this.fail(keyRange, "yaml-key-without-value", message, hint, pointer);
  }

  private convertScalar(value: unknown, range: TextRange, pointer: string): JsonValue {
    if (typeof value === "number" && !Number.isFinite(value)) {
      // 1e400 is a number YAML reads as infinity, as JSON would; .inf and .nan name no number JSON has.
      const literal = this.text.slice(range.start, range.end).trim();
      const message = /^[-+]?\.?[0-9]/.test(literal)
        ? `The number ${literal} is too large for a JSON number to hold (it reads as ${String(value)}).`
        : `The number ${String(value)} has no JSON representation.`;
      this.fail(range, "yaml-non-json-value", message, "Use a finite number, or quote the value to keep it as a string.", pointer);
    }
    if (value === 0) {
      const literal = this.text.slice(range.start, range.end).trim();
      if (underflowsToZero(literal, value)) {
        const { message, hint } = underflowText(literal, pointer);
        this.fail(range, "load-number-underflow", message, hint, pointer);
      }
    }
    if (typeof value === "number" && !Number.isSafeInteger(value) && Number.isInteger(value)) {
      const literal = this.text.slice(range.start, range.end).trim();
      const readAs = inexactWholeNumber(literal, value);
      if (readAs !== undefined) {
        const { message, hint } = inexactNumberText(literal, readAs);
        this.warn(range, "load-number-precision", message, hint, pointer);
      }
    }
    if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
    this.fail(range, "yaml-non-json-value", "This YAML scalar does not produce a JSON value.", "Write a string, number, boolean or null.", pointer);
  }

  /**
   * Warns where YAML 1.1 reads a plain scalar as another value (`on`, 0777, 1:20). Quoted and block
   * scalars read alike in both; an alias's expansion is the anchored node, warned about where it is.
   */
  private warnYaml11(node: Scalar.Parsed, read: JsonValue, range: TextRange, role: "key" | "value", pointer: string): void {
    if (node.type !== "PLAIN" || this.expanding.length > 0 || (read !== null && typeof read === "object")) return;
    const text = typeof node.source === "string" ? node.source : this.text.slice(range.start, range.end);
    const difference = yaml11Difference(text, read, role, node.tag);
    if (difference !== undefined) this.warn(range, "yaml-1-1-scalar", difference.message, difference.hint, pointer);
  }

  private expandAlias(alias: Alias.Parsed, pointer: string, keyRange: TextRange | undefined, depth: number): JsonValue {
    const target = alias.resolve(this.doc) as ParsedNode | undefined;
    const range = rangeOf(alias);
    if (target === undefined) {
      this.fail(range, "yaml-syntax", `The alias *${alias.source} names no anchor.`, `Define &${alias.source} before using it.`, pointer);
    }
    if (this.expanding.some((e) => e.target === target)) {
      this.fail(range, "yaml-alias-cycle", `The alias *${alias.source} refers to a node that contains it.`, "Break the cycle; JSON values cannot contain themselves.", pointer);
    }
    this.expanding.push({ target, range });
    const value = this.convert(target, pointer, keyRange, depth);
    this.expanding.pop();
    return value;
  }

  private count(range: TextRange, pointer: string): void {
    this.nodes++;
    if (this.expanding.length > 0 && ++this.aliasNodes > this.limits.maxAliasNodes) {
      this.fail(
        this.expanding[0]!.range,
        "yaml-alias-limit",
        `YAML aliases in this file expand to more than ${this.limits.maxAliasNodes} nodes.`,
        "Write the repeated parts out, share them with $ref, or raise load.maxAliasNodes in mcp-gen.config.yaml.",
        pointer,
      );
    }
    if (this.nodes > this.limits.maxNodes) {
      this.fail(
        range,
        "load-too-many-nodes",
        `This file holds more than ${this.limits.maxNodes} values.`,
        "Split the schema into smaller files, or raise load.maxNodes in mcp-gen.config.yaml.",
        pointer,
      );
    }
  }

  private fail(range: TextRange, ruleId: string, message: string, hint: string, pointer: string): never {
    this.report(range, ruleId, message, hint, pointer);
    throw new LoadAbort();
  }
}

function rangeOf(node: unknown): TextRange {
  const range = (node as { range?: readonly [number, number, number] | null } | null)?.range;
  return range ? { start: range[0], end: range[1] } : { start: 0, end: 0 };
}

function firstLine(message: string): string {
  const line = message.split("\n")[0]!.trim();
  return line.endsWith(".") ? line : line + ".";
}
