// Turns a wire pointer into the dotted path users recognise in messages: /inputSchema/properties/a → inputSchema.properties.a
import { splitPointer } from "../model/pointer.js";
import { cutText } from "../diff/cut-text.js";

export function describePointer(pointer: string): string {
  if (pointer === "") return "the tool";
  return splitPointer(pointer)
    .map((token, i) => (/^(0|[1-9][0-9]*)$/.test(token) ? `[${token}]` : /^[A-Za-z_$][\w$-]*$/.test(token) ? (i === 0 ? token : `.${token}`) : `[${visibleJson(token)}]`))
    .join("");
}

const UNSEEN = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/gu;

/**
 * A JSON string literal of `text` with every control, format or default-ignorable character written
 * as an escape, so that a message shows what is really there and smuggles nothing into the report.
 * @example visibleJson("a\u200bb") // "\"a\\u200bb\""
 */
export function visibleJson(text: string): string {
  return JSON.stringify(text).replace(UNSEEN, (c) => {
    const code = c.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

/** A value as short JSON for a message: `"yes"`, `42`, `an object`, `an array`. */
export function shortJson(value: unknown): string {
  if (value === undefined) return "missing";
  const text = JSON.stringify(value);
  if (text.length <= 40) return text;
  if (Array.isArray(value)) return "an array";
  if (value !== null && typeof value === "object") return "an object";
  return cutText(text, 40) + (typeof value === "string" ? '"' : "");
}
