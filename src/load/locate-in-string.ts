// A part of a string value (an index and length in UTF-16 code units, as a rule finds it) → its range
// in the file: the offending character of a description, not the description's first quote. Exact
// or nothing: when the node's text cannot be read back to the value (an alias, a tag, a pointer that
// names no string), the caller points at the whole value as before.
import { valueAt } from "../model/json.js";
import { splitPointer } from "../model/pointer.js";
import type { SourceDoc, StringPart, TextRange } from "../model/source.js";
import { scalarOffsets } from "./string-offsets.js";

/**
 * The range in `doc.text` of `part` of the string at `pointer` (its value, or with `target` "key"
 * the member name), or undefined when that cannot be said exactly.
 * @example rangeOfStringPart(doc, "/description", "value", { index: 4, length: 1 })
 */
export function rangeOfStringPart(doc: SourceDoc, pointer: string, target: "key" | "value", part: StringPart): TextRange | undefined {
  const span = doc.spans.get(pointer);
  const range = target === "key" ? span?.key : span?.value;
  if (range === undefined) return undefined;
  const tokens = splitPointer(pointer);
  const value = target === "key" ? tokens.at(-1) : valueAt(doc.value, tokens);
  if (typeof value !== "string" || part.index < 0 || part.length < 1 || part.index + part.length > value.length) return undefined;
  const raw = doc.text.slice(range.start, range.end);
  const offsets = scalarOffsets(raw, value);
  if (offsets === undefined) return undefined;
  const start = offsets[part.index]!;
  const last = offsets[part.index + part.length - 1]!;
  // To the end of the last character as written (all of an escape), unless a line break comes first.
  const next = offsets[part.index + part.length]!;
  const end = next > last && !/[\r\n]/.test(raw.slice(last, next)) ? next : last + 1;
  return { start: range.start + start, end: range.start + Math.max(end, start + 1) };
}
