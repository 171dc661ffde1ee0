// Turns a wire pointer into the dotted path users recognise in messages: /inputSchema/properties/a → inputSchema.properties.a
import { splitPointer } from "../model/pointer.js";

export function describePointer(pointer: string): string {
  if (pointer === "") return "the tool";
  return splitPointer(pointer)
    .map((token, i) => (/^(0|[1-9][0-9]*)$/.test(token) ? `[${token}]` : /^[A-Za-z_$][\w$-]*$/.test(token) ? (i === 0 ? token : `.${token}`) : `[${JSON.stringify(token)}]`))
    .join("");
}

/** A value as short JSON for a message: `"yes"`, `42`, `an object`, `an array`. */
export function shortJson(value: unknown): string {
  if (value === undefined) return "missing";
  const text = JSON.stringify(value);
  if (text.length <= 40) return text;
  if (Array.isArray(value)) return "an array";
  if (value !== null && typeof value === "object") return "an object";
  return text.slice(0, 39) + "…" + (typeof value === "string" ? '"' : "");
}
