// YAML text → where its comments, tags and anchors are: what an edit of one value must keep, drop or
// refuse to touch, and what the parsed document (values and their spans) no longer shows. Read from
// the yaml package's concrete syntax tree, so a "#" inside a quoted string or a block scalar is no comment.
import { createRequire } from "node:module";
import { withYamlLineBreaks } from "../load/parse-yaml.js";

// CommonJS, loaded on first use, as load/parse-yaml.ts loads it.
const require = createRequire(import.meta.url);
const yaml = () => require("yaml") as typeof import("yaml");

export interface YamlMark {
  readonly kind: "comment" | "tag" | "anchor";
  /** Half-open range of UTF-16 offsets into the text: "# …" to the end of its line, "!!str", "&name". */
  readonly start: number;
  readonly end: number;
}

const KINDS: ReadonlySet<string> = new Set<YamlMark["kind"]>(["comment", "tag", "anchor"]);

/**
 * Every comment, tag and anchor of `text`, in the order they are written.
 * @example yamlMarks("type: !!str string # why\n") // [{ kind: "tag", start: 6, end: 11 }, { kind: "comment", start: 19, end: 24 }]
 */
export function yamlMarks(text: string): YamlMark[] {
  const marks: YamlMark[] = [];
  // The tree's tokens sit in fields that differ by token type (a collection item's start and sep, a
  // scalar's end, a block scalar's props, a document's start and end): every object is searched.
  const pending: unknown[] = [...new (yaml().Parser)().parse(withYamlLineBreaks(text))];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== "object") continue;
    const { type, offset, source } = node as { type?: unknown; offset?: unknown; source?: unknown };
    if (typeof type === "string" && KINDS.has(type) && typeof offset === "number" && typeof source === "string") {
      marks.push({ kind: type as YamlMark["kind"], start: offset, end: offset + source.length });
    }
    for (const child of Object.values(node)) pending.push(child);
  }
  return marks.sort((a, b) => a.start - b.start);
}
