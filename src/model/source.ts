// Parsed documents with source positions, and the resolved tool that rules check.
import type { JsonObject, JsonValue } from "./json.js";

/** A file as read from disk: project-relative path with forward slashes, and its text. */
export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

/** Half-open range of UTF-16 offsets into the file text. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/** Where in a string value a finding is: its first UTF-16 code unit and how many. */
export interface StringPart {
  readonly index: number;
  readonly length: number;
}

/** Where one JSON node sits in its file: its key (for object members) and its value. */
export interface NodeSpan {
  readonly key?: TextRange;
  readonly value: TextRange;
  /**
   * YAML: the node is written once and read in more places than this one: it has an anchor, sits
   * inside a node that has one, or was reached through an alias. An edit of its text changes them all.
   */
  readonly shared?: true;
}

/** A parsed YAML or JSON document that remembers, for every JSON Pointer, where the node came from. */
export interface SourceDoc {
  readonly file: string;
  readonly text: string;
  readonly value: JsonValue;
  readonly spans: ReadonlyMap<string, NodeSpan>;
  /** Offsets at which each line starts; lineStarts[0] is 0. */
  readonly lineStarts: readonly number[];
}

/** Says that the wire subtree at `wirePointer` was copied from `sourcePointer` in `file`. */
export interface SourceMount {
  readonly wirePointer: string;
  readonly file: string;
  readonly sourcePointer: string;
}

/** One descriptor after `$ref` bundling: the exact wire Tool plus authoring data and provenance. */
export interface ResolvedTool {
  /** The descriptor file this tool came from. */
  readonly file: string;
  /** The Tool object exactly as tools/list returns it: bundled, without `x-mcp-gen`. */
  readonly wire: JsonObject;
  /** The authoring-only `x-mcp-gen` block, when present. */
  readonly authoring: JsonValue | undefined;
  /** Provenance of wire subtrees, most specific last; the first mount maps "" to the descriptor root. */
  readonly mounts: readonly SourceMount[];
}
