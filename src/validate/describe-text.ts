// Names and quotes model-facing texts in messages: which text it is, and an excerpt that cannot
// smuggle invisible or control characters into the report itself.
import { describePointer, visibleJson } from "./describe-pointer.js";
import type { TextField } from "./walk.js";

/** "The tool description", "The tool title", "annotations.title", "inputSchema.properties.city.description". */
export function describeText(field: Pick<TextField, "pointer"> & Partial<Pick<TextField, "kind" | "target">>): string {
  if (field.pointer === "/description") return "The tool description";
  if (field.pointer === "/title") return "The tool title";
  if (field.kind === "property name") return `The property name ${describePointer(field.pointer)}`;
  if (field.kind === "schema value") return `${field.target === "key" ? "The key" : "The value"} ${describePointer(field.pointer)}`;
  return describePointer(field.pointer);
}

/** Where a finding about `field` points: at the text, or at the member name it is. */
export function textPlace(field: TextField): { readonly pointer: string; readonly target?: "key" } {
  return field.target ? { pointer: field.pointer, target: field.target } : { pointer: field.pointer };
}

/**
 * A JSON string literal of `text`, cut to about `max` characters, with every control, format or
 * default-ignorable character written as an escape so that the message shows what is really there.
 * @example quoteText("a\u200bb") // "\"a\\u200bb\""
 */
export function quoteText(text: string, max = 60): string {
  const chars = [...text];
  const cut = chars.length > max ? chars.slice(0, max - 1).join("") + "…" : text;
  return visibleJson(cut);
}

/** "U+200B" for a code point. */
export function codePointName(code: number): string {
  return "U+" + code.toString(16).toUpperCase().padStart(4, "0");
}
